import {
  ApiError,
  ConnectionError,
  connectionReason,
  readRateLimit,
  TimeoutError,
  type RateLimit,
} from './errors.js';
import { mayRepeat, send, serverWaitMs, type ClientCore } from './http.js';
import { OperationCall } from './operation-call.js';
import type { OperationSpec, RequestOptions } from './types.js';

/**
 * When and how often a stream reconnects, after X's guidance: back off linearly after network
 * errors, exponentially after HTTP errors, and exponentially from a minute after a 429.
 */
export interface ReconnectOptions {
  /** Give up after this many failed attempts in a row (the last error is thrown). Default: never. */
  maxAttempts?: number;
  /** After a network error (refused, reset, dropped, stalled): wait this much more each attempt. Default 250. */
  networkStepMs?: number;
  /** The longest wait after network errors. Default 16,000. */
  networkMaxMs?: number;
  /** After an HTTP error (5xx): the first wait, doubled each attempt. Default 5,000. */
  httpInitialMs?: number;
  /** The longest wait after HTTP errors. Default 320,000. */
  httpMaxMs?: number;
  /** After a 429: the first wait, doubled each attempt (longer when the rate-limit reset is further off). Default 60,000. */
  rateLimitInitialMs?: number;
  /** The longest wait after 429s. Default 960,000. */
  rateLimitMaxMs?: number;
  /** Called before each wait, e.g. to log why the stream reconnects. */
  onReconnect?: (event: ReconnectEvent) => void;
}

/** Why and when a stream is about to reconnect. */
export interface ReconnectEvent {
  /** 1 for the first reconnection after a healthy connection, 2 for the next failure in a row, ... */
  attempt: number;
  /** `network`: refused, reset, dropped, stalled or closed by the server; `http`: a 5xx; `rate-limit`: a 429. */
  kind: 'network' | 'http' | 'rate-limit';
  delayMs: number;
  error: Error;
}

/** Options of a streaming call. */
export interface StreamOptions extends RequestOptions {
  /** Treat this long without a byte (keep-alives count) as a disconnect, in milliseconds. Default 20,000. */
  stallTimeoutMs?: number;
  /**
   * Reconnect after the connection drops, stalls or is refused with a 429 or 5xx; `false` ends
   * the stream at the first problem instead (a drop or stall then throws `ConnectionError`).
   * Other HTTP errors (401, 403, ...) always throw. Default `true`.
   */
  reconnect?: boolean | ReconnectOptions;
}

type Kind = ReconnectEvent['kind'];

/** One Server-Sent Event (the HTML standard's `text/event-stream` format). */
export interface ServerSentEvent<Data> {
  /** The event's `data` lines joined by newlines: parsed as JSON when the spec describes JSON, else the text. */
  data: Data;
  /** The `event` field; `message` when the event names none. */
  event: string;
  /** The last event ID when the event was dispatched (the latest `id` field), `''` when none. */
  id: string;
  /** The reconnection time, in milliseconds, when this event set one with a `retry` field. */
  retry?: number;
}

/** An event as the stream spells it, before its data is read. */
type RawEvent = ServerSentEvent<string>;

/**
 * Reads `text/event-stream` text into events, as the HTML standard's "interpreting an event
 * stream" says: lines end in CRLF, LF or CR (also split across chunks), a leading BOM is
 * dropped, `:` lines are comments, a blank line dispatches the event, and an event whose data
 * is empty is not dispatched (its `id` still counts). One parser per connection.
 */
export class SseParser {
  /** The last event ID string, updated as each event is dispatched. */
  lastEventId = '';
  /** The reconnection time the latest `retry` field asked for, in milliseconds. */
  reconnectMs: number | undefined;
  #buffer = '';
  #started = false;
  #data = '';
  #event = '';
  #idBuffer = '';
  #retry: number | undefined;

