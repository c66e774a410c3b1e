import { refName } from '../model/schemas.ts';
import type { ApiModel, AuthKind, JsonSchema, NarrowedMember, OperationModel, SelectionModel } from '../model/types.ts';
import { docsDigest, type Field, isScalar, refsOf, type Shape, shapeOf } from './shapes.ts';

/** The file, inside each generated package, that holds its API snapshot. */
export const SNAPSHOT_FILE = 'api-snapshot.json';

/**
 * Bumped when the snapshot's form changes. Format 2 added the facts that decide result types
 * beyond their schemas: which enums are open (`Shape.open`) and how results follow the request
 * (`OperationSnapshot.narrowing`). Format 3 records a body field that one shape of a union marks
 * absent (`slides: false` beside `components`) with the type the other shapes give it, where
 * format 2 wrote `unknown`. Format 4 lists every name the package exports for its schemas and enums
 * (`exports`), reached by an operation or not: removing one breaks `import type`. Format 5 lists
 * the names of the helpers the security schemes bring (`helpers`, by runtime module: `crcResponse`,
 * `buildOAuth2AuthorizeUrl`, ...). Older snapshots
 * are still read: the facts they lack or misread are taken as unchanged (see `withUnknownFacts`),
 * so a new format alone moves no version. Format 5 tells a selection whose defaults the spec does
 * not state (`defaultsUnknown`: an inferred pairing, no `required` list) from one with no defaults.
 * Format 6 records the type parameters of a narrowed result type (`NarrowingSnapshot.generic`): one
 * per value that decides it; before format 6 it had one, the params object.
 */
export const SNAPSHOT_FORMAT = 6;

/** The formats `parseSnapshot` reads: older ones lack facts, which compare as unchanged. */
const READABLE_FORMATS: readonly number[] = [1, 2, 3, 4, 5, 6];

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
  /** Problem types of the `Problem` union (by `type`). */
  problems: string[];
  /** The names the package exports for its schemas and enums, sorted (format 4; before it, the names of `types`). */
  exports?: string[];
  /** The names it exports for its operations and selections (params, hoisted, selection and narrowed result types), sorted. */
  operationExports?: string[];
  /** The names `index.ts` exports from the helpers the security schemes bring, by runtime module (format 5). */
  helpers?: Record<string, string[]>;
  operations: Record<string, OperationSnapshot>;
  /** Named types the operations reach, by name. */
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
  /** The call may resolve to `undefined` (a 204 beside a 200). */
  resultMayBeEmpty?: true;
  /** A body sent field by field takes other fields too (its type has an index signature: `additionalProperties`, or no declared fields). Format 4. */
  bodyTakesAnyField?: true;
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

