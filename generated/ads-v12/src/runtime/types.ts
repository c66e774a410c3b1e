/** Types shared by the client runtime and the generated operation table. */

import type { ClientAuth, SigningTarget } from './auth.js';
import type { RateLimit } from './errors.js';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

/**
 * A kind of credential an operation accepts. `bearer`: any bearer token; `oauth2`: an OAuth 2.0 user
 * access token (an app-only token does not do).
 */
export type AuthKind = 'bearer' | 'oauth2' | 'oauth1' | 'basic' | 'apiKey';

/**
 * Checks one present value against the rules its schema states, throwing a ValidationError that
 * names `name` (with `[index]` for an array item) and the rule. Made by the makers of `validate.ts`
 * (`string({ pattern })`, `array({ items })`, ...), so a bundle carries only the rules it uses.
 */
export type ValueCheck = (op: OperationSpec, name: string, value: unknown, index?: number) => void;

/** A value an enum may list. */
export type EnumValue = string | number | boolean | null;

/** Checks a call's params as a whole, throwing a ValidationError. */
export type ParamsCheck = (op: OperationSpec, params: Record<string, unknown>) => void;

/** Whether a parameter or body field must be given, and how it is checked when it is. */
export interface FieldSpec {
  readonly required?: boolean;
  /** `null` is a valid value (and counts as given for a required field). */
  readonly nullable?: boolean;
  readonly check?: ValueCheck;
}

/**
 * How a parameter's value goes on the wire (`csv`, `multi`, `simple`, ... of `serialize.ts`): for a
 * query, `name=value` pairs joined by `&`; for a path, header or cookie, the value. `encode`
 * percent-encodes a path or cookie value's parts (a header's are sent as they are).
 */
export type ParamStyle = (
  name: string,
  value: unknown,
  explode: boolean,
  encode: (text: string) => string,
) => string;

export interface ParamSpec extends FieldSpec {
  /** The name on the wire. */
  readonly name: string;
  /** The key in the params object, when not the wire name (the same name in two locations). */
  readonly key?: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly style: ParamStyle;
  /** `explode` of a path or header parameter (`simple`, `label`, `matrix`): objects as `k=v`, arrays repeated. */
  readonly explode?: boolean;
  /**
   * The type of a query parameter of an operation that pages by `Link` headers, where it is not a
   * string: the next page's URL gives every value as text.
   */
  readonly type?: 'array' | 'integer' | 'number' | 'boolean';
}

/** A body encoded for fetch; `form` keeps the decoded pairs of a form body (OAuth 1.0a signs them). */
export interface EncodedBody {
  body: BodyInit;
  form?: [string, string][];
  contentType?: string;
}

/**
 * Gathers the body of a call from its params and encodes it; undefined when there is no body to
 * send. Each descriptor names its own (`encodeJson`, `encodeForm`, ... in `serialize.ts`), so a
 * bundle carries only the encoders (and the body handling) of the operations it calls.
 */
export type BodyEncoder = (op: OperationSpec, params: Record<string, unknown>) => EncodedBody | undefined;

export interface BodySpec extends FieldSpec {
  readonly contentType: string;
  readonly encoding: 'json' | 'form' | 'multipart' | 'binary' | 'text';
  /** The encoder of `encoding`. */
  readonly encode: BodyEncoder;
  /** The body's fields sit in the params object (`fields`), or the body is `params.body` (`whole`). */
  readonly mode: 'fields' | 'whole';
  /** Every top-level field of an object body (`fields` mode), with its checks; `check` is for a whole body. */
  readonly fields?: Readonly<Record<string, FieldSpec>>;
  /** The object body admits fields it does not name: any params key may be one. */
  readonly open?: boolean;
  /**
   * A body of one shape among several (`oneOf`): the check that fields of two shapes are not given
   * together (`oneShape`).
   */
  readonly exclusive?: ParamsCheck;
}

