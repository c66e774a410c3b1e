import { applyAuth, chooseAuth, requireSecureUrl, type ClientAuth } from './auth.js';
import { cachedAppOnlyToken, forgetAppOnlyToken as forgetCached, type AppOnlyCredentials } from './auth.js';
import { oauth2Token as APP_TOKEN } from '../operations.js';
import {
  ApiError,
  ConnectionError,
  connectionReason,
  readRateLimit,
  TimeoutError,
  ValidationError,
  type RateLimit,
} from './errors.js';
import { serializeRequest } from './serialize.js';
import type { FetchLike, OperationSpec, RequestOptions, ResponseInfo, Sleep } from './types.js';
import { validateParams } from './validate.js';

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
  backoff?: { initialMs?: number; maxMs?: number };
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

/** What each kind of success body asks for: form-encoded OAuth answers must not be refused with 406. */
const ACCEPT: Record<OperationSpec['response'], string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded, application/json;q=0.9',
  text: 'text/plain, application/json;q=0.9',
  binary: '*/*',
  none: 'application/json',
};

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** Hands a 2xx response to whoever reads it; a ConnectionError thrown from here is retried like a failed fetch. */
type Reader<R> = (response: Response, deadline: Deadline, info: ResponseInfo) => Promise<R>;

/** A decoded 2xx body and what was seen of its response. */
export interface Exchange {
  body: unknown;
  info: ResponseInfo;
}