/** The snapshot of a model. */
export function apiSnapshot(model: ApiModel): ApiSnapshot {
  const byName = new Map(model.schemas.map((s) => [s.name, s]));
  const selections = new Map(model.selections.map((s) => [s.name, s]));
  const open = new Set(model.enums.filter((e) => e.open).map((e) => e.name));
  const operations: Record<string, OperationSnapshot> = {};
  const reached = new Set<string>();
  for (const op of model.operations) {
    const snapshot = operationSnapshot(op, (name) => byName.get(name)?.schema, selections);
    operations[op.id] = snapshot;
    for (const param of Object.values(snapshot.params)) refsOf(param.type, reached);
    refsOf(snapshot.result, reached);
  }
  // Every named type the operations reach, following references from type to type.
  const types: Record<string, TypeSnapshot> = {};
  const pending = [...reached];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (types[name]) continue;
    const named = byName.get(name);
    const shape = named ? openIf(shapeOf(named.schema), open.has(name)) : { kind: 'unknown' as const };
    const docs = named ? docsDigest(named.schema, named.description) : undefined;
    types[name] = { shape, ...(docs ? { docs } : {}) };
    for (const next of refsOf(shape)) if (!types[next]) pending.push(next);
  }
  const exports = exportedNames(model, Object.keys(types));
  return {
    format: SNAPSHOT_FORMAT,
    specVersion: model.version,
    auth: [...model.authKinds].sort(),
    problems: (model.problems?.variants.map((v) => v.type) ?? []).sort(),
    exports,
    operationExports: operationExportedNames(model, new Set(exports)),
    helpers: model.authHelpers,
    operations,
    types: Object.fromEntries(Object.entries(types).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

/**
 * The type names a consumer imports: the spec's component schemas, the enums, and the hoisted types
 * the operations reach (a params type named for its operation goes and comes with it).
 */
function exportedNames(model: ApiModel, reached: string[]): string[] {
  const names = [...model.schemas.filter((s) => s.origin === 'spec').map((s) => s.name), ...model.enums.map((e) => e.name), ...reached];
  return sortedNames(names);
}

/**
 * The other names models.ts exports, which exist because of an operation or a field selection:
 * params and hoisted types, `TweetSelection`, `GetPostsByIdsResponse`, `GetPostsByIdsParamsOf`. They go and come with what
 * they belong to, so only a change of their own spelling is reported (see `compareExports`).
 */
function operationExportedNames(model: ApiModel, exported: ReadonlySet<string>): string[] {
  const names = [
    ...model.schemas.map((s) => s.name),
    ...model.selections.map((s) => s.name),
    ...model.operations.flatMap((o) => (o.narrowing ? [o.narrowing.typeName, o.narrowing.paramsTypeName, ...(o.narrowing.pageTypeName ? [o.narrowing.pageTypeName] : [])] : [])),
  ];
  return sortedNames(names.filter((n) => !exported.has(n)));
}

function sortedNames(names: string[]): string[] {
  return [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** An open enum's shape marked so: only the model knows which named enums the client reads. */
function openIf(shape: Shape, open: boolean): Shape {
  return open && isScalar(shape) && shape.enum ? { ...shape, open: true } : shape;
}

function operationSnapshot(op: OperationModel, schemaOf: (name: string) => JsonSchema | undefined, selections: ReadonlyMap<string, SelectionModel>): OperationSnapshot {
  const params: Record<string, ParamSnapshot> = {};
  for (const param of op.params) {
    const schema = Object.fromEntries(Object.entries(param.schema).filter(([k]) => !k.startsWith('x-')));
    params[param.key] = { wire: param.name, in: param.in, type: shapeOf(schema), ...(param.required ? { required: true as const } : {}) };
  }
  const body = op.body;
  let bodyTakesAnyField = false;
  if (body?.mode === 'whole') {
    params.body = { wire: 'body', in: 'body', type: { ref: body.typeName }, ...(body.required ? { required: true as const } : {}) };
  } else if (body) {
    if (takesAnyField(schemaOf(body.typeName), schemaOf)) bodyTakesAnyField = true;
    for (const [name, field] of Object.entries(bodyFields(schemaOf(body.typeName), schemaOf))) {
      const required = body.fieldChecks[name]?.required === true;
      params[name] = { wire: name, in: 'body', type: field.type, ...(required ? { required: true as const } : {}) };
    }
  }
  const kind: OperationKind = op.browserStep ? 'browser-step' : op.streaming ? 'stream' : op.pagination ? 'paginated' : 'plain';
  const found = op.narrowing ? narrowingSnapshot(op.narrowing.members, selections) : undefined;
  const narrowing = found && op.narrowing ? { ...found, generic: { type: op.narrowing.typeName, parameters: op.narrowing.typeParameters.map((t) => ({ name: t.name, param: t.param })) } } : found;
  const docs = docsDigest(
    { summary: op.summary, description: op.description, externalDocs: op.externalDocs, deprecated: op.deprecated },
    op.params.map((p) => ({ description: p.description, example: p.example, deprecated: p.deprecated })),
  );
  return {
    group: op.group,
    method: op.methodName,
    http: `${op.method} ${op.path}`,
    kind,
    params,
    result: resultShape(op),
    ...(narrowing ? { narrowing } : {}),
    ...(op.success.mayBeEmpty ? { resultMayBeEmpty: true as const } : {}),
    ...(bodyTakesAnyField ? { bodyTakesAnyField: true as const } : {}),
    auth: authKinds(op),
    ...(op.deprecated ? { deprecated: true as const } : {}),
    ...(docs ? { docs } : {}),
  };
}

/** What the narrowed result type of an operation is made of, by result path. */
function narrowingSnapshot(members: readonly NarrowedMember[], selections: ReadonlyMap<string, SelectionModel>): NarrowingSnapshot | undefined {
  const selected: Record<string, SelectionSnapshot> = {};
  const flags: Record<string, string> = {};
  const visit = (list: readonly NarrowedMember[], prefix: string): void => {
    for (const member of list) {
      const path = `${prefix}${member.property}`;
      if (member.flag) flags[path] = member.flag.param;
      if (member.object) visit(member.object.members, `${path}.`);
      const selection = member.selection && selections.get(member.selection.name);
      if (!member.selection || !selection) continue;
      // A default is there whether asked for or not: only other fields stay optional when asked.
      const sometimesAbsent = selection.sometimesAbsent.filter((f) => !selection.defaults.includes(f)).sort();
      selected[`${path}${member.array ? '[]' : ''}`] = {
        param: member.selection.param,
        object: selection.object,
        defaults: [...selection.defaults].sort(),
        ...(selection.defaultsUnknown ? { defaultsUnknown: true as const } : {}),
        ...(sometimesAbsent.length > 0 ? { sometimesAbsent } : {}),
      };
    }
  };
  visit(members, '');
  const out: NarrowingSnapshot = {
    ...(Object.keys(selected).length > 0 ? { selected: sortKeys(selected) } : {}),
    ...(Object.keys(flags).length > 0 ? { flags: sortKeys(flags) } : {}),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** An object body whose type takes fields it does not declare: `additionalProperties` (not false), or no properties at all. */
function takesAnyField(schema: JsonSchema | undefined, schemaOf: (name: string) => JsonSchema | undefined, depth = 0): boolean {
  if (!schema || depth > 8) return false;
  if (typeof schema.$ref === 'string') return takesAnyField(schemaOf(refName(schema.$ref)), schemaOf, depth + 1);
  const shape = shapeOf(schema);
  if (!('kind' in shape) || shape.kind !== 'object') return false;
  return shape.extra === true || typeof shape.extra === 'object' || (Object.keys(shape.fields).length === 0 && shape.extra !== false);
}

/** The fields of an object body sent field by field: its properties, through `$ref`s, `allOf` and unions. */
function bodyFields(schema: JsonSchema | undefined, schemaOf: (name: string) => JsonSchema | undefined, depth = 0): Record<string, Field> {
  if (!schema || depth > 8) return {};
  if (typeof schema.$ref === 'string') return bodyFields(schemaOf(refName(schema.$ref)), schemaOf, depth + 1);
  const out: Record<string, Field> = {};
  const shape = shapeOf(schema);
  if ('kind' in shape && shape.kind === 'object') Object.assign(out, shape.fields);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      for (const [name, field] of Object.entries(bodyFields(part as JsonSchema, schemaOf, depth + 1))) {
        // A field one shape of a union marks absent is the other shapes' field.
        if ('kind' in field.type && field.type.kind === 'never') continue;
        out[name] ??= { type: field.type };
      }
    }
  }
  if ('kind' in shape && shape.kind === 'all' && schema.properties) {
    const own = shapeOf({ type: 'object', properties: schema.properties });
    if ('kind' in own && own.kind === 'object') Object.assign(out, own.fields);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function resultShape(op: OperationModel): Shape {
  if (op.browserStep) return { kind: 'string' };
  switch (op.success.typeName) {
    case 'void':
      return { kind: 'void' };
    case 'Blob':
      return { kind: 'blob' };
    case 'string':
      return { kind: 'string' };
    default:
      return { ref: op.success.typeName };
  }
}

function authKinds(op: OperationModel): (AuthKind | '*')[] {
  if (op.security === undefined) return ['*'];
  // An alternative that needs two credentials at once cannot be met by one `auth`: it accepts none.
  const kinds = op.security.filter((alt) => alt.length <= 1).flatMap((alt) => (alt.length === 0 ? ['*' as const] : alt));
  return [...new Set(kinds)].sort();
}

/** The snapshot as committed: stable key order, one line per operation and type, so its git diff reads well. */
export function renderSnapshot(snapshot: ApiSnapshot): string {
  const lines = ['{'];
  lines.push(`  "format": ${snapshot.format},`);
  lines.push(`  "specVersion": ${JSON.stringify(snapshot.specVersion)},`);
  lines.push(`  "auth": ${JSON.stringify(snapshot.auth)},`);
  lines.push(`  "problems": ${JSON.stringify(snapshot.problems)},`);
  if (snapshot.exports) lines.push(`  "exports": ${JSON.stringify(snapshot.exports)},`);
  if (snapshot.operationExports) lines.push(`  "operationExports": ${JSON.stringify(snapshot.operationExports)},`);
  if (snapshot.helpers) lines.push(`  "helpers": ${JSON.stringify(snapshot.helpers)},`);
  const block = (name: string, entries: [string, unknown][], last: boolean): void => {
    lines.push(`  "${name}": {`);
    entries.forEach(([key, value], i) => lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(value)}${i < entries.length - 1 ? ',' : ''}`));
    lines.push(`  }${last ? '' : ','}`);
  };
  block('operations', Object.entries(snapshot.operations), false);
  block('types', Object.entries(snapshot.types), snapshot.code === undefined);
  if (snapshot.code) block('code', Object.entries(snapshot.code), true);
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** Reads a committed snapshot; undefined when it is missing, damaged or of a format it cannot read. */
export function parseSnapshot(text: string | undefined): ApiSnapshot | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as ApiSnapshot;
    if (!READABLE_FORMATS.includes(value.format) || typeof value.operations !== 'object' || typeof value.types !== 'object') return undefined;
    return value;
  } catch {
    return undefined;
  }
}

/**
 * `old` with the facts its format does not record taken from `next`, so that they compare as
 * unchanged: not knowing whether an enum was open is no reason to report that it opened. A
 * format-1 snapshot has no open enums marked and no narrowing: each named enum is taken as open
 * or closed as in `next`, and each operation as narrowed as in `next`. Before format 3, a body
 * field recorded as `unknown` may be one a union shape marks absent: it is taken as in `next`.
 */
export function withUnknownFacts(previous: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  if (previous.format >= SNAPSHOT_FORMAT) return previous;
  // Before format 5 a selection without defaults may have had them unknown, and the helpers the
  // security schemes bring were not listed: both taken as in `next`.
  let old = withFormat5Facts(previous, next);
  if (old.helpers === undefined && next.helpers !== undefined) old = { ...old, helpers: next.helpers };
  // Before format 4 only the reached types were named: the other exports are taken as in `next`.
  const listed = old.format >= 4 ? old : withFormat4Facts(old, next);
  if (old.format >= 3) return { ...listed, format: next.format };
  const known = old.format >= 2 ? listed : withFormat2Facts(listed, next);
  // The named types a field taken from `next` refers to, which `old` did not reach through it.
  const reached = new Set<string>();
  const operations = Object.fromEntries(
    Object.entries(known.operations).map(([id, op]) => {
      const now = next.operations[id]?.params ?? {};
      const params = Object.fromEntries(
        Object.entries(op.params).map(([key, param]) => {
          const misread = param.in === 'body' && 'kind' in param.type && param.type.kind === 'unknown' && now[key]?.in === 'body';
          if (misread) refsOf(now[key]!.type, reached);
          return [key, misread ? { ...param, type: now[key]!.type } : param];
        }),
      );
      return [id, { ...op, params }];
    }),
  );
  const types = { ...known.types };
  for (const name of reached) {
    if (types[name] || !next.types[name]) continue;
    types[name] = next.types[name];
    refsOf(next.types[name].shape, reached);
  }
  return { ...known, format: next.format, operations, types };
}

/**
 * A snapshot before format 5 with the unknown defaults of `next`: a selection it records without
 * defaults, where `next` has the same selection with its defaults unknown, was of that kind too (an
 * inferred pairing without `required` was written as no defaults).
 */
function withFormat5Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const selected = op.narrowing?.selected;
      const now = next.operations[id]?.narrowing?.selected;
      if (!selected || !now) return [id, op];
      const marked = Object.fromEntries(
        Object.entries(selected).map(([path, s]) => {
          const unknown = s.defaults.length === 0 && now[path]?.defaultsUnknown === true && now[path]?.object === s.object;
          return [path, unknown ? { ...s, defaultsUnknown: true as const } : s];
        }),
      );
      return [id, { ...op, narrowing: { ...op.narrowing, selected: marked } }];
    }),
  );
  return { ...old, operations };
}

/** A snapshot before format 4 with the exported names and the bodies taking any field of `next` (see `withUnknownFacts`). */
function withFormat4Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const exports = [...new Set([...Object.keys(old.types), ...(next.exports ?? [])])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const open = next.operations[id]?.bodyTakesAnyField;
      return [id, open ? { ...op, bodyTakesAnyField: open } : op];
    }),
  );
  return { ...old, exports, operations };
}

/** A format-1 snapshot with the open enums and the narrowing of `next` (see `withUnknownFacts`). */
function withFormat2Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const types = Object.fromEntries(
    Object.entries(old.types).map(([name, type]) => {
      const now = next.types[name]?.shape;
      const shape = type.shape;
      const opened = isScalar(now) && now.open && isScalar(shape) && shape.enum;
      return [name, opened ? { ...type, shape: { ...shape, open: true as const } } : type];
    }),
  );
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const narrowing = next.operations[id]?.narrowing;
      return [id, narrowing ? { ...op, narrowing } : op];
    }),
  );
  return { ...old, format: next.format, types, operations };
}
