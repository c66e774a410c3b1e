import { applyAuth, chooseAuth, type ClientAuth } from './auth.js';
import { ApiError, ConnectionError, TimeoutError } from './errors.js';
import { serializeRequest } from './serialize.js';
import type { FetchLike, OperationSpec, RequestOptions } from './types.js';
import { validateParams } from './validate.js';

/** Options of the client constructor. */
export interface ClientOptions {
  /** The origin requests go to (the version segment is part of each operation's path). Default `https://api.x.com`. */
  baseUrl?: string;
  /** Credentials; each operation uses the ones its spec allows. */
  auth?: ClientAuth;
  /** A `fetch` to use instead of the global one. */
  fetch?: FetchLike;
  /** Time allowed for each attempt, in milliseconds, until the body is read. Default 30,000. */
  timeoutMs?: number;
  /** Retries after 429, 5xx or a connection failure, for idempotent methods. Default 2. */
  maxRetries?: number;
  /** The longest wait for a rate-limit reset before giving up, in milliseconds. Default 60,000. */
  maxRetryWaitMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** Sends operations: validation, serialisation, auth, timeouts, retries and response decoding. */
export class ClientCore {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  readonly #auth: ClientAuth | undefined;
  readonly #fetch: FetchLike | undefined;
  readonly #headers: Record<string, string>;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = trimSlash(options.baseUrl ?? 'https://api.x.com');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.#auth = options.auth;
    this.#fetch = options.fetch;
    this.#headers = lowerKeys(options.headers ?? {});
  }

  /** The origin an operation goes to. */
  originFor(op: OperationSpec): string {
    void op;
    return this.baseUrl;
  }

  /** Validates params and builds the absolute URL of an operation (for browser redirect steps too). */
  buildUrl(op: OperationSpec, params: Record<string, unknown> = {}): string {
    this.check(op, params);
    return this.originFor(op) + serializeRequest(op, params).pathAndQuery;
  }

  /** Sends one operation and resolves to its decoded 2xx body. */
  async request<T>(
    op: OperationSpec,
    params: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const response = await this.send(op, params, options);
    return (await this.decode(op, response, options)) as T;
  }

  /** Sends one operation and resolves to the raw 2xx response (streams read it themselves). */
  async send(
    op: OperationSpec,
    params: Record<string, unknown>,
    options: RequestOptions,
    timed = true,
  ): Promise<Response> {
    this.check(op, params);
    const kind = chooseAuth(op, this.#auth);
    const serialized = serializeRequest(op, params);
    const fetchImpl = this.#fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (!fetchImpl) throw new ConnectionError(op.id, 'no fetch implementation available');
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const retryable = IDEMPOTENT.has(op.method) || options.retryNonIdempotent === true;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...this.#headers,
        ...serialized.headers,
        ...lowerKeys(options.headers ?? {}),
      };
      const target = {
        method: op.method,
        url: this.originFor(op) + serialized.pathAndQuery,
        form: serialized.form,
        headers,
      };
      const url = await applyAuth(kind, this.#auth, target);
      const timeoutMs = options.timeoutMs ?? this.timeoutMs;
      const deadline = new Deadline(timeoutMs, options.signal);
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
        if (options.signal?.aborted) throw options.signal.reason;
        const failure = deadline.timedOut
          ? new TimeoutError(op.id, timeoutMs)
          : new ConnectionError(op.id, reasonOf(error), { cause: error });
        if (retryable && attempt < maxRetries) {
          await sleep(backoff(attempt), options.signal);
          continue;
        }
        throw failure;
      }
      if (response.ok) {
        // Keep the timeout running until the body is read, unless the caller streams it.
        if (timed) attachDeadline(response, deadline);
        else deadline.clear();
        return response;
      }
      const body = await readBody(response).catch(() => undefined);
      deadline.clear();
      const error = new ApiError({
        operationId: op.id,
        status: response.status,
        headers: response.headers,
        body,
      });
      const wait =
        retryable && attempt < maxRetries ? retryDelay(response, attempt, this.maxRetryWaitMs) : undefined;
      if (wait === undefined) throw error;
      await sleep(wait, options.signal);
    }
  }

  /** Reads a 2xx body as the spec says it is encoded. */
  async decode(op: OperationSpec, response: Response, options: RequestOptions = {}): Promise<unknown> {
    const deadline = deadlines.get(response);
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
      throw new ConnectionError(op.id, reasonOf(error), { cause: error });
    } finally {
      deadline?.clear();
    }
  }

  private check(op: OperationSpec, params: Record<string, unknown>): void {
    validateParams(op, params);
  }
}

/** A per-attempt timeout joined with the caller's signal. */
class Deadline {
  readonly signal: AbortSignal;
  timedOut = false;
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onAbort = (): void => this.#controller.abort();

  constructor(
    readonly timeoutMs: number,
    outer: AbortSignal | undefined,
  ) {
    this.signal = this.#controller.signal;
    if (outer?.aborted) this.#controller.abort();
    outer?.addEventListener('abort', this.#onAbort, { once: true });
    this.#outer = outer;
    if (Number.isFinite(timeoutMs) && timeoutMs > 0) {
      this.#timer = setTimeout(() => {
        this.timedOut = true;
        this.#controller.abort();
      }, timeoutMs);
    }
  }

  readonly #outer: AbortSignal | undefined;

  clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#outer?.removeEventListener('abort', this.#onAbort);
  }
}

const deadlines = new WeakMap<Response, Deadline>();
function attachDeadline(response: Response, deadline: Deadline): void {
  deadlines.set(response, deadline);
}

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

/** How long to wait before retrying a failed response, or undefined when it should not be retried. */
function retryDelay(response: Response, attempt: number, maxWaitMs: number): number | undefined {
  const status = response.status;
  if (status !== 429 && status < 500) return undefined;
  if (status === 501 || status === 505) return undefined;
  const retryAfter = response.headers.get('retry-after');
  let wait: number | undefined;
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  } else if (status === 429) {
    const reset = Number(response.headers.get('x-rate-limit-reset'));
    if (Number.isFinite(reset) && reset > 0) wait = reset * 1000 - Date.now();
  }
  if (wait === undefined || !Number.isFinite(wait)) return backoff(attempt);
  wait = Math.max(0, wait);
  return wait > maxWaitMs ? undefined : wait;
}

/** Exponential backoff with full jitter: a random wait up to 0.5 s, 1 s, 2 s, ... capped at 8 s. */
function backoff(attempt: number): number {
  return Math.random() * Math.min(8_000, 500 * 2 ** attempt);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
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

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (error instanceof Error) return error.message;
  return 'unknown error';
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
