/**
 * The intermediate model: what a spec means for a client, as plain data.
 * Every decision about spec meaning is taken while building it; emitters only render it.
 * The credentials' part is in security-types.ts, field selection's in selection-types.ts; both are
 * exported from here too.
 */
import type {
  AuthFlowsModel,
  AuthKind,
  OAuthStep,
  SecuritySchemeModel,
  WebhookSignatureModel,
} from './security-types.ts';
import type { FieldSelectionModel, NarrowingModel, SelectionModel } from './selection-types.ts';

export type * from './security-types.ts';
export type * from './selection-types.ts';

/** A JSON Schema object as it will be handed to the schema-type emitter; `$ref`s point at `#/components/schemas/<Name>`. */
export type JsonSchema = Record<string, unknown>;

export interface ApiModel {
  title: string;
  version: string;
  description?: string;
  /** npm package name, e.g. `@xgen/core-v2`. */
  packageName: string;
  /** The client class, e.g. `CoreClient`. */
  clientName: string;
  /** Origins or base URLs: the default one and, when the spec has one, the sandbox one. */
  servers: ServerModel;
  groups: GroupModel[];
  operations: OperationModel[];
  /** Named schemas, in a stable order, including ones hoisted from inline positions. */
  schemas: NamedSchema[];
  enums: EnumModel[];
  problems?: ProblemUnionModel;
  /** Every documented error body of the package, one entry a type: `ApiError.body` is their union. */
  errorBodies: ErrorBodyModel[];
  /** Legacy error shape (`{ code, message }`) if the spec names one. */
  legacyErrorSchema?: string;
  securitySchemes: SecuritySchemeModel[];
  /** Which kinds of credentials the client accepts, derived from the schemes. */
  authKinds: AuthKind[];
  /** How webhook deliveries are signed, when the spec says (`x-webhook-signature`). */
  webhookSignature?: WebhookSignatureModel;
  /** The credential flows the package can drive (OAuth 1.0a, app-only tokens, the OAuth 2 user flow). */
  authFlows: AuthFlowsModel;
  /** True when some property is marked `x-money: micros`. */
  hasMoney: boolean;
  /** Paginated operations exist (the pagination runtime is needed). */
  hasPagination: boolean;
  /** Streaming operations exist. */
  hasStreaming: boolean;
  /** Some operation has a documented rate limit (`x-rate-limit`): the pacing runtime is needed. */
  hasRateLimits: boolean;
  /** The operation marked `x-audience-upload`, which the audience upload helper drives. */
  audienceUpload?: {
    operationId: string;
    /** The named schema of one user in its body (`AudienceUser`), which the helper's input takes. */
    userType?: string;
  };
  /** The objects `*.fields` parameters select, each as a generic type (`TweetSelection<V>`). */
  selections: SelectionModel[];
  /** What the package's `index.ts` exports besides the schema and operation types (see public-exports.ts). */
  publicExports: PublicExport[];
  /** The names exported from the helpers the security schemes bring, by runtime module, sorted (see public-exports.ts). */
  authHelpers: Record<string, string[]>;
}

/** One export declaration of the package's `index.ts`. */
export interface PublicExport {
  /** The module, from the package's `src/` and without extension: `client`, `runtime/pagination`. */
  module: string;
  /** What it exports by name, in order; absent: every export of the module. */
  names?: ExportedName[];
  /** Types only: with no `names`, every type of the module. */
  typeOnly?: boolean;
}

/** A name the package exports: a value (a class, a function, a constant) or a type only. */
export interface ExportedName {
  name: string;
  kind: 'value' | 'type';
}

export interface ServerModel {
  defaultUrl: string;
  sandboxUrl?: string;
  /** The server description lines, for docs. */
  descriptions: { url: string; description?: string }[];
}

export interface GroupModel {
  /** The tag as written in the spec, e.g. `Account Activity`. */
  tag: string;
  /** The client property, e.g. `accountActivity`; a nested group's path from the client, e.g. `customers.subscriptions`. */
  property: string;
  /** The resource class, e.g. `AccountActivityResource`. */
  className: string;
  /** File stem under `resources/`, e.g. `account-activity`. */
  fileName: string;
  description?: string;
  operationIds: string[];
  /** The enclosing group of a nested one (`customers` of `customers.subscriptions`). */
  parent?: string;
  /** The groups nested in this one, by their `property` (`customers.subscriptions`). */
  children: string[];
}

export interface Deprecation {
  since?: string;
  replacement?: string;
  note?: string;
}

