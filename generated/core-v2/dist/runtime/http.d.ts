import { type ClientAuth, type CoreExtension } from './auth.js';
import type { FetchLike, OperationSpec, RequestOptions, ResponseInfo, Sleep } from './types.js';
/** Options of the client constructor (and of `createCore`). */
export interface ClientOptions {
  /**
   * The origin requests go to (the version segment is part of each operation's path).
   * Default `https://api.x.com`.
   */
  baseUrl?: string;
  /** Credentials; each operation uses the ones its spec allows. */
  auth?: ClientAuth;
  /**
   * A `fetch` every request goes through, instead of the platform's transport (node:http with
   * keep-alive agents on Node, the global `fetch` elsewhere).
   */
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
  /**
   * The clock (ms since the epoch) that turns `x-rate-limit-reset` and date `retry-after` into waits.
   * For tests. Default `Date.now`.
   */
  now?: () => number;
}
/**
 * What every operation is sent with: the client's options, resolved once. Create one with
 * `createCore` (the functions of `@xgen/core-v2/functions` take it first) or let
 * `CoreClient` make its own. Credentials and headers are private: they never show in
 * `String()`, JSON or `console.log`.
 */
export declare class ClientCore {
  #private;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
  /** Waits, rejecting with the signal's reason when it aborts (even if a custom `sleep` ignores the signal). */
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly now: () => number;
  readonly fetch: FetchLike | undefined;
  readonly onResponse: ((info: ResponseInfo) => void) | undefined;
  /** Credential support beyond bearer tokens and Basic, where it was given (see `CoreExtension`). */
  readonly extensions: CoreExtension;
  constructor(options?: ClientOptions, extensions?: readonly CoreExtension[]);
  /** The credentials of a call: its own `auth`, or the client's. */
  authFor(options: RequestOptions): ClientAuth | undefined;
  /** The headers of one attempt: `accept`, the client's, the operation's and the call's (later ones win). */
  headersFor(
    accept: string,
    own: Record<string, string>,
    call: Record<string, string> | undefined,
  ): Record<string, string>;
}
/**
 * The client core the functions of `@xgen/core-v2/functions` take first: the same options as
 * `new CoreClient(...)`. Credential kinds whose code a bundle should only carry when used
 * come as extensions (see `CoreExtension`).
 */
export declare function createCore(options?: ClientOptions, ...extensions: CoreExtension[]): ClientCore;
/** The origin an operation goes to. */
export declare function originFor(core: ClientCore, op: OperationSpec): string;
/** Validates params and builds the absolute URL of an operation (for browser redirect steps too). */
export declare function buildUrl(core: ClientCore, op: OperationSpec, params?: object): string;
/** Sends one operation and resolves to its decoded 2xx body. */
export declare function request<T>(
  core: ClientCore,
  op: OperationSpec,
  params?: object,
  options?: RequestOptions,
): Promise<T>;
/** A decoded 2xx body and what was seen of its response. */
export interface Exchange {
  body: unknown;
  info: ResponseInfo;
}
/**
 * Sends one operation and resolves to its decoded 2xx body with what was seen of the response.
 * A body cut off mid-way counts as a connection failure and is retried like one.
 */
export declare function exchange(
  core: ClientCore,
  op: OperationSpec,
  params: Record<string, unknown>,
  options?: RequestOptions,
): Promise<Exchange>;
/**
 * Sends one operation and resolves to the raw 2xx response, for callers that read the body
 * themselves; the timeout stops at the headers.
 */
export declare function send(
  core: ClientCore,
  op: OperationSpec,
  params: Record<string, unknown>,
  options: RequestOptions,
): Promise<Response>;
/**
 * How long a failed response asks to be waited for before trying again, from `retry-after`
 * (seconds or an HTTP date) or, on a 429, `x-rate-limit-reset`; undefined when it names no
 * usable wait (a reset already past, say, from clock skew).
 */
export declare function serverWaitMs(core: ClientCore, status: number, headers: Headers): number | undefined;
/**
 * Whether a call may reach the server twice (retried, resent after a reset, a stream reconnected):
 * its method is idempotent, or the call opted into retries.
 */
export declare function mayRepeat(op: OperationSpec, options: RequestOptions): boolean;
