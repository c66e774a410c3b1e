import { type RateLimit } from './errors.js';
import { type ClientCore } from './http.js';
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
/**
 * A stream of events read from newline-delimited JSON. Iterate it with `for await`; `close()`
 * ends it. Keep-alive blank lines are skipped, events split across chunks are reassembled, and
 * a dropped or stalled connection is reopened (see `StreamOptions.reconnect`). Problems the
 * server reports in the stream (`operational-disconnect`, `streaming-connection`) arrive as
 * events, typed by the spec.
 */
export declare class EventStream<Event> implements AsyncIterable<Event> {
    #private;
    private readonly core;
    private readonly op;
    private readonly options;
    /** Params types are interfaces (no index signature): the runtime reads them by wire name. */
    private readonly params;
    constructor(core: ClientCore, op: OperationSpec, params: object, options?: StreamOptions);
    /** Stops the stream, a pending read and any wait to reconnect; the iteration ends without error. */
    close(): void;
    get closed(): boolean;
    /** The rate-limit figures of the latest connection attempt. */
    get rateLimit(): RateLimit | undefined;
    /** How many connections have been opened (1 until the first reconnection). */
    get connections(): number;
    [Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined>;
    private connect;
    /** Yields the events of one connection; returns how it ended (a drop or stall as an error). */
    private read;
    private parse;
    private delay;
}
