import type { Problem } from '../problems.js';
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
export declare function readRateLimit(headers: Headers): RateLimit | undefined;
/** The server answered with a status outside 2xx, or with a body that could not be read. */
export declare class ApiError extends Error {
  readonly name = 'ApiError';
  /** The operation that failed. */
  readonly operationId: string;
  readonly status: number;
  readonly headers: Headers;
  /** The RFC 7807 problem, when the body was one; narrow it on `problem.type`. */
  readonly problem: Problem | undefined;
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
  });
  toJSON(): Record<string, unknown>;
}
/** A parameter broke a documented rule; nothing was sent. */
export declare class ValidationError extends Error {
  /** The parameter (wire name, or a dotted path into the body) that broke the rule. */
  readonly parameter: string;
  /** The rule, e.g. `pattern ^[0-9]{1,19}$` or `required`. */
  readonly rule: string;
  readonly name = 'ValidationError';
  constructor(
    /** The parameter (wire name, or a dotted path into the body) that broke the rule. */
    parameter: string,
    /** The rule, e.g. `pattern ^[0-9]{1,19}$` or `required`. */
    rule: string,
    message: string,
  );
  toJSON(): Record<string, unknown>;
}
/** No complete response arrived within the timeout. */
export declare class TimeoutError extends Error {
  readonly operationId: string;
  readonly timeoutMs: number;
  readonly name = 'TimeoutError';
  constructor(operationId: string, timeoutMs: number);
}
/** The request could not reach the server, or the connection broke. */
export declare class ConnectionError extends Error {
  readonly operationId: string;
  readonly name = 'ConnectionError';
  constructor(
    operationId: string,
    reason: string,
    options?: {
      cause?: unknown;
    },
  );
}
/** A plain JSON-like object (not null, not an array). */
export declare function isRecord(value: unknown): value is Record<string, unknown>;
/**
 * A short, secret-free reason for a failed fetch: the system error code when there is one, else the
 * error's message with every URL in it shown without user name, password and query (a `fetch` of
 * the caller's may quote the URL, API key and all).
 */
export declare function connectionReason(error: unknown): string;
/**
 * A text with the user info and query taken out of each URL in it: whatever stands between `//` and
 * an `@`, and from a `?` to the next space or `#` (in a URL or not: a reason loses nothing it needs).
 */
export declare function withoutUrlSecrets(text: string): string;
