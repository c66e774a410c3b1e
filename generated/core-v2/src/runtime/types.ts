/** Types shared by the client runtime and the generated operation table. */

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

/** A kind of credential an operation accepts. */
export type AuthKind = 'bearer' | 'oauth1' | 'basic' | 'apiKey';

/** Rules a value must meet before it is sent; read from the spec. */
export interface ValueChecks {
  readonly type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly items?: ValueChecks;
  readonly format?: string;
}

/** How an array or object value goes on the wire. */
export type ParamStyle = 'simple' | 'csv' | 'ssv' | 'pipes' | 'multi' | 'deepObject' | 'json';

export interface ParamSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly style?: ParamStyle;
  readonly checks?: ValueChecks;
}

export interface BodySpec {
  readonly contentType: string;
  readonly encoding: 'json' | 'form' | 'multipart' | 'binary' | 'text';
  /** The body's fields sit in the params object (`fields`), or the body is `params.body` (`whole`). */
  readonly mode: 'fields' | 'whole';
  readonly required?: boolean;
  /** Checks on the top-level fields of an object body. */
  readonly fields?: Readonly<Record<string, ValueChecks & { readonly required?: boolean }>>;
}

export interface PaginationSpec {
  readonly style: 'token' | 'cursor';
  readonly limit?: string;
  readonly token: string;
  readonly next: string;
  readonly previous?: string;
  readonly items: string;
}

/** A cross-field rule from the spec's `x-validation`. */
export interface RuleSpec {
  readonly rule: string;
  readonly [argument: string]: unknown;
}

/** Everything the runtime needs to send one operation; generated from the spec. */
export interface OperationSpec {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: string;
  readonly params?: readonly ParamSpec[];
  readonly body?: BodySpec;
  readonly response: 'json' | 'form' | 'text' | 'binary' | 'none';
  /** Alternatives; each lists credentials that must all be present. Absent: the spec states none. */
  readonly security?: readonly (readonly AuthKind[])[];
  readonly pagination?: PaginationSpec;
  readonly streaming?: 'ndjson';
  readonly browserStep?: boolean;
  readonly sandboxOnly?: boolean;
  readonly rules?: readonly RuleSpec[];
}

/** A paginated operation's descriptor. */
export type PaginatedOperationSpec = OperationSpec & { readonly pagination: PaginationSpec };

/** Per-call options, the optional second argument of every method. */
export interface RequestOptions {
  /** Cancels the request (and any wait between retries). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call, in milliseconds. */
  timeoutMs?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Overrides the client's retry count for this call. */
  maxRetries?: number;
  /** Retry this call even though its method is not idempotent (POST, PATCH). */
  retryNonIdempotent?: boolean;
}

/** The `fetch` the client uses; any WHATWG-compatible implementation. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