export interface OperationModel {
  id: string;
  /** The operation's descriptor constant in `operations.ts`: the id as an identifier, unique. */
  constName: string;
  /** The method on its group, e.g. `createStreamLink`. */
  methodName: string;
  /** Its function in the package's `/functions` entry, e.g. `createWebhooksStreamLink` (see function-names.ts). */
  functionName: string;
  /** The package types its result names, as declared and as a generic method narrows it (see result-types.ts). */
  resultTypes: ResultTypeNames;
  group: string;
  tags: string[];
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
  path: string;
  summary?: string;
  description?: string;
  externalDocs?: string;
  deprecated?: Deprecation;
  params: ParamModel[];
  body?: BodyModel;
  /** Name of the generated params type. */
  paramsType: string;
  /** Whether the params argument may be omitted (nothing required). */
  paramsOptional: boolean;
  /** Whether the operation takes any params at all. */
  hasParams: boolean;
  success: SuccessModel;
  /**
   * The error bodies the operation documents (not problems nor legacy errors), by status or range
   * (see error-bodies.ts): `code` is the status as a number where the spec gives one (`404`, not
   * `4XX` or `default`), so that `ApiError.status` narrows the body.
   */
  errorBodies: { status: string; code?: number; typeName: string }[];
  /**
   * The error statuses the operation declares without a body typed here (a problem, legacy errors,
   * no JSON): an answer with one leaves `ApiError.body` undefined, even under a typed range or `default`.
   */
  untypedErrors: string[];
  /** Alternatives: each inner list is a set of schemes that must all be satisfied. `undefined` = not stated. */
  security?: AuthKind[][];
  /** Where the API key goes: the first apiKey scheme the operation's security names. */
  apiKey?: { in: 'header' | 'query' | 'cookie'; name: string };
  pagination?: PaginationModel;
  /** How a streaming operation's events arrive: newline-delimited JSON or Server-Sent Events. */
  streaming?: 'ndjson' | 'sse';
  /** The stream was inferred (`x-twitter-streaming`, a streaming media type), not stated by `x-streaming`. */
  streamingInferred?: boolean;
  browserStep: boolean;
  sandboxOnly: boolean;
  /** `x-oauth-step`: which step of an OAuth flow this operation is. */
  oauthStep?: OAuthStep;
  /** `x-require-https`: the runtime refuses to send it (or build its URL) over anything but HTTPS, loopback excepted. */
  requireHttps: boolean;
  /** Basic credentials are form-encoded before base64: its security names a scheme with `x-basic-encoding: form-urlencoded`. */
  basicEncoding?: 'form';
  audienceUpload: boolean;
  /** Cross-field rules from `x-validation`, passed through to the runtime as data. */
  rules: Record<string, unknown>[];
  /** For `*.fields` parameters: which object each selects, and its defaults. */
  fieldSelection: FieldSelectionModel[];
  /** Documented rate limits (`x-rate-limit`) the client paces requests by. */
  rateLimits: RateLimitModel[];
  /** Where the result carries objects the `*.fields` parameters select: the method is generic in its params. */
  narrowing?: NarrowingModel;
  /**
   * The params argument of an example call, for docs (`@example`, the README): every required
   * parameter and body field with a value its schema admits. Absent where the call takes none.
   */
  example?: ExampleObject;
}

/** The package types (models and enums) a result type names: what a module printing it imports. */
export interface ResultTypeNames {
  /** As `OperationTypes` declares the result. */
  declared: string[];
  /** As a method generic in the `*.fields` values narrows it: the same as `declared` where nothing narrows. */
  narrowed: string[];
}

/** A value in an example call, as data the emitters render: JSON, or bytes (a `Blob`) of a media type. */
export type ExampleNode =
  | { kind: 'value'; value: string | number | boolean | null }
  | { kind: 'array'; items: ExampleNode[] }
  | ExampleObject
  | { kind: 'bytes'; type: string }
  /** An amount in micros (`x-money: micros`), as the decimal a person writes: `'1.50'` for 1500000. */
  | { kind: 'micros'; decimal: string };

export interface ExampleObject {
  kind: 'object';
  entries: [string, ExampleNode][];
}

/** At most `requests` requests in any window of `windowMs`, from one budget (`key`) per client. */
export interface RateLimitModel {
  /** The budget: operations with the same key share it. */
  key: string;
  requests: number;
  windowMs: number;
  /** Only requests that set this parameter (by params key) count and wait. */
  when?: string;
}

export type SerializationStyle =
  | 'simple'
  | 'label'
  | 'matrix'
  | 'csv'
  | 'ssv'
  | 'pipes'
  | 'multi'
  | 'deepObject'
  | 'json';

export interface ParamModel {
  /** Name on the wire. */
  name: string;
  /**
   * The key in the params object: the wire name, unless another parameter of the operation has
   * that name in a location that comes first (path, query, header, cookie); then `<in>_<name>`.
   */
  key: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  required: boolean;
  description?: string;
  deprecated?: Deprecation;
  /** How an array or object value is put on the wire. */
  style: SerializationStyle;
  /** A path or header value is exploded (`k=v` pairs, repeated `label`/`matrix` items). */
  explode?: boolean;
  /** Checks the runtime makes before sending. */
  checks: ValueChecks;
  /** The property schema used in the params type. */
  schema: JsonSchema;
  /** An example value from the spec, for docs. */
  example?: unknown;
}

