/** The form of an API snapshot: what `xgen diff` compares and each package commits (see snapshot.ts). */
import type { AuthKind } from '../model/types.ts';
import type { Shape } from './shapes.ts';

/**
 * The generated client's API in a normalised form: everything a consumer's code can depend on,
 * by operationId, with names and `$ref`s resolved by the model. Two snapshots are what `xgen diff`
 * compares, and the one committed with a package is what its next regeneration is compared with.
 */
export interface ApiSnapshot {
  format: number;
  /** The spec's `info.version`. */
  specVersion: string;
  /** Credential kinds the client's `auth` option accepts. */
  auth: AuthKind[];
  /**
   * The origins requests go to by default and, when the spec names one, in the sandbox (the client's
   * `sandbox` and `sandboxBaseUrl` options exist only then) (format 7).
   */
  servers?: { default: string; sandbox?: string };
  /** Problem types of the `Problem` union (by `type`). */
  problems: string[];
  /**
   * The named type of each problem type, by `type`: what `isProblem(error.problem, type)` narrows
   * `error.problem` to (format 7). Its fields are read like a result's.
   */
  problemShapes?: Record<string, Shape>;
  /** The names the package exports for its schemas and enums, sorted (format 4; before it, the names of `types`). */
  exports?: string[];
  /** The names it exports for its operations and selections (params, hoisted, selection and narrowed result types), sorted. */
  operationExports?: string[];
  /** The names `index.ts` exports from the helpers the security schemes bring, by runtime module (format 5). */
  helpers?: Record<string, string[]>;
  operations: Record<string, OperationSnapshot>;
  /** Named types the operations reach (through params, results and error bodies) and the problem types', by name. */
  types: Record<string, TypeSnapshot>;
  /**
   * A digest of each file of the package's sources and its README as xgen wrote them, by path (set when a
   * package is written): the same API from different code is still a new version. Not an API fact.
   */
  code?: Record<string, string>;
}

export type OperationKind = 'plain' | 'paginated' | 'stream' | 'browser-step';

export interface OperationSnapshot {
  /** `client.<group>.<method>`. */
  group: string;
  method: string;
  /** The wire request: `GET /2/tweets`. */
  http: string;
  kind: OperationKind;
  /** The params object, by key: parameters (`in` path, query, header, cookie) and body fields (`in: body`). */
  params: Record<string, ParamSnapshot>;
  result: Shape;
  /** How the result type follows the params (field selection, flags); absent when it does not. */
  narrowing?: NarrowingSnapshot;
  /** A stream of Server-Sent Events: each item is a `ServerSentEvent` of the result type, not the result itself (format 7). */
  events?: 'sse';
  /** The call may resolve to `undefined` (a 204 beside a 200). */
  resultMayBeEmpty?: true;
  /** A body sent field by field takes other fields too (its type has an index signature: `additionalProperties`, or no declared fields). Format 4. */
  bodyTakesAnyField?: true;
  /**
   * The error bodies `ApiError` types for the operation, by status as the spec gives it (`404`, `4XX`,
   * `default`): what `isApiError(error, id)` and a check of `error.status` narrow `error.body` to (format 7).
   */
  errors?: Record<string, Shape>;
  /**
   * The error statuses the operation lists without a body `ApiError` types (a problem, legacy errors,
   * no JSON): `error.body` is undefined for them even under a typed range or `default` (format 8).
   */
  untypedErrors?: string[];
  /** Credential kinds the operation accepts (`*`: any, the spec states no security). */
  auth: (AuthKind | '*')[];
  deprecated?: true;
  /** Digest of the operation's documentation (summary, description, parameter docs and examples). */
  docs?: string;
}

export interface ParamSnapshot {
  /** The name on the wire (the key differs only when names clash). */
  wire: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  type: Shape;
  required?: true;
}

/**
 * How an operation's result type follows its params (issue 14): the narrowed type a consumer's
 * code compiles against, beyond the body schema itself.
 */
export interface NarrowingSnapshot {
  /** Result fields holding objects a `*.fields` parameter selects, by path as messages name them (`data[]`, `includes.users[]`). */
  selected?: Record<string, SelectionSnapshot>;
  /** Result properties a boolean parameter adds when `true` (`x-adds-field`): property -> params key. */
  flags?: Record<string, string>;
  /**
   * The narrowed result type and its type parameters, in order, each with the params key whose value
   * it stands for (format 6). Absent in older snapshots, whose narrowed result types took one type
   * argument, the params object (`GetPostsByIdsResponse<P>`).
   */
  generic?: { type: string; parameters: { name: string; param: string }[] };
}

/** An object as a `*.fields` parameter selects it (`x-field-selection`, `x-sometimes-absent`). */
export interface SelectionSnapshot {
  /** The params key of the `*.fields` parameter. */
  param: string;
  /** The selected object's named type. */
  object: string;
  /** Fields returned when nothing asks for them: present without asking. */
  defaults: string[];
  /**
   * The spec does not state the defaults (format 5): the pairing was inferred and the object has no
   * `required` list, so a field not asked for is optional rather than absent, and `defaults` is empty.
   */
  defaultsUnknown?: true;
  /** Fields other than the defaults that stay optional when asked: the API leaves them out of some objects. */
  sometimesAbsent?: string[];
}

export interface TypeSnapshot {
  shape: Shape;
  docs?: string;
}
