/**
 * The transport on Node (the `node` condition of `#transport` in package.json): requests go through
 * node:http / node:https with keep-alive agents, answered with a `Response`-shaped object. Node's
 * global fetch costs two to three times what node:http does per request on loopback; this keeps
 * fetch's semantics the client relies on: `redirect: 'manual'` (redirects are the caller's), the
 * attempt's `Stop` (its deadline joined with the caller's signal; the runtime always gives one, in
 * place of `init.signal`) stops the request and its body, gzip and deflate bodies come decoded, a body cut off
 * (fewer bytes than `content-length`, a broken chunked or gzip stream) fails to read, and network
 * failures reject with a `TypeError` whose `cause` carries the system error code.
 *
 * It imports nothing of the runtime but `redirects.ts` (which imports none of it either), so that it
 * is one module whichever copy of the runtime loads it.
 */
import { Buffer } from 'node:buffer';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestOptions,
  type Socket,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { createGunzip, createInflate } from 'node:zlib';
// A type only: erased from the JavaScript, so the module still loads nothing of the runtime.
import type { ClearTimer, SetTimer, Stop } from './types.js';

// Redirects are followed by the client (a node:http response is the 3xx itself).
export { follow as send } from './redirects.js';

/** Sockets kept open between requests, one pool per protocol, made on first use. */
let httpAgent: HttpAgent | undefined;
let httpsAgent: HttpsAgent | undefined;

/** The last origin requests went to, parsed once (a client sends to one or two). */
let lastOrigin = '';
let lastTarget: { secure: boolean; hostname: string; port: string; host: string } | undefined;

/** A fetch over node:http: what the client sends through on Node when no `fetch` option is given. */
export const transport = (input: string, init: RequestInit, stop?: Stop): Promise<Response> => {
  // The methods fetch refuses (forbidden methods), refused alike: a call behaves the same on both transports.
  const method = init.method ?? 'GET';
  if (/^(CONNECT|TRACE|TRACK)$/i.test(method))
    return Promise.reject(new TypeError(`'${method}' HTTP method is unsupported.`));
  // The runtime always hands its deadline (the attempt's time limit joined with the caller's signal).
  const watching = stop ?? { stopped: false, reason: undefined, onStop: undefined };
  if (watching.stopped) return Promise.reject(watching.reason);
  const slash = input.indexOf('/', input.indexOf('//') + 2);
  const origin = slash < 0 ? input : input.slice(0, slash);
  if (origin !== lastOrigin || !lastTarget) {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return Promise.reject(
        new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) }),
      );
    lastTarget = {
      secure: url.protocol === 'https:',
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port,
      host: url.host,
    };
    lastOrigin = origin;
  }
  const { secure, hostname, port, host } = lastTarget;
  const headers: OutgoingHttpHeaders = { 'accept-encoding': 'gzip, deflate' };
  const given = init.headers as Record<string, string> | undefined;
  for (const name in given) headers[name.toLowerCase()] = given[name];
  const body = init.body ?? null;
  /**
   * The head as node:http takes it from an array: written as it is (names and values still
   * checked) instead of set one header at a time; `Host` last, where node:http puts its own.
   */
  const head = (): string[] => {
    const lines: string[] = [];
    for (const name in headers) lines.push(name, String(headers[name]));
    if (headers.host === undefined) lines.push('Host', host);
    return lines;
  };
  // Whether this request may reach the server twice: the runtime says (an idempotent method, or retries
  // opted into); called as a plain fetch, only an idempotent method may.
  const resendable = watching.resendable ?? IDEMPOTENT.test(method);
  const send = (payload: Payload, fresh = false): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const options: RequestOptions = {
        method,
        hostname,
        port,
        path: slash < 0 ? '/' : input.slice(slash),
        headers: head(),
        // A resend gets a connection of its own (`false`: a one-off agent), never another pooled socket.
        agent: fresh
          ? false
          : secure
            ? (httpsAgent ??= pool(new HttpsAgent({ keepAlive: true })))
            : (httpAgent ??= pool(new HttpAgent({ keepAlive: true }))),
      };
      const req = (secure ? httpsRequest : httpRequest)(options);
      let settled = false;
      watching.onStop = (reason) => {
        req.destroy();
        if (settled) return;
        settled = true;
        reject(reason);
      };
      req.once('error', (error) => {
        if (settled) return;
        settled = true;
        watching.onStop = undefined;
        // A kept-alive socket the server closed as this request went out on it: resent once on a new
        // connection when sending it twice is harmless (see `closedWhileIdle`); not one of the caller's retries.
        const socket = req.socket as Pooled | null;
        if (
          !fresh &&
          closedWhileIdle(req, error, socket) &&
          (payload === null || !(payload instanceof ReadableStream))
        ) {
          if (resendable || !socket || socket.bytesWritten === socket[WRITTEN])
            return resolve(send(payload, true));
        }
        reject(new TypeError('fetch failed', { cause: error }));
      });
      req.once('response', (res) => {
        if (settled) return void res.destroy();
        settled = true;
        resolve(new NodeResponse(res, watching) as unknown as Response);
      });
      if (payload === null || typeof payload === 'string' || payload instanceof Uint8Array)
        req.end(payload ?? undefined);
      else
        Readable.fromWeb(payload)
          .on('error', (error) => req.destroy(error))
          .pipe(req);
    });
  // Most requests have no body or a string one: sent without waiting for an encoder.
  if (body === null || typeof body === 'string' || body instanceof Uint8Array)
    return send(plainBody(body, headers));
  return bodyOf(body, headers).then(send);
};