/** The validation rules OpenAPI can state, taken from the parameter's schema. */
export interface ValueChecks {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** Name of the enum const (from `enums`) or inline values. */
  enumRef?: string;
  enum?: (string | number | boolean | null)[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: ValueChecks;
  format?: string;
  /** `null` is a valid value (and counts as given for a required field). */
  nullable?: boolean;
  /** Checks of an object's properties, by name. */
  properties?: Record<string, ValueChecks>;
  /** Properties an object must have. */
  requiredProperties?: string[];
  /** The value must match one of these shapes. */
  oneOf?: ValueChecks[];
  /** The property whose value picks the `oneOf` shape (its `enum` in each shape). */
  discriminator?: string;
  /** The named schema these checks are exactly the checks of (emitters share them under one name). */
  schema?: string;
}

export interface BodyModel {
  contentType: string;
  encoding: 'json' | 'form' | 'multipart' | 'binary' | 'text';
  required: boolean;
  /** `fields`: the body's properties sit in the params object; `whole`: the body goes under `body`. */
  mode: 'fields' | 'whole';
  /** The property names of an object body sent field by field. */
  fieldNames: string[];
  /** Checks on the top-level fields, for `fields` mode. */
  fieldChecks: Record<string, ValueChecks & { required?: boolean }>;
  /** `fields` mode: the object admits fields it does not name (`additionalProperties`), so any params key may be one. */
  open?: boolean;
  /**
   * `fields` mode, a `oneOf` body without a discriminator: for each shape, the fields no other shape
   * has. A body takes one shape, so fields of two groups are never given together.
   */
  exclusive?: string[][];
  /** Checks on the whole body, for `whole` mode. */
  checks?: ValueChecks;
  /** Type name of the body schema. */
  typeName: string;
  /** The spec's example of the body (media type `example`/`examples`, or the schema's), for docs. */
  example?: unknown;
}

/** One type of documented error body, and the statuses (`402`, `4XX`, `default`) that declare it. */
export interface ErrorBodyModel {
  typeName: string;
  statuses: string[];
}

export interface SuccessModel {
  status: number | null;
  /** Another 2xx response has no body (a 204 beside a 200): the call may resolve to `undefined`. */
  mayBeEmpty?: boolean;
  /** How the body is read. */
  encoding: 'json' | 'form' | 'text' | 'binary' | 'none';
  /** TypeScript name of the result type (`void` when there is no body). */
  typeName: string;
}

/**
 * How an operation pages. `token` / `cursor`: the next token is at `next` in the body and goes back
 * in the `token` parameter. `after`: while `hasMore` is true, the next token is at `next` or the
 * last item's `id`. `link`: the `rel="next"` URL of the `Link` header gives the next request's query.
 * `offset`: the next `token` (offset) is this one plus the items received, until none come (or `total`).
 */
export interface PaginationModel {
  style: 'token' | 'cursor' | 'after' | 'link' | 'offset';
  /** Parameter that sets the page size. */
  limit?: string;
  /** Parameter that carries the next token, cursor, id or offset (for `link`, informational). */
  token: string;
  /** Dotted path to the next token or cursor in the response. */
  next?: string;
  previous?: string;
  /** Dotted path to the items (`''`: the body is the array). */
  items: string;
  /** Dotted path to the boolean that says more pages follow (`after`). */
  hasMore?: string;
  /** Dotted path to the total number of items (`offset`). */
  total?: string;
  /** Type name of one item, when the items path leads to a typed array. */
  itemType: string;
  /** Read from the operation's shape, not stated by `x-pagination`. */
  inferred?: boolean;
}

export interface NamedSchema {
  name: string;
  schema: JsonSchema;
  /** Where it came from: `spec` for `components.schemas`, or the kind of hoisted position. */
  origin: 'spec' | 'params' | 'body' | 'response' | 'inline';
  description?: string;
  unspecified: boolean;
  deprecated?: Deprecation;
}

export interface EnumModel {
  name: string;
  values: (string | number | boolean | null)[];
  description?: string;
  deprecatedValues: { value: string | number; since?: string; replacement?: string; note?: string }[];
  /**
   * The client reads it (in a response, or a schema no operation sends): its schema type also
   * admits strings not listed, values the API may add later. The exported union and `as const`
   * array stay the listed values, and what a request holds stays closed.
   */
  open: boolean;
}

export interface ProblemUnionModel {
  /** The union schema name (e.g. `Problem`). */
  name: string;
  discriminator: string;
  variants: { type: string; schema: string; title?: string }[];
}
