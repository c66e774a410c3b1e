import { type ClientAuth } from './auth.js';
import { type AppOnlyCredentials } from './auth.js';
import type { FetchLike, OperationSpec, RequestOptions, ResponseInfo, Sleep } from './types.js';
/** Options of the client constructor. */
export interface ClientOptions {
    /** The origin requests go to (the version segment is part of each operation's path). Default `https://api.x.com`. */
    baseUrl?: string;
    /** Credentials; each operation uses the ones its spec allows. */
    auth?: ClientAuth;
    /** A `fetch` to use instead of the global one. */
    fetch?: FetchLike;
    /**
     * Time each attempt has to get a complete response (headers and body), in milliseconds;
     * past it the call fails with `TimeoutError` (a timed-out attempt is not retried). Default 30,000.
     */
    timeoutMs?: number;
    /**
     * Retries after a 429, a 5xx or a connection failure, for GET, PUT, DELETE and the other
     * idempotent methods; POST and PATCH only with `retryNonIdempotent` on the call. Default 2.
     */
    maxRetries?: number;
    /**
     * The longest wait the server may ask for (`retry-after`, or `x-rate-limit-reset` on a 429)
     * before a retry; when it asks for longer, the call fails at once with the `ApiError`, whose
     * `rateLimit` says when to come back. In milliseconds. Default 60,000.
     */
    maxRetryWaitMs?: number;
    /**
     * Backoff between retries when the server names no wait: exponential with full jitter, a random
     * wait up to `initialMs` × 2^retry, capped at `maxMs`. Defaults 500 and 8,000.
     */
    backoff?: {
        initialMs?: number;
        maxMs?: number;
    };
    /** Headers sent with every request. */
    headers?: Record<string, string>;
    /** Called with every HTTP response (retried attempts and errors too), e.g. to track rate-limit figures. */
    onResponse?: (info: ResponseInfo) => void;
    /**
     * How the client waits between retries, stream reconnections and polls. For tests and custom
     * schedulers; it must reject when the signal aborts. Default: a `setTimeout`.
     */
    sleep?: Sleep;
    /** The random source of the backoff jitter, in [0, 1). For tests. Default `Math.random`. */
    random?: () => number;
    /** The clock (ms since the epoch) that turns `x-rate-limit-reset` and date `retry-after` into waits. For tests. Default `Date.now`. */
    now?: () => number;
}
/** A decoded 2xx body and what was seen of its response. */
export interface Exchange {
    body: unknown;
    info: ResponseInfo;
}
/** Sends operations: validation, serialisation, auth, timeouts, retries and response decoding. */
export declare class ClientCore {
    #private;
    readonly baseUrl: string;
    readonly timeoutMs: number;
    readonly maxRetries: number;
    readonly maxRetryWaitMs: number;
    /** Waits, rejecting with the signal's reason when it aborts (even if a custom `sleep` ignores the signal). */
    readonly sleep: Sleep;
    readonly random: () => number;
    readonly now: () => number;
    constructor(options?: ClientOptions);
    /** The origin an operation goes to. */
    originFor(op: OperationSpec): string;
    /** Validates params and builds the absolute URL of an operation (for browser redirect steps too). */
    buildUrl(op: OperationSpec, params?: Record<string, unknown>): string;
    /**
     * The application's app-only bearer token, from the cache shared per application and origin,
     * or requested with HTTP Basic (one request in flight however many callers wait for it).
     * `credentials` default to the client's `appOnly` credentials.
     */
    appOnlyToken(credentials?: AppOnlyCredentials, options?: RequestOptions): Promise<string>;
    /** Forgets the cached app-only token of an application (after it was invalidated). */
    forgetAppOnlyToken(consumerKey: string, token?: string): void;
    /** Sends one operation and resolves to its decoded 2xx body. */
    request<T>(op: OperationSpec, params?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
    /**
     * Sends one operation and resolves to its decoded 2xx body with what was seen of the response.
     * A body cut off mid-way counts as a connection failure and is retried like one.
     */
    exchange(op: OperationSpec, params?: Record<string, unknown>, options?: RequestOptions): Promise<Exchange>;
    /**
     * Sends one operation and resolves to the raw 2xx response, for callers that read the body
     * themselves (`decode` it, or stream it with `timed` false so the timeout stops at the headers).
     */
    send(op: OperationSpec, params: Record<string, unknown>, options: RequestOptions, timed?: boolean): Promise<Response>;
    /** Reads a 2xx body from `send` as the spec says it is encoded. */
    decode(op: OperationSpec, response: Response, options?: RequestOptions): Promise<unknown>;
    /** The wait before retry number `attempt + 1` when the server names none: full jitter. */
    backoffMs(attempt: number): number;
    /**
     * How long a failed response asks to be waited for before trying again, from `retry-after`
     * (seconds or an HTTP date) or, on a 429, `x-rate-limit-reset`; undefined when it names no
     * usable wait (a reset already past, say, from clock skew).
     */
    serverWaitMs(status: number, headers: Headers): number | undefined;
    /** Validates params before anything is sent; returns the params to send (rules may normalise a copy). */
    private check;
}
