import { type RateLimit } from './errors.js';
import { type ClientCore } from './http.js';
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
export declare class SseParser {
  #private;
  /** The last event ID string, updated as each event is dispatched. */
  lastEventId: string;
  /** The reconnection time the latest `retry` field asked for, in milliseconds. */
  reconnectMs: number | undefined;
  /** Feeds decoded text; returns the events it completes. */
  push(text: string): RawEvent[];
  /** The stream ended: a last lone CR ends its line; an event without its blank line is dropped. */
  end(): RawEvent[];
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
export declare class EventStream<Event>
  extends OperationCall<OperationSpec, StreamOptions>
  implements AsyncIterable<Event>
{
  #private;
  constructor(core: ClientCore, op: OperationSpec, params: object, options?: StreamOptions);
  /** Stops the stream, a pending read and any wait to reconnect; the iteration ends without error. */
  close(): void;
  get closed(): boolean;
  /** The rate-limit figures of the latest connection attempt. */
  get rateLimit(): RateLimit | undefined;
  /** How many connections have been opened (1 until the first reconnection). */
  get connections(): number;
  /** Server-Sent Events: the last event ID, sent as `Last-Event-ID` when reconnecting. */
  get lastEventId(): string;
  [Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined>;
  private connect;
  /** Yields the events of one connection; returns how it ended (a drop or stall as an error). */
  private read;
  /**
   * An SSE event with its data read as the spec describes it: JSON, or the text. A `[DONE]`
   * data line where JSON is expected ends the stream, as several APIs send one last.
   */
  private sseEvent;
  private parse;
  private delay;
}
export {};