  /** Feeds decoded text; returns the events it completes. */
  push(text: string): RawEvent[] {
    this.#buffer += text;
    if (!this.#started && this.#buffer.length > 0) {
      this.#started = true;
      if (this.#buffer.charCodeAt(0) === 0xfeff) this.#buffer = this.#buffer.slice(1);
    }
    const events: RawEvent[] = [];
    let start = 0;
    for (;;) {
      const cr = this.#buffer.indexOf('\r', start);
      const lf = this.#buffer.indexOf('\n', start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      // A CR at the end of what has arrived may be the first half of a CRLF: wait for the next chunk.
      if (end === cr && cr === this.#buffer.length - 1) break;
      const line = this.#buffer.slice(start, end);
      start = end + (end === cr && this.#buffer[cr + 1] === '\n' ? 2 : 1);
      const event = this.#line(line);
      if (event) events.push(event);
    }
    this.#buffer = this.#buffer.slice(start);
    return events;
  }

  /** The stream ended: a last lone CR ends its line; an event without its blank line is dropped. */
  end(): RawEvent[] {
    const events = this.#buffer.endsWith('\r') ? this.push('\n') : [];
    this.#buffer = '';
    return events;
  }

  #line(line: string): RawEvent | undefined {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data += value + '\n';
    else if (field === 'id') {
      if (!value.includes('\0')) this.#idBuffer = value;
    } else if (field === 'retry' && /^[0-9]+$/.test(value)) {
      this.reconnectMs = this.#retry = Number(value);
    }
    return undefined;
  }

  #dispatch(): RawEvent | undefined {
    this.lastEventId = this.#idBuffer;
    const data = this.#data;
    const event = this.#event || 'message';
    const retry = this.#retry;
    this.#data = this.#event = '';
    this.#retry = undefined;
    if (data === '') return undefined;
    return {
      data: data.slice(0, -1),
      event,
      id: this.lastEventId,
      ...(retry === undefined ? {} : { retry }),
    };
  }
}

/**
 * A stream of events, read from newline-delimited JSON or from Server-Sent Events. Iterate it
 * with `for await`; `close()` ends it. Keep-alives (blank lines, SSE comments) are skipped,
 * events split across chunks are reassembled, and a dropped or stalled connection is reopened
 * (see `StreamOptions.reconnect`); an SSE stream resumes with `Last-Event-ID` and waits what its
 * `retry` field asks after a drop, and ends when the server answers 204. Problems the server
 * reports in the stream (`operational-disconnect`, `streaming-connection`) arrive as events,
 * typed by the spec.
 */
export class EventStream<Event>
  extends OperationCall<OperationSpec, StreamOptions>
  implements AsyncIterable<Event>
{
  readonly #controller = new AbortController();
  #rateLimit: RateLimit | undefined;
  #connections = 0;
  #lastEventId = '';
  #reconnectMs: number | undefined;

  constructor(core: ClientCore, op: OperationSpec, params: object, options?: StreamOptions) {
    super(core, op, params, options);
    const outer = this.options.signal;
    if (outer?.aborted) this.close();
    else outer?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Stops the stream, a pending read and any wait to reconnect; the iteration ends without error. */
  close(): void {
    this.#controller.abort();
  }

  get closed(): boolean {
    return this.#controller.signal.aborted;
  }

  /** The rate-limit figures of the latest connection attempt. */
  get rateLimit(): RateLimit | undefined {
    return this.#rateLimit;
  }

  /** How many connections have been opened (1 until the first reconnection). */
  get connections(): number {
    return this.#connections;
  }

  /** Server-Sent Events: the last event ID, sent as `Last-Event-ID` when reconnecting. */
  get lastEventId(): string {
    return this.#lastEventId;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined> {
    const signal = this.#controller.signal;
    const policy = reconnectPolicy(this.options.reconnect);
    const failures: Record<Kind, number> = { network: 0, http: 0, 'rate-limit': 0 };
    let inARow = 0;
    const healthy = (): void => {
      failures.network = failures.http = failures['rate-limit'] = 0;
      inARow = 0;
    };
    try {
      for (;;) {
        let failure: Failure;
        try {
          const response = await this.connect(signal);
          const ended = yield* this.read(response, signal, healthy);
          if (signal.aborted || ended.done) return;
          if (!policy) {
            if (ended.error) throw ended.error;
            return;
          }
          failure = {
            kind: 'network',
            error: ended.error ?? new ConnectionError(this.op.id, 'the server closed the stream'),
          };
        } catch (error) {
          if (signal.aborted) return;
          const found = classify(error);
          if (!policy || found === undefined) throw error;
          failure = found;
        }
        inARow += 1;
        if (inARow > policy.maxAttempts) throw failure.error;
        // A stream opened by a POST (say) is opened again only when that is harmless, as calls are retried.
        if (!mayRepeat(this.op, this.options) && !neverSent(failure.error)) throw failure.error;
        failures[failure.kind] += 1;
        const delayMs = this.delay(policy, failure, failures[failure.kind]);
        policy.onReconnect?.({ attempt: inARow, kind: failure.kind, delayMs, error: failure.error });
        await this.core.sleep(delayMs, signal);
      }
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
  }

  private async connect(signal: AbortSignal): Promise<Response> {
    // Reconnection replaces the client's retries for streams.
    const options: RequestOptions = { ...this.options, signal, maxRetries: 0 };
    const sse = this.op.streaming === 'sse';
    if (sse) {
      options.headers = {
        ...this.options.headers,
        accept: 'text/event-stream',
        ...(this.#lastEventId ? { 'last-event-id': this.#lastEventId } : {}),
      };
    }
    let response: Response;
    try {
      response = await send(this.core, this.op, this.params, options);
    } catch (error) {
      if (error instanceof ApiError) this.#rateLimit = error.rateLimit;
      throw error;
    }
    this.#connections += 1;
    this.#rateLimit = readRateLimit(response.headers);
    const type = response.headers.get('content-type');
    const expected = sse ? /^text\/event-stream/i : /json/i;
    if (type && response.status !== 204 && !expected.test(type.trim())) {
      await response.body?.cancel().catch(() => undefined);
      const kind = sse ? 'an event stream (text/event-stream)' : 'a newline-delimited JSON stream';
      throw new ApiError({
        operationId: this.op.id,
        status: response.status,
        headers: response.headers,
        body: undefined,
        message: `${this.op.id}: expected ${kind}, got ${type.split(';')[0]}`,
      });
    }
    return response;
  }

  /** Yields the events of one connection; returns how it ended (a drop or stall as an error). */
  private async *read(
    response: Response,
    signal: AbortSignal,
    healthy: () => void,
  ): AsyncGenerator<Event, { error?: Error; done?: boolean }, undefined> {
    const sse = this.op.streaming === 'sse';
    // HTML standard: a 204 tells an event stream client to stop reconnecting.
    if (sse && response.status === 204) {
      await response.body?.cancel().catch(() => undefined);
      return { done: true };
    }
    const body = response.body;
    if (!body) return {};
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const stallMs = this.options.stallTimeoutMs ?? 20_000;
    const parser = sse ? new SseParser() : undefined;
    let buffer = '';
    let first = true;
    try {
      for (;;) {
        let chunk: ReadOutcome;
        try {
          chunk = await readWithin(reader, stallMs, signal);
        } catch (error) {
          // Dropped mid-stream: a partial event in the buffer is lost with the connection.
          return {
            error: new ConnectionError(this.op.id, `the stream broke off: ${connectionReason(error)}`, {
              cause: error,
            }),
          };
        }
        if (chunk === 'closed') return {};
        if (chunk === 'stalled')
          return { error: new ConnectionError(this.op.id, `no data for ${stallMs} ms`) };
        if (chunk.done) break;
        if (first) {
          first = false;
          healthy();
        }
        if (parser) {
          for (const event of parser.push(decoder.decode(chunk.value, { stream: true }))) {
            const read = this.sseEvent(event, response);
            if (read === DONE) return { done: true };
            yield read;
          }
          this.#lastEventId = parser.lastEventId;
          this.#reconnectMs = parser.reconnectMs ?? this.#reconnectMs;
          continue;
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        let start = 0;
        for (let newline = buffer.indexOf('\n'); newline !== -1; newline = buffer.indexOf('\n', start)) {
          const line = buffer.slice(start, newline).trim();
          start = newline + 1;
          if (line) yield this.parse(line, response);
        }
        buffer = buffer.slice(start);
      }
      if (parser) {
        for (const event of parser.push(decoder.decode()).concat(parser.end())) {
          const read = this.sseEvent(event, response);
          if (read === DONE) return { done: true };
          yield read;
        }
        this.#lastEventId = parser.lastEventId;
        return {};
      }
      // A last line without its newline is whole only if it parses; otherwise it was cut off.
      const rest = (buffer + decoder.decode()).trim();
      if (rest && isJson(rest)) yield this.parse(rest, response);
      return {};
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  /**
   * An SSE event with its data read as the spec describes it: JSON, or the text. A `[DONE]`
   * data line where JSON is expected ends the stream, as several APIs send one last.
   */
  private sseEvent(raw: RawEvent, response: Response): Event | typeof DONE {
    // Kept current at each event, so that a drop right after it resumes from it.
    this.#lastEventId = raw.id;
    if (raw.retry !== undefined) this.#reconnectMs = raw.retry;
    if (this.op.response !== 'json') return raw as Event;
    if (raw.data.trim() === '[DONE]') return DONE;
    return { ...raw, data: this.parse(raw.data, response) } as Event;
  }

  private parse(line: string, response: Response): Event {
    try {
      return JSON.parse(line) as Event;
    } catch {
      throw new ApiError({
        operationId: this.op.id,
        status: response.status,
        headers: response.headers,
        body: line,
        message: `${this.op.id}: a stream line is not valid JSON`,
      });
    }
  }

  private delay(policy: Policy, failure: Failure, attempt: number): number {
    // An event stream's server sets the wait after a drop with `retry`.
    if (failure.kind === 'network' && this.#reconnectMs !== undefined) return this.#reconnectMs;
    if (failure.kind === 'network') return Math.min(policy.networkMaxMs, policy.networkStepMs * attempt);
    if (failure.kind === 'http') return Math.min(policy.httpMaxMs, policy.httpInitialMs * 2 ** (attempt - 1));
    const backoff = policy.rateLimitInitialMs * 2 ** (attempt - 1);
    const error = failure.error;
    const reset = error instanceof ApiError ? (serverWaitMs(this.core, error.status, error.headers) ?? 0) : 0;
    return Math.min(policy.rateLimitMaxMs, Math.max(backoff, reset));
  }
}

/** Returned for a `[DONE]` event: the stream is over. */
const DONE = Symbol('done');

type Policy = Required<Omit<ReconnectOptions, 'onReconnect'>> & Pick<ReconnectOptions, 'onReconnect'>;

function reconnectPolicy(option: StreamOptions['reconnect']): Policy | undefined {
  if (option === false) return undefined;
  const o = option === true || option === undefined ? {} : option;
  return {
    maxAttempts: o.maxAttempts ?? Infinity,
    networkStepMs: o.networkStepMs ?? 250,
    networkMaxMs: o.networkMaxMs ?? 16_000,
    httpInitialMs: o.httpInitialMs ?? 5_000,
    httpMaxMs: o.httpMaxMs ?? 320_000,
    rateLimitInitialMs: o.rateLimitInitialMs ?? 60_000,
    rateLimitMaxMs: o.rateLimitMaxMs ?? 960_000,
    ...(o.onReconnect && { onReconnect: o.onReconnect }),
  };
}

interface Failure {
  kind: Kind;
  error: Error;
}

/** Which schedule a failure to connect follows; undefined when reconnecting cannot help (401, 403, ...). */
function classify(error: unknown): Failure | undefined {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return { kind: 'network', error };
  if (error instanceof ApiError) {
    if (error.status === 429 || error.status === 420) return { kind: 'rate-limit', error };
    if (error.status >= 500) return { kind: 'http', error };
  }
  return undefined;
}

/** Connection failures before any byte of a request went out: refused, or a host that did not resolve. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether a failed connection attempt certainly did not reach the server. */
function neverSent(error: Error): boolean {
  return (
    error instanceof ConnectionError &&
    error.cause !== undefined &&
    NEVER_SENT.has(connectionReason(error.cause))
  );
}

type ReadOutcome = ReadableStreamReadResult<Uint8Array> | 'stalled' | 'closed';

function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
  signal: AbortSignal,
): Promise<ReadOutcome> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return resolve('closed');
    const onAbort = (): void => finish('closed');
    const timer = setTimeout(() => finish('stalled'), ms);
    function finish(outcome: ReadOutcome): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    }
    signal.addEventListener('abort', onAbort, { once: true });
    reader.read().then(finish, (error: unknown) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) resolve('closed');
      else reject(error);
    });
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
