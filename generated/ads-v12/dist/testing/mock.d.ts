import type { AuthKind, OperationSpec } from '../runtime/types.js';
import { MockViolation } from './request.js';
import type { MockSpec } from './spec-types.js';
/** The shape of a package's `OperationTypes`: each operation's params and result, by operationId. */
export type OperationTable<T> = {
  [K in keyof T]: {
    params: unknown;
    result: unknown;
  };
};
/** What an operation's call resolves to: its body (a page, for a paginated one), or for a stream one event. */
export type BodyOf<R> =
  R extends PromiseLike<unknown> ? Awaited<R> : R extends AsyncIterable<infer E> ? E : R;
/** The ids of the operations that page (their result is awaitable and iterable). */
export type PagedId<T extends OperationTable<T>> = {
  [K in keyof T]: T[K]['result'] extends PromiseLike<unknown> & AsyncIterable<unknown> ? K : never;
}[keyof T] &
  string;
/** The ids of the streaming operations (iterable, not awaitable). */
export type StreamId<T extends OperationTable<T>> = {
  [K in keyof T]: T[K]['result'] extends PromiseLike<unknown>
    ? never
    : T[K]['result'] extends AsyncIterable<unknown>
      ? K
      : never;
}[keyof T] &
  string;
/** One item of a paginated operation. */
export type ItemOf<R> = R extends AsyncIterable<infer I> ? I : never;
/** A request as it reached the mock. */
export interface MockRequest<P = Record<string, unknown>> {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  /** The params object a client call would have taken to send it (path, query, header and body fields). */
  readonly params: P;
  /** Its headers, lower-cased; credentials are masked (`auth` says which kind came). */
  readonly headers: Readonly<Record<string, string>>;
  /** The kind of credentials it carried. */
  readonly auth: AuthKind | undefined;
}
/** How an operation fails: an HTTP error (a problem, legacy errors, any body), a timeout or a reset connection. */
export type MockFailure =
  | {
      readonly status: number;
      /** The problem body (`application/problem+json`). */
      readonly problem?: Readonly<Record<string, unknown>> & {
        readonly type: string;
      };
      /** Legacy `{ code, message }` errors, sent as `{ "errors": [...] }`. */
      readonly errors?: readonly {
        readonly code: number;
        readonly message: string;
      }[];
      /** Any other JSON body. */
      readonly body?: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      readonly timeout: true;
    }
  | {
      readonly reset: true;
    };
/** An answer: the body, or a function of the request's params that returns it. */
export type Answer<T extends OperationTable<T>, K extends keyof T> =
  | BodyOf<T[K]['result']>
  | ((
      params: T[K]['params'],
      request: MockRequest<T[K]['params']>,
    ) => BodyOf<T[K]['result']> | Promise<BodyOf<T[K]['result']>>);
export interface MockOptions {
  /** Seeds the values built from the schemas (default 1): the same seed, the same answers. */
  readonly seed?: number;
}
/** A typed test double of the API: see `createMock`. */
export interface Mock<T extends OperationTable<T>> {
  /** Pass as the client's `fetch` option (or call it directly): answers as the API would. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Answers `id` with this body (or what the function returns) from now on. */
  on<K extends keyof T & string>(id: K, answer: Answer<T, K>): this;
  /** Makes `id` fail from now on. A 429 carries `x-rate-limit-*` headers unless `headers` gives its own. */
  fail<K extends keyof T & string>(id: K, failure: MockFailure): this;
  /** Answers `id` page by page with these items, the next token of each page leading to the next. */
  pages<K extends PagedId<T>>(id: K, pages: readonly (readonly ItemOf<T[K]['result']>[])[]): this;
  /** Answers the streaming `id` with these events, then ends the stream. */
  stream<K extends StreamId<T>>(id: K, events: readonly BodyOf<T[K]['result']>[]): this;
  /** The requests of `id` that reached the mock, in order (refused ones too). */
  calls<K extends keyof T & string>(id: K): readonly MockRequest<T[K]['params']>[];
  /** What `id` answers when nothing else is set: the spec's example, else a value built from its schema. */
  defaultResponse<K extends keyof T & string>(
    id: K,
    params?: Partial<T[K]['params']>,
  ): BodyOf<T[K]['result']>;
  /** Every request refused so far, each naming the operation, the parameter and the rule. */
  violations(): readonly MockViolation[];
  /** Forgets answers, failures, pages, streams, calls and violations. */
  reset(): void;
}
/** Checks a call's params as the client does (the runtime's validators). */
export type ParamsChecker = (op: OperationSpec, params: Record<string, unknown>) => void;
/** The mock over a package's operation descriptors and spec table (the package's `createMock` calls it). */
export declare function createMockOf<T extends OperationTable<T>>(
  operations: Readonly<Record<string, OperationSpec>>,
  spec: MockSpec,
  check: ParamsChecker,
  options?: MockOptions,
): Mock<T>;
export { MockViolation };
