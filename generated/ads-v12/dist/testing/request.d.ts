/**
 * What a request that reaches the mock says, read back into the params object a client call takes,
 * and checked as X would check it: the route, every parameter and body field (undocumented ones
 * too), the documented limits and the credentials the operation requires.
 */
import type { AuthKind, OperationSpec } from '../runtime/types.js';
import type { MockOperation } from './spec-types.js';
/** A request the spec refuses: names the operation, the parameter and the rule. */
export declare class MockViolation extends Error {
  readonly operationId: string;
  /** The parameter (wire name, or a dotted path into the body); `(route)` or `(auth)` for the request as a whole. */
  readonly parameter: string;
  /** The rule broken: `unknown-parameter`, `maximum`, `pattern ...`, `auth`, `route`, ... */
  readonly rule: string;
  readonly name = 'MockViolation';
  constructor(
    operationId: string,
    /** The parameter (wire name, or a dotted path into the body); `(route)` or `(auth)` for the request as a whole. */
    parameter: string,
    /** The rule broken: `unknown-parameter`, `maximum`, `pattern ...`, `auth`, `route`, ... */
    rule: string,
    detail: string,
  );
}
/** One operation the mock can route to. */
export interface Route {
  readonly op: OperationSpec;
  readonly meta: MockOperation;
  readonly pattern: RegExp;
  /** The names of the path's `{parameters}`, in order. */
  readonly names: readonly string[];
  /** Literal segments: more of them wins over a template that also matches. */
  readonly literals: number;
}
export declare function routeOf(op: OperationSpec, meta: MockOperation): Route;
/** The operation a method and path name, the most literal one first; the path's values by name. */
export declare function findRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
):
  | {
      route: Route;
      path: Record<string, string>;
    }
  | undefined;
/** The request as the mock sees it: method, URL, headers and the body's text. */
export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string | undefined;
}
/** The kind of credentials a request carries, from its `Authorization` header (or the operation's API key). */
export declare function authOf(op: OperationSpec, request: SeenRequest): AuthKind | undefined;
/** Refuses a request whose credentials no alternative of the operation's security accepts. */
export declare function checkAuth(op: OperationSpec, kind: AuthKind | undefined): void;
/** The params object a client call would have taken to send this request; refuses undocumented parameters. */
export declare function paramsOf(
  route: Route,
  request: SeenRequest,
  path: Record<string, string>,
): Record<string, unknown>;
