import { applyAuth, chooseAuth, type ClientAuth, type CoreExtension, type SigningTarget } from './auth.js';
import { Deadline, pause } from './deadline.js';
import {
  ApiError,
  ConnectionError,
  connectionReason,
  readRateLimit,
  ValidationError,
  withoutUrlSecrets,
  type RateLimit,
} from './errors.js';
import { checkHeaders, scrub } from './header-checks.js';
import { decode, readBody } from './response-body.js';
import { serializeRequest } from './serialize.js';
import type {
  Call,
  FetchLike,
  OperationSpec,
  RequestOptions,
  ResponseInfo,
  Sleep,
  Transport,
} from './types.js';
import { validateParams } from './validate.js';
// The platform's: node:http on Node; elsewhere none (the global fetch), with redirects followed by
// hand (`redirects.ts`) or, in a browser, by the browser.
import { send as sendAttempt, transport } from '#transport';
import { checkRules } from './rules.js';

/** Options of the client constructor (and of `createCore`). */
export interface ClientOptions {
  /**
   * The origin requests go to (the version segment is part of each operation's path).
   * Default `https://ads-api.x.com`.
   */
  baseUrl?: string;
  /** The sandbox origin. Default `https://ads-api-sandbox.twitter.com`. */
  sandboxBaseUrl?: string;
  /** Send every operation to the sandbox origin. Sandbox-only operations always go there. */
  sandbox?: boolean;
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
  /**
   * The clock (ms since the epoch) that turns `x-rate-limit-reset` and date `retry-after` into waits.
   * For tests. Default `Date.now`.
   */
  now?: () => number;
  /**
   * Wait for the budget of a documented rate limit (`x-rate-limit`) instead of sending a request
   * sure to get a 429. Budgets are this client's, shared by its concurrent calls. Default `true`.
   */
  pacing?: boolean;
}

/**
 * What every operation is sent with: the client's options, resolved once. Create one with
 * `createCore` (the functions of `@xgen/ads-v12/functions` take it first) or let
 * `AdsClient` make its own. Credentials and headers are private: they never show in
 * `String()`, JSON or `console.log`.
 */
export class ClientCore {
  readonly baseUrl: string;
  readonly sandboxBaseUrl: string;
  readonly sandbox: boolean;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
  /** Waits, rejecting with the signal's reason when it aborts (even if a custom `sleep` ignores the signal). */
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly now: () => number;
  /** Whether calls wait for the budgets of documented rate limits (`pacing.ts`). */
  readonly pacing: boolean;
  readonly fetch: FetchLike | undefined;
  readonly onResponse: ((info: ResponseInfo) => void) | undefined;
  /** Credential support beyond bearer tokens and Basic, where it was given (see `CoreExtension`). */
  readonly extensions: CoreExtension;
  readonly #auth: ClientAuth | undefined;
  readonly #headers: Record<string, string>;

  constructor(options: ClientOptions = {}, extensions: readonly CoreExtension[] = []) {
    this.baseUrl = trimSlash(options.baseUrl ?? 'https://ads-api.x.com');
    this.sandboxBaseUrl = trimSlash(options.sandboxBaseUrl ?? 'https://ads-api-sandbox.twitter.com');
    this.sandbox = options.sandbox ?? false;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.backoffInitialMs = options.backoff?.initialMs ?? 500;
    this.backoffMaxMs = options.backoff?.maxMs ?? 8_000;
    const sleep = options.sleep;
    this.sleep = (ms, signal) => pause(sleep, Math.max(0, ms), signal);
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.pacing = options.pacing ?? true;
    this.fetch = options.fetch;
    this.onResponse = options.onResponse;
    this.extensions = Object.assign({}, ...extensions);
    this.#auth = options.auth;
    this.#headers = lowerKeys(options.headers);
    missingExtension(this.extensions, options.auth);
  }

  /** The credentials of a call: its own `auth`, or the client's. */
  authFor(options: RequestOptions): ClientAuth | undefined {
    return options.auth ?? this.#auth;
  }