/** An attempt's time limit on the shared timer: when it is due (`performance.now()`), and what it stops. */
interface Limit {
  due: number;
  fire: () => void;
}

/** The time limits of attempts under way, and the one timer that wakes for the earliest. */
const limits = new Set<Limit>();
let wake: ReturnType<typeof setTimeout> | undefined;
let wakeAt = Infinity;

/**
 * The time limits of attempts, on one timer (the runtime's `Deadline` takes these in place of a
 * `setTimeout` each): a Node timer made and cleared around every request costs more than the rest
 * of the deadline. The timer is kept while it has limits to watch, and lets the process exit (is
 * unreferenced) while it has none; it wakes at the earliest due limit and stops what is due.
 */
export const setTimer: SetTimer = (fire, ms) => {
  const limit = { due: performance.now() + (ms > 0 ? ms : 0), fire };
  limits.add(limit);
  if (limit.due < wakeAt) arm(limit.due);
  else if (limits.size === 1) wake?.ref();
  return limit;
};

export const clearTimer: ClearTimer = (limit) => {
  if (limits.delete(limit as Limit) && limits.size === 0) wake?.unref();
};

/** Sets the timer to wake at `at` (in time for the earliest limit); a timer waits at most 2^31 - 1 ms. */
function arm(at: number): void {
  clearTimeout(wake);
  wakeAt = at;
  wake = setTimeout(sweep, Math.min(2 ** 31 - 1, Math.max(0, at - performance.now())));
}

/** Stops the limits that are due, then waits for the next one. */
function sweep(): void {
  const now = performance.now();
  wake = undefined;
  wakeAt = Infinity;
  let next = Infinity;
  for (const limit of limits)
    if (limit.due <= now) {
      limits.delete(limit);
      limit.fire();
    } else next = Math.min(next, limit.due);
  // A limit set as one fired may have armed the timer already, for later than `next`.
  if (next < wakeAt) arm(next);
}

type Payload = string | Uint8Array | ReadableStream<Uint8Array> | null;

/** What a pooled socket had read and written when its last response ended (see `closedWhileIdle`). */
const READ = Symbol();
const WRITTEN = Symbol();

/** When (`performance.now()`) a pooled socket idle since its last response is closed (see `pool`). */
const CLOSE_AT = Symbol();
type Pooled = Socket & {
  [READ]?: number;
  [WRITTEN]?: number;
  [CLOSE_AT]?: number;
  _httpMessage?: { res?: IncomingMessage } | null;
};