/** Sends operations: validation, serialisation, auth, timeouts, retries and response decoding. */
export class ClientCore {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** Waits, rejecting with the signal's reason when it aborts (even if a custom `sleep` ignores the signal). */
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly now: () => number;
  readonly #backoff: { initialMs: number; maxMs: number };
  readonly #auth: ClientAuth | undefined;
  readonly #fetch: FetchLike | undefined;
  readonly #headers: Record<string, string>;
  readonly #onResponse: ((info: ResponseInfo) => void) | undefined;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = trimSlash(options.baseUrl ?? 'https://api.x.com');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.#backoff = { initialMs: options.backoff?.initialMs ?? 500, maxMs: options.backoff?.maxMs ?? 8_000 };
    const sleep = options.sleep ?? timerSleep;
    this.sleep = (ms, signal) => abortable(sleep(Math.max(0, ms), signal), signal);
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.#auth = options.auth;
    this.#fetch = options.fetch;
    this.#headers = lowerKeys(options.headers ?? {});
    this.#onResponse = options.onResponse;
  }

  /** The origin an operation goes to. */
  originFor(op: OperationSpec): string {
    void op;
    return this.baseUrl;
  }

  /** Validates params and builds the absolute URL of an operation (for browser redirect steps too). */
  buildUrl(op: OperationSpec, params: Record<string, unknown> = {}): string {
    const checked = this.check(op, params);
    if (op.requireHttps) requireSecureUrl(this.originFor(op), op.id);
    return this.originFor(op) + serializeRequest(op, checked).pathAndQuery;
  }

  /**
   * The application's app-only bearer token, from the cache shared per application and origin,
   * or requested with HTTP Basic (one request in flight however many callers wait for it).
   * `credentials` default to the client's `appOnly` credentials.
   */
  async appOnlyToken(credentials?: AppOnlyCredentials, options: RequestOptions = {}): Promise<string> {
    const auth = credentials ?? (this.#auth && 'appOnly' in this.#auth ? this.#auth.appOnly : undefined);
    if (!auth)
      throw new ValidationError(
        'auth',
        'unsupported-authentication',
        `${APP_TOKEN.id}: app-only credentials ({ appOnly: { consumerKey, consumerSecret } }) are needed`,
      );
    const { signal, timeoutMs, maxRetries, onResponse } = options;
    return cachedAppOnlyToken(this.originFor(APP_TOKEN), auth, async () => {
      const body = await this.request<{ access_token?: unknown }>(
        APP_TOKEN,
        { grant_type: 'client_credentials' },
        {
          auth: { appOnly: auth },
          ...(signal ? { signal } : {}),
          ...(timeoutMs !== undefined ? { timeoutMs } : {}),
          ...(maxRetries !== undefined ? { maxRetries } : {}),
          ...(onResponse ? { onResponse } : {}),
        },
      );
      if (typeof body?.access_token !== 'string' || body.access_token === '') {
        throw new ApiError({
          operationId: APP_TOKEN.id,
          status: 200,
          headers: new Headers(),
          body: undefined,
          message: `${APP_TOKEN.id}: the response holds no access_token`,
        });
      }
      return body.access_token;
    });
  }

  /** Forgets the cached app-only token of an application (after it was invalidated). */
  forgetAppOnlyToken(consumerKey: string, token?: string): void {
    forgetCached(this.originFor(APP_TOKEN), consumerKey, token);
  }

  /** Sends one operation and resolves to its decoded 2xx body. */
  request<T>(
    op: OperationSpec,
    params: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<T> {
    // The hot path: no exchange object, no extra async layer.
    return this.#attempts(op, params, options, (response, deadline) =>
      this.#decode(op, response, deadline, options),
    ) as Promise<T>;
  }

  /**
   * Sends one operation and resolves to its decoded 2xx body with what was seen of the response.
   * A body cut off mid-way counts as a connection failure and is retried like one.
   */
  exchange(
    op: OperationSpec,
    params: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<Exchange> {
    return this.#attempts(op, params, options, async (response, deadline, info) => ({
      body: await this.#decode(op, response, deadline, options),
      info,
    }));
  }

  /**
   * Sends one operation and resolves to the raw 2xx response, for callers that read the body
   * themselves (`decode` it, or stream it with `timed` false so the timeout stops at the headers).
   */
  send(
    op: OperationSpec,
    params: Record<string, unknown>,
    options: RequestOptions,
    timed = true,
  ): Promise<Response> {
    return this.#attempts(op, params, options, async (response, deadline) => {
      if (timed) deadlines.set(response, deadline);
      else deadline.clear();
      return response;
    });
  }

  /** Reads a 2xx body from `send` as the spec says it is encoded. */
  decode(op: OperationSpec, response: Response, options: RequestOptions = {}): Promise<unknown> {
    return this.#decode(op, response, deadlines.get(response), options);
  }

  /** The wait before retry number `attempt + 1` when the server names none: full jitter. */
  backoffMs(attempt: number): number {
    return this.random() * Math.min(this.#backoff.maxMs, this.#backoff.initialMs * 2 ** attempt);
  }

  /**
   * How long a failed response asks to be waited for before trying again, from `retry-after`
   * (seconds or an HTTP date) or, on a 429, `x-rate-limit-reset`; undefined when it names no
   * usable wait (a reset already past, say, from clock skew).
   */
  serverWaitMs(status: number, headers: Headers): number | undefined {
    const retryAfter = headers.get('retry-after')?.trim();
    if (retryAfter) {
      const seconds = Number(retryAfter);
      const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - this.now();
      if (Number.isFinite(ms)) return Math.max(0, ms);
    }
    if (status === 429 || status === 420) {
      const reset = readRateLimit(headers)?.reset;
      if (reset !== undefined && reset * 1000 > this.now()) return reset * 1000 - this.now();
    }
    return undefined;
  }

  async #attempts<R>(
    op: OperationSpec,
    input: Record<string, unknown>,
    options: RequestOptions,
    read: Reader<R>,
  ): Promise<R> {
    const params = this.check(op, input);
    const auth = options.auth ?? this.#auth;
    const kind = chooseAuth(op, auth);
    if (op.requireHttps) requireSecureUrl(this.originFor(op), op.id);
    const serialized = serializeRequest(op, params);
    let credentials = auth;
    // App-only credentials on a bearer operation: send the application's (cached) bearer token.
    const appOnly = kind === 'bearer' && auth && 'appOnly' in auth ? auth.appOnly : undefined;
    if (appOnly)
      credentials = {
        bearerToken: await this.appOnlyToken(appOnly, {
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      };
    const fetchImpl = this.#fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (!fetchImpl) throw new ConnectionError(op.id, 'no fetch implementation available');
    const maxRetries = Math.max(0, options.maxRetries ?? this.maxRetries) || 0;
    const maxWaitMs = options.maxRetryWaitMs ?? this.maxRetryWaitMs;
    const retryable = IDEMPOTENT.has(op.method) || options.retryNonIdempotent === true;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const signal = options.signal;
    const callHeaders = options.headers ? lowerKeys(options.headers) : undefined;
    const onResponse = this.#onResponse;
    const callOnResponse = options.onResponse;
    const url0 = this.originFor(op) + serialized.pathAndQuery;
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const mayRetry = retryable && attempt < maxRetries;
      // A fresh object each attempt: auth writes into it.
      const headers: Record<string, string> = {
        accept: ACCEPT[op.response],
        ...this.#headers,
        ...serialized.headers,
        ...callHeaders,
      };
      const target = { method: op.method, url: url0, form: serialized.form, headers };
      // Signed again on every attempt: OAuth 1.0a nonces and timestamps must be fresh.
      const url = await applyAuth(kind, credentials, target, undefined, op.basicEncoding);
      const deadline = new Deadline(timeoutMs, signal);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: op.method,
          headers,
          body: serialized.body ?? null,
          signal: deadline.signal,
        });
      } catch (error) {
        deadline.clear();
        if (signal?.aborted) throw signal.reason;
        if (deadline.timedOut) throw new TimeoutError(op.id, timeoutMs);
        if (!mayRetry) throw new ConnectionError(op.id, connectionReason(error), { cause: error });
        await this.sleep(this.backoffMs(attempt), signal);
        continue;
      }
      const info = infoOf(op, response, attempt);
      if (onResponse) onResponse(info);
      if (callOnResponse) callOnResponse(info);
      if (response.ok) {
        try {
          return await read(response, deadline, info);
        } catch (error) {
          if (!(error instanceof ConnectionError) || !mayRetry) throw error;
          await this.sleep(this.backoffMs(attempt), signal);
          continue;
        }
      }
      const body = await readBody(response).catch(() => undefined);
      deadline.clear();
      if (signal?.aborted) throw signal.reason;
      const error = new ApiError({
        operationId: op.id,
        status: response.status,
        headers: response.headers,
        body,
      });
      // A rejected app-only token (invalidated elsewhere, say) is not served again from the cache.
      if (appOnly && response.status === 401 && credentials && 'bearerToken' in credentials)
        forgetCached(this.originFor(APP_TOKEN), appOnly.consumerKey, credentials.bearerToken);
      if (!mayRetry || !isRetryableStatus(response.status)) throw error;
      const asked = this.serverWaitMs(response.status, response.headers);
      if (asked !== undefined && asked > maxWaitMs) throw error;
      await this.sleep(asked ?? this.backoffMs(attempt), signal);
    }
  }

  async #decode(
    op: OperationSpec,
    response: Response,
    deadline: Deadline | undefined,
    options: RequestOptions,
  ): Promise<unknown> {
    try {
      if (op.response === 'none' || response.status === 204 || response.status === 205) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
      }
      if (op.response === 'binary') return await response.blob();
      const text = await response.text();
      if (op.response === 'text') return text;
      if (op.response === 'form') return formObject(text);
      const type = response.headers.get('content-type') ?? '';
      if (text === '') return undefined;
      if (type && !/json/i.test(type)) {
        throw new ApiError({
          operationId: op.id,
          status: response.status,
          headers: response.headers,
          body: text,
          message: `${op.id}: expected JSON, got ${type.split(';')[0]}`,
        });
      }
      try {
        return JSON.parse(text);
      } catch {
        throw new ApiError({
          operationId: op.id,
          status: response.status,
          headers: response.headers,
          body: text,
          message: `${op.id}: the response body is not valid JSON`,
        });
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (options.signal?.aborted) throw options.signal.reason;
      if (deadline?.timedOut) throw new TimeoutError(op.id, deadline.timeoutMs);
      throw new ConnectionError(op.id, `the response body was cut off: ${connectionReason(error)}`, {
        cause: error,
      });
    } finally {
      deadline?.clear();
    }
  }

  /** Validates params before anything is sent; returns the params to send (rules may normalise a copy). */
  private check(op: OperationSpec, params: Record<string, unknown>): Record<string, unknown> {
    validateParams(op, params);
    return params;
  }
}

