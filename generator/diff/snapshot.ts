/**
 * The API snapshot of a model and the file each package commits it in: built from the model,
 * written in a stable form, read back. Its form is in snapshot-types.ts, each operation's part in
 * operation-snapshot.ts, the reading of older formats in older-snapshots.ts.
 */
import type { ApiModel } from '../model/types.ts';
import { operationSnapshot, sortKeys } from './operation-snapshot.ts';
import { docsDigest, isScalar, refsOf, type Shape, shapeOf } from './shapes.ts';
import type { ApiSnapshot, OperationSnapshot, TypeSnapshot } from './snapshot-types.ts';

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
 * per value that decides it; before format 6 it had one, the params object. Format 7 records each
 * operation's error bodies by status (`errors`), the named type of each problem type (`problemShapes`),
 * the named types both reach, amounts in micros (`Shape.money`) and the servers (`servers`). Format 8
 * records the error statuses an operation lists without a typed body (`untypedErrors`): a status
 * folded into a range is typed by it, one listed without a body is not.
 */
export const SNAPSHOT_FORMAT = 8;

/** The formats `parseSnapshot` reads: older ones lack facts, which compare as unchanged. */
const READABLE_FORMATS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];

export type * from './snapshot-types.ts';

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
    for (const body of Object.values(snapshot.errors ?? {})) refsOf(body, reached);
  }
  const problemShapes: Record<string, Shape> = {};
  for (const variant of model.problems?.variants ?? []) problemShapes[variant.type] = { ref: variant.schema };
  for (const shape of Object.values(problemShapes)) refsOf(shape, reached);
  // Every named type the operations and the problem types reach, following references from type to type.
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
    servers: {
      default: model.servers.defaultUrl,
      ...(model.servers.sandboxUrl !== undefined ? { sandbox: model.servers.sandboxUrl } : {}),
    },
    problems: (model.problems?.variants.map((v) => v.type) ?? []).sort(),
    ...(Object.keys(problemShapes).length > 0 ? { problemShapes: sortKeys(problemShapes) } : {}),
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
  const names = [
    ...model.schemas.filter((s) => s.origin === 'spec').map((s) => s.name),
    ...model.enums.map((e) => e.name),
    ...reached,
  ];
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
    ...model.operations.flatMap((o) =>
      o.narrowing
        ? [
            o.narrowing.typeName,
            o.narrowing.paramsTypeName,
            ...(o.narrowing.pageTypeName ? [o.narrowing.pageTypeName] : []),
          ]
        : [],
    ),
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

/** The snapshot as committed: stable key order, one line per operation and type, so its git diff reads well. */
export function renderSnapshot(snapshot: ApiSnapshot): string {
  const lines = ['{'];
  lines.push(`  "format": ${snapshot.format},`);
  lines.push(`  "specVersion": ${JSON.stringify(snapshot.specVersion)},`);
  lines.push(`  "auth": ${JSON.stringify(snapshot.auth)},`);
  if (snapshot.servers) lines.push(`  "servers": ${JSON.stringify(snapshot.servers)},`);
  lines.push(`  "problems": ${JSON.stringify(snapshot.problems)},`);
  if (snapshot.problemShapes) lines.push(`  "problemShapes": ${JSON.stringify(snapshot.problemShapes)},`);
  if (snapshot.exports) lines.push(`  "exports": ${JSON.stringify(snapshot.exports)},`);
  if (snapshot.operationExports)
    lines.push(`  "operationExports": ${JSON.stringify(snapshot.operationExports)},`);
  if (snapshot.helpers) lines.push(`  "helpers": ${JSON.stringify(snapshot.helpers)},`);
  const block = (name: string, entries: [string, unknown][], last: boolean): void => {
    lines.push(`  "${name}": {`);
    entries.forEach(([key, value], i) =>
      lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(value)}${i < entries.length - 1 ? ',' : ''}`),
    );
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
    if (
      !READABLE_FORMATS.includes(value.format) ||
      typeof value.operations !== 'object' ||
      typeof value.types !== 'object'
    )
      return undefined;
    return value;
  } catch {
    return undefined;
  }
}