/** How often idle pooled sockets are looked over, in ms: the precision of their idle limit. */
const SWEEP_MS = 250;

/**
 * A keep-alive agent of the pool, its work done once per response instead of around each request:
 * the counters `closedWhileIdle` compares are taken as a response is done, and a socket idle in
 * the pool for 4 s is closed, before the idle timeout of most servers (Node's 5 s, load balancers'
 * 60 s), so that a request seldom goes out on a socket the server is closing; or a second before a
 * server's `Keep-Alive: timeout=` (as Node's agent does). The idle limit is one timer for the whole
 * pool, running only while sockets wait in it, that compares each socket's time with the clock (not a
 * count of sweeps, which a busy event loop delays and drops): a socket timer (Node's `timeout`
 * option) would be rearmed on every read and write of every request.
 */
function pool<A extends HttpAgent>(agent: A): A {
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const sweep = (): void => {
    const now = performance.now();
    let waiting = false;
    for (const name in agent.freeSockets)
      for (const socket of agent.freeSockets[name] as Pooled[]) {
        if (socket[CLOSE_AT]! <= now) socket.destroy();
        else waiting = true;
      }
    if (!waiting) sweeper = void clearInterval(sweeper);
  };
  // Called as each response is done, before the socket goes back to the pool (the only sockets
  // a later request is told it reused).
  agent.keepSocketAlive = (socket: Pooled): boolean => {
    socket[READ] = socket.bytesRead;
    socket[WRITTEN] = socket.bytesWritten;
    socket.setKeepAlive(true, 1000).unref();
    const res = socket._httpMessage?.res;
    const hint = /^timeout=(\d+)/.exec((res && headerOf(res, 'keep-alive')) ?? '')?.[1];
    const idle = hint ? Math.min(4000, +hint * 1000 - 1000) : 4000;
    if (idle <= 0) return false;
    // Closed by the first sweep after it has waited `idle - SWEEP_MS`: before `idle`, timers on time.
    socket[CLOSE_AT] = performance.now() + idle - SWEEP_MS;
    sweeper ??= setInterval(sweep, SWEEP_MS).unref();
    return true;
  };
  return agent;
}

const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/i;

/**
 * Whether a request failed because the server had closed its kept-alive socket as the request went
 * out (the race every keep-alive client meets): the socket was reused, the connection was reset or
 * hung up before a single byte of a response came back. Most such requests never reached the
 * server's handler, but some did (the server read it, then closed): so it is sent again, once, on a
 * new connection only when that is harmless, as Go's net/http decides: an idempotent method, a
 * request the caller let be retried, or one of which no byte was written. A failure on a new
 * connection, or after response bytes, is the caller's to retry.
 */
function closedWhileIdle(req: ClientRequest, error: unknown, socket: Pooled | null): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    req.reusedSocket &&
    (code === 'ECONNRESET' || code === 'EPIPE') &&
    (!socket || socket.bytesRead === socket[READ])
  );
}

function plainBody(body: string | Uint8Array | null, headers: OutgoingHttpHeaders): Payload {
  if (typeof body === 'string') {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = Buffer.byteLength(body);
  } else if (body) headers['content-length'] = body.byteLength;
  return body;
}

/**
 * A request body as node:http takes it, setting `content-type` and `content-length` the way fetch
 * does: strings and bytes as they are, form parameters and multipart forms encoded (by the
 * platform's own `Response`), streams sent chunked.
 */
async function bodyOf(body: BodyInit, headers: OutgoingHttpHeaders): Promise<Payload> {
  const encoded = new Response(body);
  const type = encoded.headers.get('content-type');
  if (type) headers['content-type'] ??= type;
  if (body instanceof ReadableStream) return encoded.body;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  headers['content-length'] = bytes.byteLength;
  return bytes;
}

/** A body being read: the stream to pause and resume, and how to stop reading it. */
interface Reading {
  source: Readable;
  stop(): void;
}

/**
 * The members of `Response` the runtime reads (and no others: responses of this transport never
 * reach a caller), over a node:http response; headers are built on first read.
 */