/** 429 (and X's older 420) and the 5xx that may pass: worth another try. */
function isRetryableStatus(status: number): boolean {
  if (status === 429 || status === 420) return true;
  return status >= 500 && status !== 501 && status !== 505;
}

/** What was seen of a response; its rate-limit figures are parsed on first read (most calls never look). */
function infoOf(op: OperationSpec, response: Response, attempt: number): ResponseInfo {
  const headers = response.headers;
  let rateLimit: RateLimit | undefined | null = null;
  return {
    operationId: op.id,
    method: op.method,
    status: response.status,
    headers,
    get rateLimit(): RateLimit | undefined {
      if (rateLimit === null) rateLimit = readRateLimit(headers);
      return rateLimit;
    },
    attempt,
  };
}

/**
 * A per-attempt timeout joined with the caller's signal: one AbortController and one timer.
 * (Cheaper on Node 20 than `AbortSignal.timeout()` + `AbortSignal.any()`, which make two more
 * signals, and unlike them the timer is cleared as soon as the attempt is over: a stream read
 * past its headers must not be cut off, and finished attempts should hold no timers.)
 */
class Deadline {
  readonly signal: AbortSignal;
  timedOut = false;
  readonly #controller: AbortController;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #outer: AbortSignal | undefined;
  #onAbort: (() => void) | undefined;

  constructor(
    readonly timeoutMs: number,
    outer: AbortSignal | undefined,
  ) {
    const controller = new AbortController();
    this.#controller = controller;
    this.signal = controller.signal;
    if (outer) {
      if (outer.aborted) controller.abort();
      else {
        const onAbort = (): void => controller.abort();
        outer.addEventListener('abort', onAbort, { once: true });
        this.#outer = outer;
        this.#onAbort = onAbort;
      }
    }
    if (timeoutMs > 0 && timeoutMs < Infinity) {
      this.#timer = setTimeout(() => {
        this.timedOut = true;
        controller.abort();
      }, timeoutMs);
    }
  }

  clear(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#onAbort !== undefined) {
      this.#outer?.removeEventListener('abort', this.#onAbort);
      this.#outer = undefined;
      this.#onAbort = undefined;
    }
  }
}

const deadlines = new WeakMap<Response, Deadline>();

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (/json/i.test(type) || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function timerSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Settles with `wait`, or rejects as soon as the signal aborts. */
function abortable(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return wait;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Decodes an ampersand-joined `key=value` body into an object (later duplicates win). */
function formObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(text).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  return out;
}