/**
 * How an operation pages: `token`/`cursor` (the next token at `next` in the body, sent back in
 * the `token` parameter), `after` (while `hasMore`, the token at `next` or the last item's id),
 * `link` (the `rel="next"` URL of the `Link` header) or `offset` (this offset plus the items received).
 */
export interface PaginationSpec {
  readonly style: 'token' | 'cursor' | 'after' | 'link' | 'offset';
  readonly limit?: string;
  readonly token: string;
  readonly next?: string;
  readonly previous?: string;
  /** Dotted path to the items; `''` when the body is the array. */
  readonly items: string;
  readonly hasMore?: string;
  readonly total?: string;
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
  /** Another 2xx response of the spec has no body: an empty body resolves to `undefined` (the result type says so). */
  readonly mayBeEmpty?: true;
  /**
   * The error statuses the spec declares (`404`, `4XX`, `default`), each with whether it types the
   * body: `ApiError.body` holds a body only where the status that answers for it says `true`.
   */
  readonly errorBodies?: Readonly<Record<string, boolean>>;
  /** Alternatives; each lists credentials that must all be present. Absent: the spec states none. */
  readonly security?: readonly (readonly AuthKind[])[];
  readonly pagination?: PaginationSpec;
  /** Events arrive as newline-delimited JSON or as Server-Sent Events (`text/event-stream`). */
  readonly streaming?: 'ndjson' | 'sse';
  readonly browserStep?: boolean;
  readonly sandboxOnly?: boolean;
  /**
   * An OAuth step: refused over anything but HTTPS (loopback hosts excepted, for tests). The check
   * itself (`requireSecureUrl`), so that a bundle of other operations leaves it out.
   */
  readonly requireHttps?: (url: string, subject: string) => void;
  /**
   * How the HTTP Basic `Authorization` of this operation is made from the credentials, where its
   * security allows Basic (or states none): `basicCredentials`, or `formBasicCredentials` (user name
   * and password form-encoded before base64, RFC 6749 section 2.3.1). A function, so that a bundle
   * of operations without Basic leaves it out.
   */
  readonly basic?: (auth: ClientAuth) => string | undefined;
  readonly rules?: readonly RuleSpec[];
  /** Where this operation's API key goes, when its security names an apiKey scheme. */
  readonly apiKey?: { readonly in: 'header' | 'query' | 'cookie'; readonly name: string };
  /** Documented rate limits (`x-rate-limit`), with the pacer that waits for them (`pacing.ts`). */
  readonly pacing?: PacingSpec;
}

/** At most `requests` requests in any window of `windowMs`, from the client's budget `key`. */
export interface RateLimitSpec {
  readonly key: string;
  readonly requests: number;
  readonly windowMs: number;
  /** Only requests that set this parameter count (and wait). */
  readonly when?: string;
}

/** What a pacer needs of the client: its clock, its sleep and whether pacing is on. */
export interface PacingClock {
  readonly pacing: boolean;
  readonly now: () => number;
  readonly sleep: Sleep;
}

/**
 * Waits until every budget of the operation has room for one more request, takes it, and returns
 * the function to call when the request is over (its slot is then counted from that moment), with
 * the response's headers when there was a response (their `x-rate-limit-*` figures correct the budget).
 */