  /** The headers of one attempt: `accept`, the client's, the operation's and the call's (later ones win). */
  headersFor(
    accept: string,
    own: Record<string, string>,
    call: Record<string, string> | undefined,
  ): Record<string, string> {
    return { accept, ...this.#headers, ...own, ...call };
  }
}

/**
 * The client core the functions of `@xgen/ads-v12/functions` take first: the same options as
 * `new AdsClient(...)`. Credential kinds whose code a bundle should only carry when used
 * come as extensions (see `CoreExtension`).
 */
export function createCore(options?: ClientOptions, ...extensions: CoreExtension[]): ClientCore {
  return new ClientCore(options, extensions);
}

/** Fails before anything is sent when credentials need an extension the core was not given. */
function missingExtension(extensions: CoreExtension, auth: ClientAuth | undefined): void {
  let need = '';
  if (auth && 'oauth1' in auth && !extensions.oauth1) need = 'oauth1Auth';
  if (need)
    throw new ValidationError(
      'auth',
      'unsupported-authentication',
      `these credentials need createCore(options, ${need})`,
    );
}

/** The origin an operation goes to. */
export function originFor(core: ClientCore, op: OperationSpec): string {
  if (op.sandboxOnly || core.sandbox) return core.sandboxBaseUrl;
  return core.baseUrl;
}

/** Validates params and builds the absolute URL of an operation (for browser redirect steps too). */
export function buildUrl(core: ClientCore, op: OperationSpec, params: object = {}): string {
  const checked = check(op, params as Record<string, unknown>);
  const origin = originFor(core, op);
  op.requireHttps?.(origin, op.id);
  return origin + serializeRequest(op, checked).pathAndQuery;
}

/** Sends one operation and resolves to its decoded 2xx body. */
export function request<T>(
  core: ClientCore,
  op: OperationSpec,
  params: object = {},
  options: RequestOptions = {},
): Promise<T> {
  // Params types are interfaces (no index signature): the runtime reads them by wire name.
  return attempts(core, op, params as Record<string, unknown>, options, decode) as Promise<T>;
}

/** A decoded 2xx body and what was seen of its response. */
export interface Exchange {
  body: unknown;
  info: ResponseInfo;
}

/**
 * Sends one operation and resolves to its decoded 2xx body with what was seen of the response.
 * A body cut off mid-way counts as a connection failure and is retried like one.
 */
export function exchange(
  core: ClientCore,
  op: OperationSpec,
  params: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<Exchange> {
  return attempts(core, op, params, options, async (op, response, deadline, attempt) => ({
    body: await decode(op, response, deadline),
    info: infoOf(op, response, attempt),
  }));
}

/**
 * Sends one operation and resolves to the raw 2xx response, for callers that read the body
 * themselves; the timeout stops at the headers.
 */
export function send(
  core: ClientCore,
  op: OperationSpec,
  params: Record<string, unknown>,
  options: RequestOptions,
): Promise<Response> {
  return attempts(core, op, params, options, async (_op, response, deadline) => {
    deadline.clear();
    return response;
  });
}

/** The wait before retry number `attempt + 1` when the server names none: full jitter. */
function backoffMs(core: ClientCore, attempt: number): number {
  return core.random() * Math.min(core.backoffMaxMs, core.backoffInitialMs * 2 ** attempt);
}

/**
 * How long a failed response asks to be waited for before trying again, from `retry-after`
 * (seconds or an HTTP date) or, on a 429, `x-rate-limit-reset`; undefined when it names no
 * usable wait (a reset already past, say, from clock skew).
 */
export function serverWaitMs(core: ClientCore, status: number, headers: Headers): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - core.now();
    if (Number.isFinite(ms)) return Math.max(0, ms);
  }
  if (status === 429 || status === 420) {
    const reset = readRateLimit(headers)?.reset;
    if (reset !== undefined && reset * 1000 > core.now()) return reset * 1000 - core.now();
  }
  return undefined;
}

/** What each kind of success body asks for, JSON unless named: form-encoded OAuth answers must not be refused with 406. */
const ACCEPT: Partial<Record<OperationSpec['response'], string>> = {
  form: 'application/x-www-form-urlencoded, application/json;q=0.9',
  text: 'text/plain, application/json;q=0.9',
  binary: '*/*',
};

const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE|TRACE)$/;

/**
 * Whether a call may reach the server twice (retried, resent after a reset, a stream reconnected):
 * its method is idempotent, or the call opted into retries.
 */
export function mayRepeat(op: OperationSpec, options: RequestOptions): boolean {
  return IDEMPOTENT.test(op.method) || options.retryNonIdempotent === true;
}

/**
 * Hands a 2xx response to whoever reads it; a ConnectionError thrown from here is retried like a
 * failed fetch. It takes the operation, so that `decode` is one (no closure a call).
 */
type Reader<R> = (op: OperationSpec, response: Response, deadline: Deadline, attempt: number) => Promise<R>;