class NodeResponse {
  readonly type = 'basic';
  readonly status: number;
  readonly ok: boolean;
  bodyUsed = false;
  #res: IncomingMessage;
  #headers: Headers | undefined;
  #body: ReadableStream<Uint8Array> | null | undefined;
  #watching: Stop;

  constructor(res: IncomingMessage, watching: Stop) {
    this.#res = res;
    this.status = res.statusCode ?? 0;
    this.ok = this.status >= 200 && this.status < 300;
    this.#watching = watching;
  }

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.#res.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      this.#headers = headers;
    }
    return this.#headers;
  }

  /** The decoded body as a web stream (for streaming reads); cancelling it closes the connection. */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      let reading: Reading;
      this.#body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          reading = this.#read(
            (chunk) => {
              controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
              if ((controller.desiredSize ?? 0) <= 0) reading.source.pause();
            },
            () => controller.close(),
            (error) => controller.error(error),
          );
          reading.source.pause();
        },
        pull: () => void reading.source.resume(),
        cancel: () => reading.stop(),
      });
    }
    return this.#body;
  }

  text(): Promise<string> {
    return this.#bytes(true);
  }

  async blob(): Promise<Blob> {
    const bytes = await this.#bytes(false);
    return new Blob([bytes], { type: this.contentType ?? '' });
  }

  /**
   * The whole decoded body, as text when asked (decoded as it ends: no second promise);
   * rejects when the connection breaks or the encoding is cut short.
   */
  #bytes(asText: true): Promise<string>;
  #bytes(asText: false): Promise<Buffer>;
  #bytes(asText: boolean): Promise<Buffer | string> {
    if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.bodyUsed = true;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.#read(
        (chunk) => chunks.push(chunk),
        () => {
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          resolve(asText ? bytes.toString('utf8') : bytes);
        },
        reject,
      );
    });
  }

  /**
   * Reads the body with its content-encoding undone, ending only when the whole body came:
   * node:http ends a response whose connection closed before its `content-length` (or its last
   * chunk) with no error unless someone listens, so its errors are listened to here; the decoder fails
   * on a cut-off gzip or deflate stream. Returns the stream read from (to pause it).
   */
  #read(data: (chunk: Buffer) => void, end: () => void, fail: (error: unknown) => void): Reading {
    this.bodyUsed = true;
    const res = this.#res;
    let over = false;
    const finish = (error?: unknown): void => {
      if (over) return;
      over = true;
      this.#watching.onStop = undefined;
      if (error === undefined) end();
      else
        fail(
          this.#watching.stopped
            ? this.#watching.reason
            : error instanceof TypeError
              ? error
              : new TypeError('terminated', { cause: error }),
        );
    };
    const encoding = headerOf(res, 'content-encoding')?.trim().toLowerCase();
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? createGunzip()
        : encoding === 'deflate'
          ? createInflate()
          : undefined;
    const source: Readable = decoder ?? res;
    // A response destroyed before it was read through (by a closed connection): node:http says so
    // by an error only when someone listens, and here someone does; one destroyed already said nothing.
    if (res.destroyed && !res.complete) finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    res.on('error', finish);
    if (decoder) {
      decoder.once('error', finish);
      res.pipe(decoder);
    }
    source.on('data', (chunk: Buffer) => over || data(chunk));
    source.once('end', () => finish());
    return {
      source,
      // A body that fully arrived is drained so its socket goes back to the pool; any other is dropped.
      stop: () => {
        if (over) return;
        over = true;
        this.#watching.onStop = undefined;
        if (res.complete) res.resume();
        else res.destroy();
        decoder?.destroy();
      },
    };
  }

  /** The content type without building `headers` (what `decode` asks of every response). */
  get contentType(): string | null {
    return headerOf(this.#res, 'content-type') ?? null;
  }
}

/**
 * A response header by its lower-case name (the first, when it comes twice), read from the raw
 * header lines: node:http builds its `headers` object on first read, for every header, a cost a
 * response whose other headers nobody reads need not pay.
 */
function headerOf(res: IncomingMessage, name: string): string | undefined {
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}
