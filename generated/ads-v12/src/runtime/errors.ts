/** A legacy error entry, as in `{ "errors": [{ "code": 89, "message": "Invalid or expired token." }] }`. */
export interface LegacyError {
  code: number | string;
  message: string;
  [field: string]: unknown;
}

/** Rate-limit figures from the `x-rate-limit-*` headers, when the server sent them. */
export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** When the window resets, in seconds since the epoch. */
  reset?: number;
}

/** Reads the rate-limit headers of a response. */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  let out: RateLimit | undefined;
  for (const key of ['limit', 'remaining', 'reset'] as const) {
    const value = Number(headers.get(`x-rate-limit-${key}`) ?? NaN);
    if (Number.isFinite(value)) (out ??= {})[key] = value;
  }
  return out;
}

/** The server answered with a status outside 2xx, or with a body that could not be read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The operation that failed. */
  readonly operationId: string;
  readonly status: number;
  readonly headers: Headers;
  /** The RFC 7807 problem, when the body was one. */
  readonly problem:
    | { type: string; title?: string; detail?: string; status?: number; [field: string]: unknown }
    | undefined;
  /** Legacy `{ code, message }` errors, when the body held them. */
  readonly legacyErrors: LegacyError[] | undefined;
  /** The parsed body (or its text when it was not JSON). */
  readonly body: unknown;
  readonly rateLimit: RateLimit | undefined;

  constructor(init: {
    operationId: string;
    status: number;
    headers: Headers;
    body: unknown;
    message?: string;
  }) {
    const body = init.body;
    const problem =
      isRecord(body) &&
      typeof body.type === 'string' &&
      (typeof body.title === 'string' || body.type === 'about:blank')
        ? body
        : undefined;
    const legacyErrors = isLegacy(body)
      ? [body]
      : isRecord(body) && Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every(isLegacy)
        ? body.errors
        : undefined;
    const detail = problem
      ? [problem.title, problem.detail].filter((part) => typeof part === 'string').join(': ')
      : legacyErrors
        ? `${legacyErrors[0]!.message} (code ${legacyErrors[0]!.code})`
        : '';
    super(
      init.message ?? `${init.operationId} failed with HTTP ${init.status}${detail ? `: ${detail}` : ''}`,
    );
    this.operationId = init.operationId;
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.problem = problem as ApiError['problem'];
    this.legacyErrors = legacyErrors;
    this.rateLimit = readRateLimit(init.headers);
  }

  toJSON(): Record<string, unknown> {
    return fieldsOf(this, 'name message operationId status problem legacyErrors rateLimit');
  }
}

/** A parameter broke a documented rule; nothing was sent. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    /** The parameter (wire name, or a dotted path into the body) that broke the rule. */
    readonly parameter: string,
    /** The rule, e.g. `pattern ^[0-9]{1,19}$` or `required`. */
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return fieldsOf(this, 'name message parameter rule');
  }
}

/** No complete response arrived within the timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(
    readonly operationId: string,
    readonly timeoutMs: number,
  ) {
    super(`${operationId}: no response within ${timeoutMs} ms`);
  }
}

/** The request could not reach the server, or the connection broke. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(
    readonly operationId: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${operationId}: connection failed (${reason})`, options);
  }
}

/** What `toJSON` gives of an error: the properties `names` lists (by spaces), in that order; never `headers` or `body`. */
function fieldsOf(error: Error, names: string): Record<string, unknown> {
  return Object.fromEntries(
    names.split(' ').map((name) => [name, (error as unknown as Record<string, unknown>)[name]]),
  );
}

function isLegacy(value: unknown): value is LegacyError {
  return (
    isRecord(value) &&
    (typeof value.code === 'number' || typeof value.code === 'string') &&
    typeof value.message === 'string'
  );
}

/** A plain JSON-like object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A short, secret-free reason for a failed fetch: the system error code when there is one, else the
 * error's message with every URL in it shown without user name, password and query (a `fetch` of
 * the caller's may quote the URL, API key and all).
 */
export function connectionReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (error instanceof Error) return withoutUrlSecrets(error.message);
  return 'unknown error';
}

/**
 * A text with the user info and query taken out of each URL in it: whatever stands between `//` and
 * an `@`, and from a `?` to the next space or `#` (in a URL or not: a reason loses nothing it needs).
 */
export function withoutUrlSecrets(text: string): string {
  return text.replace(/(\/\/)[^\s/?#@]*@|\?[^\s#]*/g, '$1');
}