/** Validation, serialisation, auth, timeouts and retries of one call; `read` takes each 2xx response. */
async function attempts<R>(
  core: ClientCore,
  op: OperationSpec,
  input: Record<string, unknown>,
  options: RequestOptions,
  read: Reader<R>,
): Promise<R> {
  const params = check(op, input);
  const auth = core.authFor(options);
  const kind = chooseAuth(op, auth);
  const origin = originFor(core, op);
  op.requireHttps?.(origin, op.id);
  if (options.auth) missingExtension(core.extensions, options.auth);
  const serialized = serializeRequest(op, params);
  let credentials = auth;
  // The user's fetch, else the platform's transport (node:http on Node), else the global fetch.
  const fetchImpl: Transport | undefined =
    core.fetch ?? transport ?? (globalThis.fetch as FetchLike | undefined);
  if (!fetchImpl) throw new ConnectionError(op.id, 'no fetch function');
  const maxRetries = Math.max(0, options.maxRetries ?? core.maxRetries) || 0;
  const retryable = mayRepeat(op, options);
  const timeoutMs = options.timeoutMs ?? core.timeoutMs;
  const signal = options.signal;
  const callHeaders = options.headers ? lowerKeys(options.headers) : undefined;
  const call: Call = {
    op,
    kind,
    fetch: fetchImpl,
    // The node transport watches the deadline itself; a fetch is handed an AbortSignal.
    native: fetchImpl === transport,
    given: fetchImpl === core.fetch,
    // A fresh object each time: auth writes into it.
    headers: () =>
      core.headersFor(ACCEPT[op.response] ?? 'application/json', serialized.headers, callHeaders),
    // Signed again on every attempt and redirect: OAuth 1.0a nonces and timestamps must be fresh.
    sign: (target) => applyAuth(op, kind, credentials, target, core.extensions),
    fail: (message) => new ConnectionError(op.id, message),
  };
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    const mayRetry = retryable && attempt < maxRetries;
    // A documented rate limit: wait for room in its budget (before signing, and before the attempt's time limit starts).
    const paced = op.pacing ? await op.pacing.pace(core, op.pacing.limits, params, signal) : undefined;
    const target: SigningTarget = {
      method: op.method,
      url: origin + serialized.pathAndQuery,
      form: serialized.form,
      headers: call.headers(),
    };
    try {
      const url = call.sign(target);
      target.url = typeof url === 'string' ? url : await url;
      checkHeaders(op, target.headers, credentials, callHeaders);
    } catch (error) {
      paced?.();
      throw error;
    }
    const deadline = new Deadline(timeoutMs, signal, retryable);
    let response: Response;
    try {
      response = await sendAttempt(call, target, serialized.body ?? null, deadline);
    } catch (error) {
      paced?.();
      deadline.clear();
      deadline.rethrow(op.id);
      if (error instanceof ConnectionError || error instanceof ValidationError) throw error;
      // Whatever fetch says of the request (Node quotes a refused header) loses the credentials and header values.
      const reason = connectionReason(error);
      const scrubbed = scrub(reason, target.headers, credentials);
      // The cause goes along only when nothing had to be taken out of what it says.
      const clean =
        scrubbed === reason &&
        !(error instanceof Error && withoutUrlSecrets(error.message) !== error.message);
      if (!mayRetry) throw new ConnectionError(op.id, scrubbed, clean ? { cause: error } : undefined);
      await core.sleep(backoffMs(core, attempt), signal);
      continue;
    }
    paced?.(response.headers);
    // What was seen of a response is made only for someone who looks.
    if (core.onResponse || options.onResponse) {
      const info = infoOf(op, response, attempt);
      core.onResponse?.(info);
      options.onResponse?.(info);
    }
    let wait: number | undefined;
    if (response.ok) {
      try {
        return await read(op, response, deadline, attempt);
      } catch (error) {
        if (!(error instanceof ConnectionError) || !mayRetry) throw error;
      }
    } else {
      const body = await readBody(response).catch(() => undefined);
      deadline.clear();
      if (signal?.aborted) throw signal.reason;
      const error = new ApiError({
        operationId: op.id,
        status: response.status,
        headers: response.headers,
        body,
      });
      if (!mayRetry || !isRetryableStatus(response.status)) throw error;
      wait = serverWaitMs(core, response.status, response.headers);
      if (wait !== undefined && wait > (options.maxRetryWaitMs ?? core.maxRetryWaitMs)) throw error;
    }
    await core.sleep(wait ?? backoffMs(core, attempt), signal);
  }
}

/** Validates params before anything is sent; returns the params to send (rules may normalise a copy). */
function check(op: OperationSpec, params: Record<string, unknown>): Record<string, unknown> {
  validateParams(op, params);
  return checkRules(op, params);
}

/** 429 (and X's older 420) and the 5xx that may pass: worth another try. */
function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 420 || (status >= 500 && status !== 501 && status !== 505);
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

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in headers) out[key.toLowerCase()] = headers[key]!;
  return out;
}