export type Pacer = (
  clock: PacingClock,
  limits: readonly RateLimitSpec[],
  params: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<(headers?: Headers) => void>;

export interface PacingSpec {
  readonly pace: Pacer;
  readonly limits: readonly RateLimitSpec[];
}

/** A paginated operation's descriptor. */
export type PaginatedOperationSpec = OperationSpec & { readonly pagination: PaginationSpec };

/** What the client saw of one HTTP response: every attempt, retried ones and failures included. */
export interface ResponseInfo {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly status: number;
  readonly headers: Headers;
  /** The `x-rate-limit-limit`, `-remaining` and `-reset` figures, when the server sent them. */
  readonly rateLimit: RateLimit | undefined;
  /** 0 for the first attempt, 1 for the first retry, ... */
  readonly attempt: number;
}

/**
 * Waits `ms` milliseconds, rejecting with `signal.reason` when the signal aborts. The client's
 * retry, reconnection and polling waits all go through one; replace it in tests or to plug in a
 * custom scheduler.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Per-call options, the optional second argument of every method. */
export interface RequestOptions {
  /** Cancels the request, and any wait between retries. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call: the time each attempt has to get a complete response, in milliseconds. */
  timeoutMs?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Overrides the client's retry count for this call. */
  maxRetries?: number;
  /** Overrides the client's longest wait for a `retry-after` or rate-limit reset, in milliseconds. */
  maxRetryWaitMs?: number;
  /** Retry this call even though its method is not idempotent (POST, PATCH): only when sending it twice is harmless. */
  retryNonIdempotent?: boolean;
  /** Called with every HTTP response of this call (after the client's own `onResponse`), e.g. to read rate-limit figures. */
  onResponse?: (info: ResponseInfo) => void;
  /**
   * Credentials for this call instead of the client's, e.g. to sign one OAuth step with a
   * request token. The operation's security still decides whether they may be sent.
   */
  auth?: ClientAuth;
}

/** The `fetch` the client uses; any WHATWG-compatible implementation. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * What stops a request of the node transport besides `init.signal`: the attempt's deadline, watched
 * with a plain callback (cheaper than an AbortSignal and its listeners).
 */
export interface Stop {
  /** Whether it stopped, and why. */
  readonly stopped: boolean;
  readonly reason: unknown;
  /** Called once when it stops; the transport sets it, and unsets it when the body is over. */
  onStop: ((reason: unknown) => void) | undefined;
  /**
   * Whether the request may reach the server twice (an idempotent method, or retries opted into):
   * only then may the transport resend it after a reset of which it cannot tell whether the server
   * read it. Unset: by the method alone.
   */
  readonly resendable?: boolean;
}

/** The timers of attempts' time limits (the node transport's are cheaper than a `setTimeout` each). */
export type SetTimer = (fire: () => void, ms: number) => unknown;
export type ClearTimer = (timer: unknown) => void;

/** A fetch, or the node transport (which takes a `Stop`). */
export type Transport = (input: string, init: RequestInit, stop?: Stop) => Promise<Response>;

/** One attempt's time limit joined with the caller's signal: a `Stop`, and the `AbortSignal` a fetch is given. */
export interface Deadline extends Stop {
  readonly signal: AbortSignal | undefined;
}

/** What the `#transport` module needs of a call to send its attempts and deal with redirects. */
export interface Call {
  readonly op: OperationSpec;
  /** The kind of credentials the call sends (none: undefined). */
  readonly kind: AuthKind | undefined;
  /** What requests go through: the `fetch` option, the platform's transport or the global fetch. */
  readonly fetch: Transport;
  /** Whether `fetch` is the platform's transport (it watches the `Stop` itself, no AbortSignal). */
  readonly native: boolean;
  /** Whether `fetch` is the user's own (the `fetch` option). */
  readonly given: boolean;
  /** The headers of a new request: a fresh object each time (signing writes into it). */
  headers(): Record<string, string>;
  /** Adds the credentials to a request; returns the URL to send. */
  sign(target: SigningTarget): string | Promise<string>;
  /** The ConnectionError of this call with `message` (made by the runtime: the transport module imports none of it). */
  fail(message: string): Error;
}

/**
 * Sends one attempt's request and deals with redirects as the platform allows: followed by hand
 * where a redirect can be seen (Node, Deno, Bun, edge), by the browser's fetch in a browser.
 */
export type Send = (
  call: Call,
  first: SigningTarget,
  body: BodyInit | null,
  deadline: Deadline,
) => Promise<Response>;
