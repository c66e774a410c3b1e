import { type Change, LEVELS, type Level, type Rename, type Where } from './change.ts';
import { type Bounds, type Field, isScalar, type Literal, refsOf, type Scalar, type Shape } from './shapes.ts';
import { camelCase, pascalCase } from '../model/names.ts';
import { distinctive, pairUp, placesOf, renamedEntries, RenameEvidence } from './evidence.ts';
import { type ApiSnapshot, type NarrowingSnapshot, type OperationSnapshot, type ParamSnapshot, type SelectionSnapshot, withUnknownFacts } from './snapshot.ts';

/**
 * A change as a rule finds it, for one operation. `shared` marks one caused by something several
 * operations can hold (a named type, a parameter, an enum): its message names that cause and not
 * the operation, and the same change found in several operations becomes one entry listing them.
 */
type Found = Change & { shared?: true };

/** Fields renamed, by the (new) name of the type holding them, `''` for inline objects: old name -> new name. */
type FieldRenames = Map<string, Map<string, string>>;

/** Where each old named type was met in place of a new one of another name, by operation: `Tweet` -> `Post` -> {getTweets}. */
type TypePairs = Map<string, Map<string, Set<string>>>;

/**
 * The changes between two snapshots, classified by what they do to code written against the old
 * package: `breaking` (it may no longer compile or behave), `feature` (new things to use), `patch`
 * (documentation, or wire details the generated call hides). Each cause once: a change of a named
 * type, a parameter or an enum found in several operations is one entry with their `operationIds`
 * (sorted); an operation's own changes (removed, renamed, kind changed, ...) are one entry each.
 * In order: breaking, feature, patch; within a level, by first operation in spec order, then the
 * package-wide ones.
 */
export function diffSnapshots(previous: ApiSnapshot, next: ApiSnapshot): Change[] {
  // A snapshot of an older format lacks some facts: they compare as unchanged, not as removed.
  const old = withUnknownFacts(previous, next);
  const changes: Found[] = [];
  // Fields found renamed, by name of the type holding them (`''` inline): what a selection's defaults and paths follow.
  const fieldRenames: FieldRenames = new Map();
  const add = (change: Found): void => {
    const rename = change.rename;
    if (rename?.kind === 'field') {
      const of = fieldRenames.get(rename.type ?? '') ?? new Map<string, string>();
      fieldRenames.set(rename.type ?? '', of.set(rename.from, rename.to));
    }
    changes.push(change);
  };
  const pairs: TypePairs = new Map();
  const renamed = operationRenames(old, next);
  const evidence = new RenameEvidence(placesOf(old, next, renamed));
  // The removal of each operation, and the exported names that went with it (filled in by compareExports).
  const removals = new Map<string, { change: Found; names: string[] }>();
  for (const [id, before] of Object.entries(old.operations)) {
    const newId = renamed.get(id);
    if (newId !== undefined) {
      compareOperation(newId, before, next.operations[newId] as OperationSnapshot, old, next, add, pairs, evidence, fieldRenames, id);
      continue;
    }
    const after = next.operations[id];
    if (!after) {
      const removal: Found = { level: 'breaking', operationId: id, message: `${id}: operation removed (was ${call(before)})`, where: { side: 'old', operationId: id } };
      removals.set(id, { change: removal, names: [] });
      add(removal);
      continue;
    }
    compareOperation(id, before, after, old, next, add, pairs, evidence, fieldRenames);
  }
  const renamedTo = new Set(renamed.values());
  for (const [id, after] of Object.entries(next.operations)) {
    if (!old.operations[id] && !renamedTo.has(id)) add({ level: 'feature', operationId: id, message: `${id}: operation added as ${call(after)}`, where: { side: 'new', operationId: id } });
  }
  const typesRenamedWith = new Map<string, [string, string][]>();
  compareExports(old, next, pairs, add, renamed, (id, name) => removals.get(id)?.names.push(name), (id, from, to) => typesRenamedWith.set(id, [...(typesRenamedWith.get(id) ?? []), [from, to]]), evidence);
  // Each cause once: the names an operation's removal takes with it are listed in its entry, and so
  // are those its new operationId renames (`DeletePetParams` -> `RemovePetParams`), which migrate follows.
  for (const { change, names } of removals.values()) {
    if (names.length > 0) change.message += `; no longer exported with it: ${[...new Set(names)].sort().join(', ')} (code naming them no longer compiles)`;
  }
  for (const change of changes) {
    const rename = change.rename;
    const types = rename?.kind === 'operation' ? typesRenamedWith.get(rename.from) : undefined;
    if (rename?.kind !== 'operation' || !types) continue;
    types.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    change.message += `; its types renamed with it: ${types.map(([from, to]) => `${from} -> ${to}`).join(', ')}`;
    change.rename = { ...rename, types: types.map(([from, to]) => ({ from, to })) };
  }
  compareSets(old.auth, next.auth, (kind) => `the client no longer accepts ${kind} credentials`, (kind) => `the client accepts ${kind} credentials`, (auth) => ({ auth }), add);
  compareHelpers(old.helpers ?? {}, next.helpers ?? {}, add);
  compareSets(old.problems, next.problems, (type) => `problem type ${type} removed`, (type) => `problem type ${type} added`, (problem) => ({ problem }), add);
  for (const [name, before] of Object.entries(old.types)) {
    const after = next.types[name];
    if (after && before.docs !== after.docs) add({ level: 'patch', message: `documentation of ${name} changed`, where: { side: 'new', type: name } });
  }
  if (old.specVersion !== next.specVersion) add({ level: 'patch', message: `spec version ${old.specVersion} -> ${next.specVersion}` });
  // The helpers compare by name: one moving to another runtime module changes no import. The code
  // digests are not the API (the release step compares them).
  const comparable = (snapshot: ApiSnapshot): unknown => ({ ...snapshot, specVersion: '', helpers: Object.values(snapshot.helpers ?? {}).flat().sort(), code: undefined });
  if (changes.length === 0 && canonical(comparable(old)) !== canonical(comparable(next))) {
    // Something in the types moved that no rule names (a `format`, say): not nothing, but nothing a call sees.
    add({ level: 'patch', message: 'schema details changed without changing the generated calls' });
  }
  const merged = mergeCauses(changes);
  return LEVELS.flatMap((level) => merged.filter((c) => c.level === level));
}

/**
 * Operations whose operationId changed while their method and path stayed (`DELETE /v1/pets/{pet_id}`
 * was `deletePet` and is `removePet`): old id -> new id. It is the same endpoint under a new name, so
 * it is a rename (what `xgen migrate` rewrites) and compared with its old self, not a removal and an
 * addition. Only where exactly one operation went and one came on that method and path.
 */
function operationRenames(old: ApiSnapshot, next: ApiSnapshot): Map<string, string> {
  const byHttp = (from: ApiSnapshot, other: ApiSnapshot): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const [id, op] of Object.entries(from.operations)) if (!other.operations[id]) out.set(op.http, [...(out.get(op.http) ?? []), id]);
    return out;
  };
  const gone = byHttp(old, next);
  const came = byHttp(next, old);
  const out = new Map<string, string>();
  for (const [http, ids] of gone) {
    const to = came.get(http);
    if (ids.length === 1 && to?.length === 1) out.set(ids[0] as string, to[0] as string);
  }
  return out;
}

/** One entry per cause: shared changes with the same level and message merged, their operations listed (sorted). */
function mergeCauses(changes: readonly Found[]): Change[] {
  const out: Change[] = [];
  const byCause = new Map<string, { change: Change; ids: Set<string> }>();
  for (const { shared, ...change } of changes) {
    if (!shared) {
      out.push(change);
      continue;
    }
    const key = `${change.level}\0${change.message}`;
    const known = byCause.get(key);
    if (known) {
      if (change.operationId !== undefined) known.ids.add(change.operationId);
      continue;
    }
    const entry = { change: { ...change }, ids: new Set(change.operationId !== undefined ? [change.operationId] : []) };
    byCause.set(key, entry);
    out.push(entry.change);
  }
  for (const { change, ids } of byCause.values()) {
    const list = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    delete change.operationId;
    if (list.length === 1) change.operationId = list[0];
    else if (list.length > 1) change.operationIds = list;
  }
  // Keys in the order the JSON output shows them.
  return out.map(({ level, operationId, operationIds, message, where, rename }) => ({
    level,
    ...(operationId !== undefined ? { operationId } : {}),
    ...(operationIds !== undefined ? { operationIds } : {}),
    message,
    ...(where !== undefined ? { where } : {}),
    ...(rename !== undefined ? { rename } : {}),
  }));
}

/**
 * Every exported name is part of the package's API: `import type { Tweet }` fails once `Tweet` is
 * gone. A name that went is a rename when a new name took its place in the same operations (the
 * walk met `Tweet` where `Post` now is: the one met in most operations), or, failing that, when
 * exactly one new name has the same shape (one a type could hardly share by chance, or with a word substitution the bump makes elsewhere), or the same letters in another case; otherwise it was removed. Both are breaking. A new name
 * alone is not reported: what uses it (an operation, a field) is.
 */
function compareExports(
  old: ApiSnapshot,
  next: ApiSnapshot,
  pairs: TypePairs,
  add: (c: Found) => void,
  operationRenames: ReadonlyMap<string, string>,
  goneWith: (operationId: string, name: string) => void,
  renamedWith: (operationId: string, from: string, to: string) => void,
  evidence: RenameEvidence,
): void {
  const renamedOperations = new Set(operationRenames.keys());
  const before = exportsOf(old);
  const after = exportsOf(next);
  const came = after.filter((n) => !before.includes(n));
  const taken = new Set<string>();
  const oldReach = new Reach(old);
  const newReach = new Reach(next);
  // Types renamed above: the selection type named for one follows it (`ListSelection` -> `ListRenamedSelection`).
  const typeRenames = new Map<string, string>();
  for (const name of before.filter((n) => !after.includes(n))) {
    const placed = [...(pairs.get(name) ?? new Map<string, Set<string>>())].filter(([n]) => came.includes(n) && !taken.has(n)).sort((x, y) => y[1].size - x[1].size);
    let to = placed[0]?.[0];
    const shape = old.types[name]?.shape;
    if (to === undefined && shape) {
      const same = came.filter((n) => !taken.has(n) && next.types[n] && canonical(next.types[n].shape) === canonical(shape));
      // The same shape is evidence only when a type could hardly share it by chance, or the bump makes the same substitution of words elsewhere.
      if (same.length === 1 && (distinctive(shape) || evidence.corroborated(name, same[0] as string))) to = same[0];
    }
    if (to === undefined) {
      // Only the casing changed (`Oauth2Token` -> `OAuth2Token`): the same type, renamed.
      const recased = came.filter((n) => !taken.has(n) && n.toLowerCase() === name.toLowerCase());
      if (recased.length === 1) to = recased[0];
    }
    if (to !== undefined) {
      taken.add(to);
      typeRenames.set(name, to);
      for (const id of newReach.operationsReaching(to)) {
        add({ level: 'breaking', operationId: id, message: `type ${name} renamed to ${to}: code naming ${name} (import type { ${name} }) no longer compiles`, where: { side: 'new', type: to }, rename: { kind: 'type', from: name, to }, shared: true });
      }
      if (newReach.operationsReaching(to).length === 0) add({ level: 'breaking', message: `type ${name} renamed to ${to}: code naming ${name} (import type { ${name} }) no longer compiles`, where: { side: 'new', type: to }, rename: { kind: 'type', from: name, to }, shared: true });
      continue;
    }
    const ids = oldReach.operationsReaching(name);
    // A type only removed operations reached went with them: their removal is the cause, and names it.
    if (ids.length > 0 && ids.every((id) => !next.operations[id] && !renamedOperations.has(id))) {
      for (const id of ids) goneWith(id, name);
      continue;
    }
    const message = `type ${name} removed: code naming it (import type { ${name} }) no longer compiles`;
    const where: Where = { side: 'old', type: name };
    for (const id of ids) add({ level: 'breaking', operationId: id, message, where, shared: true });
    if (ids.length === 0) add({ level: 'breaking', message, where, shared: true });
  }
  // The names of params, selection and narrowed result types (`GetOrdersParams`, `GetOrdersResponse`,
  // `GetOrdersPage`, `PostSelection`) are API too: `import type { GetOrdersParams }` fails once it went.
  // Named for an operation, they follow it: renamed with its id (`ListPetsParams` -> `ListAllPetsParams`),
  // listed with its removal; their own spelling changing (`Oauth2TokenParams` -> `OAuth2TokenParams`) is
  // a rename; any other that went (a selection dropped) is removed.
  const ownBefore = old.operationExports ?? [];
  const ownAfter = next.operationExports ?? [];
  const cameOwn = new Set(ownAfter.filter((n) => !ownBefore.includes(n) && !after.includes(n)));
  const owners = Object.keys(old.operations).sort((a, b) => pascalCase(b).length - pascalCase(a).length);
  // The names of a kept operation that went (its result no longer narrowed, say): one entry for the operation.
  const ownGone = new Map<string, string[]>();
  for (const name of ownBefore.filter((n) => !ownAfter.includes(n) && !after.includes(n))) {
    const rename = (to: string): void =>
      add({ level: 'breaking', message: `type ${name} renamed to ${to}: code naming ${name} (import type { ${name} }) no longer compiles`, rename: { kind: 'type', from: name, to }, shared: true });
    const recased = [...cameOwn].filter((n) => n.toLowerCase() === name.toLowerCase());
    if (recased.length === 1) {
      cameOwn.delete(recased[0] as string);
      rename(recased[0] as string);
      continue;
    }
    const objectRenamed = name.endsWith('Selection') ? typeRenames.get(name.slice(0, -'Selection'.length)) : undefined;
    if (objectRenamed !== undefined && cameOwn.has(`${objectRenamed}Selection`)) {
      cameOwn.delete(`${objectRenamed}Selection`);
      rename(`${objectRenamed}Selection`);
      continue;
    }
    // The operation it is named for: the longest operationId whose type name it starts with.
    const owner = owners.find((id) => name.startsWith(pascalCase(id)) && /^[A-Z0-9]/.test(name.slice(pascalCase(id).length)));
    const renamedTo = owner === undefined ? undefined : operationRenames.get(owner);
    if (owner !== undefined && renamedTo !== undefined) {
      const to = `${pascalCase(renamedTo)}${name.slice(pascalCase(owner).length)}`;
      if (cameOwn.has(to)) {
        cameOwn.delete(to);
        renamedWith(owner, name, to);
        continue;
      }
    }
    if (owner !== undefined && !next.operations[owner] && renamedTo === undefined) {
      goneWith(owner, name);
      continue;
    }
    if (owner !== undefined) {
      ownGone.set(owner, [...(ownGone.get(owner) ?? []), name]);
      continue;
    }
    const message = `type ${name} removed: code naming it (import type { ${name} }) no longer compiles`;
    {
      // A selection type is named for its object: shown there.
      const object = name.endsWith('Selection') ? name.slice(0, -'Selection'.length) : '';
      add({ level: 'breaking', message, ...(old.types[object] ? { where: { side: 'old' as const, type: object } } : {}), shared: true });
    }
  }
  for (const [owner, names] of ownGone) {
    const id = operationRenames.get(owner) ?? owner;
    const list = names.sort().join(', ');
    add({ level: 'breaking', operationId: id, message: `${id}: ${names.length === 1 ? 'type' : 'types'} ${list} no longer exported: code naming ${names.length === 1 ? 'it' : 'them'} (import type { ${list} }) no longer compiles`, where: { side: 'new', operationId: id } });
  }
}

/** The names a package exports for its schemas and enums: the snapshot's own list, or (before format 4) its named types. */
function exportsOf(snapshot: ApiSnapshot): string[] {
  return snapshot.exports ?? Object.keys(snapshot.types);
}

/** Which operations reach a named type, through their params and result and the types between. */
class Reach {
  private readonly closure = new Map<string, Set<string>>();
  private readonly byOperation: [string, Set<string>][];

  constructor(private readonly snapshot: ApiSnapshot) {
    this.byOperation = Object.entries(snapshot.operations).map(([id, op]) => {
      const direct = new Set<string>();
      for (const param of Object.values(op.params)) refsOf(param.type, direct);
      refsOf(op.result, direct);
      const all = new Set<string>();
      for (const name of direct) for (const n of this.typesFrom(name)) all.add(n);
      return [id, all];
    });
  }

  operationsReaching(name: string): string[] {
    return this.byOperation.filter(([, names]) => names.has(name)).map(([id]) => id);
  }

  private typesFrom(name: string): Set<string> {
    const known = this.closure.get(name);
    if (known) return known;
    const out = new Set<string>();
    const pending = [name];
    while (pending.length > 0) {
      const n = pending.pop() as string;
      if (out.has(n)) continue;
      out.add(n);
      const shape = this.snapshot.types[n]?.shape;
      if (shape) for (const r of refsOf(shape)) if (!out.has(r)) pending.push(r);
    }
    this.closure.set(name, out);
    return out;
  }
}

/** JSON with object keys sorted: two snapshots that say the same compare equal, whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * The helpers the security schemes bring (`OAuth1Flow`, `crcResponse`, ...): one that goes breaks
 * the code importing it, one that comes is a feature. Shown at the scheme that brings them.
 */
function compareHelpers(before: Record<string, string[]>, after: Record<string, string[]>, add: (c: Change) => void): void {
  const auth = (module: string): Omit<Where, 'side'> => (module === 'oauth2-user' ? { auth: 'oauth2' } : module === 'oauth1' || module === 'oauth-flows' ? { auth: 'oauth1' } : {});
  const byName = (helpers: Record<string, string[]>): Map<string, string> => new Map(Object.entries(helpers).flatMap(([module, names]) => names.map((n): [string, string] => [n, module])));
  const was = byName(before);
  const is = byName(after);
  for (const [name, module] of was) if (!is.has(name)) add({ level: 'breaking', message: `${name} is no longer exported: code importing it no longer compiles`, where: { side: 'old', ...auth(module) } });
  for (const [name, module] of is) if (!was.has(name)) add({ level: 'feature', message: `${name} exported`, where: { side: 'new', ...auth(module) } });
}

function call(op: OperationSnapshot): string {
  return `client.${op.group}.${op.method}`;
}

function compareSets<T extends string>(
  before: T[],
  after: T[],
  removed: (v: T) => string,
  added: (v: T) => string,
  place: (v: T) => Omit<Where, 'side'>,
  add: (c: Change) => void,
): void {
  for (const v of before) if (!after.includes(v)) add({ level: 'breaking', message: removed(v), where: { side: 'old', ...place(v) } });
  for (const v of after) if (!before.includes(v)) add({ level: 'feature', message: added(v), where: { side: 'new', ...place(v) } });
}

function compareOperation(
  id: string,
  before: OperationSnapshot,
  after: OperationSnapshot,
  old: ApiSnapshot,
  next: ApiSnapshot,
  add: (c: Found) => void,
  pairs: TypePairs,
  evidence: RenameEvidence,
  fieldRenames: FieldRenames,
  /** The operationId the operation had, when only that changed on its method and path. */
  renamedFrom?: string,
): void {
  const at: Where = { side: 'new', operationId: id };
  const report = (level: Level, message: string, where: Where = at): void => add({ level, operationId: id, message: `${id}: ${message}`, where });
  const shared = (level: Level, message: string, where: Where = at): void => add({ level, operationId: id, message, where, shared: true });
  if (renamedFrom !== undefined) {
    // One entry for the operation: its new id, and its place on the client whether or not that moved too.
    const client = { from: { group: before.group, method: before.method }, to: { group: after.group, method: after.method } };
    const moved = before.group !== after.group || before.method !== after.method;
    const rename: Rename = { kind: 'operation', from: renamedFrom, to: id, http: after.http, client };
    add({ level: 'breaking', operationId: id, message: `operation ${renamedFrom} renamed to ${id} (${moved ? `${call(before)} -> ${call(after)}` : `still ${call(after)}`})`, where: at, rename });
  } else if (before.group !== after.group || before.method !== after.method) {
    const rename: Rename = { kind: 'method', operationId: id, from: { group: before.group, method: before.method }, to: { group: after.group, method: after.method } };
    add({ level: 'breaking', operationId: id, message: `${id}: ${call(before)} renamed to ${call(after)}`, where: at, rename });
  }
  if (before.kind !== after.kind) report('breaking', `changed from a ${before.kind} operation to a ${after.kind} one`);
  if (before.http !== after.http) report('patch', `now sent as ${after.http} (was ${before.http}); the call is unchanged`);
  const oldAuth = before.auth.includes('*') ? [] : before.auth;
  const newAuth = after.auth.includes('*') ? [] : after.auth;
  if (newAuth.length > 0) {
    const lost = oldAuth.length === 0 ? [] : oldAuth.filter((k) => !newAuth.includes(k));
    if (oldAuth.length === 0) report('breaking', `accepts only ${newAuth.join(', ')} credentials (accepted any)`);
    else if (lost.length > 0) report('breaking', `no longer accepts ${lost.join(', ')} credentials`);
  }
  const gained = oldAuth.length === 0 ? [] : newAuth.length === 0 ? ['any'] : newAuth.filter((k) => !oldAuth.includes(k));
  if (gained.length > 0) report('feature', `accepts ${gained.join(', ')} credentials`);
  if (!before.deprecated && after.deprecated) report('patch', 'deprecated');
  if (before.deprecated && !after.deprecated) report('patch', 'no longer deprecated');
  if (before.docs !== after.docs) report('patch', 'documentation changed');
  compareParams(id, before, after, new Walker(id, 'input', old, next, add, pairs, evidence), evidence);
  if (!before.resultMayBeEmpty && after.resultMayBeEmpty) report('breaking', 'may now resolve to undefined');
  if (before.resultMayBeEmpty && !after.resultMayBeEmpty) report('patch', 'always resolves to a body');
  new Walker(id, 'output', old, next, add, pairs, evidence).compare(before.result, after.result, '', {});
  compareNarrowing(id, before, after, next, report, shared, fieldRenames);
}

/**
 * How the result follows the params (field selection, flags): what `result.data.x` compiles to. Each
 * cause once: a result path that stops following its parameter in many operations (X's
 * `includes.tweets[]` in 45) is one entry listing them.
 * A field leaving the defaults, or one that may now be missing when asked for, is a compile
 * error where code reads it; so is a result that starts or stops following a parameter (fields
 * absent unless asked for, or optional again where they were present). A new default is a feature.
 */
function compareNarrowing(
  id: string,
  before: OperationSnapshot,
  after: OperationSnapshot,
  next: ApiSnapshot,
  report: (level: Level, message: string, where?: Where) => void,
  shared: (level: Level, message: string, where?: Where) => void,
  fieldRenames: FieldRenames,
): void {
  const a: NarrowingSnapshot = renamedNarrowing(before.narrowing ?? {}, after.narrowing ?? {}, fieldRenames);
  const b: NarrowingSnapshot = after.narrowing ?? {};
  const paramAt = (key: string): Where => {
    const param = after.params[key];
    return param ? { side: 'new', operationId: id, param: { in: param.in, wire: param.wire } } : { side: 'new', operationId: id };
  };
  const fieldAt = (object: string, field: string, key: string): Where => (next.types[object] ? { side: 'new', operationId: id, type: object, field } : paramAt(key));
  const sa = a.selected ?? {};
  const sb = b.selected ?? {};
  for (const path of union(Object.keys(sa), Object.keys(sb))) {
    const x = sa[path];
    const y = sb[path];
    const label = `result field ${path}`;
    if (x && !y) {
      shared('breaking', `${label} no longer follows ${x.param}: the fields it asks for are optional again, as the schema states them`, paramAt(x.param));
      continue;
    }
    if (!x && y) {
      // Defaults unknown: the asked-for fields become present and every other one stays optional, so nothing read before stops compiling.
      if (y.defaultsUnknown) shared('feature', `${label} now follows ${y.param}: the fields it asks for are present; the spec states no defaults, so the others stay optional`, paramAt(y.param));
      else shared('breaking', `${label} now follows ${y.param}: it carries only its default fields (${y.defaults.join(', ') || 'none'}) and the fields ${y.param} asks for; reading any other is a compile error`, paramAt(y.param));
      continue;
    }
    if (!x || !y) continue;
    if (x.param !== y.param) shared('breaking', `${label} now follows ${y.param} (was ${x.param})`, paramAt(y.param));
    // A field gone from the object altogether is reported as removed already.
    const fields = objectFields(next, y.object);
    const still = (f: string): boolean => fields === undefined || f in fields;
    // The selection is the object's (its defaults, its sometimes-absent fields): one cause wherever it is returned.
    const selected = `selected ${y.object} field`;
    if (x.defaultsUnknown && !y.defaultsUnknown) {
      // Unknown defaults meant optional fields where the spec now says absent.
      shared('breaking', `${selected}s not asked for are now absent: the spec now states the defaults (${y.defaults.join(', ') || 'none'}), and reading any other field is a compile error unless ${y.param} asks for it`, paramAt(y.param));
    }
    if (!x.defaultsUnknown && y.defaultsUnknown) {
      for (const f of x.defaults.filter((d) => still(d))) {
        shared('breaking', `${selected} ${f} is no longer known to be returned by default: the spec states no defaults now, so it is optional unless ${y.param} asks for it`, paramAt(y.param));
      }
      shared('feature', `${selected}s not asked for may now be read (optional): the spec no longer states the defaults`, paramAt(y.param));
    } else {
      for (const f of x.defaults.filter((d) => !y.defaults.includes(d) && still(d))) {
        shared('breaking', `${selected} ${f} is no longer returned by default: reading it is a compile error unless ${y.param} asks for it`, paramAt(y.param));
      }
    }
    for (const f of y.defaults.filter((d) => !x.defaults.includes(d))) {
      shared('feature', `${selected} ${f} is now returned by default, without ${y.param} asking for it`, paramAt(y.param));
    }
    const xs = x.sometimesAbsent ?? [];
    const ys = y.sometimesAbsent ?? [];
    for (const f of ys.filter((v) => !xs.includes(v))) {
      shared('breaking', `${selected} ${f} may now be missing even when ${y.param} asks for it (optional)`, fieldAt(y.object, f, y.param));
    }
    for (const f of xs.filter((v) => !ys.includes(v) && still(v))) {
      shared('patch', `${selected} ${f} is now always present when ${y.param} asks for it`, fieldAt(y.object, f, y.param));
    }
  }
  const ga = a.generic;
  const gb = b.generic;
  // Both narrowed, the type written differently: code naming it with type arguments must write them anew.
  if (before.narrowing && gb && !ga) {
    // Every narrowed result changed form at once (format 6): one cause, its operations listed, with
    // the same example in each (the first such operation of the package).
    const first = Object.keys(next.operations).sort().map((k) => next.operations[k]?.narrowing?.generic).find((g) => g !== undefined) ?? gb;
    const example = `${first.type}<${first.parameters.map((p, i) => (i === 0 ? `typeof ${camelCase(p.param)}` : 'never')).join(', ')}>`;
    shared(
      'breaking',
      `narrowed result types take one type argument per value that decides them (each *.fields list or flag, in the order the type declares them; never for one not sent) instead of the params object: where code wrote ${first.type}<typeof params>, write the values' types, as in ${example}`,
    );
  } else if (ga && gb && JSON.stringify(ga) !== JSON.stringify(gb)) {
    const written = (g: typeof gb): string => `${g.type}<${g.parameters.map((p) => p.name).join(', ')}>`;
    const meaning = gb.parameters.map((p) => `${p.name}: ${p.param}`).join(', ');
    report('breaking', `result type is now ${written(gb)} (was ${written(ga)}; ${meaning}): code naming it with type arguments must write them in this order`);
  }
  const fa = a.flags ?? {};
  const fb = b.flags ?? {};
  const body = objectFields(next, after.result);
  for (const property of union(Object.keys(fa), Object.keys(fb))) {
    const x = fa[property];
    const y = fb[property];
    const label = `result field ${property}`;
    if (y && x !== y) shared('breaking', `${label} is now present only when ${y} is true${x ? ` (was ${x})` : ''}: reading it otherwise is a compile error`, paramAt(y));
    else if (x && !y && (body === undefined || property in body)) shared('breaking', `${label} no longer follows ${x}: it may be missing even when ${x} is true`, paramAt(x));
  }
}

/**
 * The old narrowing in the new names of the fields renamed (see `diffSnapshots`): a renamed default is
 * the same default, and a result path through a renamed field (`includes.tweets[]` -> `includes.posts[]`)
 * the same path, so that neither is reported again as gone and come.
 */
function renamedNarrowing(old: NarrowingSnapshot, now: NarrowingSnapshot, fieldRenames: FieldRenames): NarrowingSnapshot {
  if (fieldRenames.size === 0 || !old.selected) return old;
  const inline = fieldRenames.get('') ?? new Map<string, string>();
  // A path segment follows the one rename of that name, wherever its type: only where the old path went and the new one came.
  const anywhere = new Map<string, Set<string>>();
  for (const renames of fieldRenames.values()) for (const [from, to] of renames) anywhere.set(from, (anywhere.get(from) ?? new Set()).add(to));
  const segment = (name: string): string => {
    const bare = name.replace(/\[\]$/, '');
    const to = inline.get(bare) ?? (anywhere.get(bare)?.size === 1 ? [...(anywhere.get(bare) as Set<string>)][0] : undefined);
    return to === undefined ? name : name.replace(bare, to);
  };
  const selected: Record<string, SelectionSnapshot> = {};
  for (const [path, selection] of Object.entries(old.selected)) {
    const moved = path.split('.').map(segment).join('.');
    const key = path in (now.selected ?? {}) || !(moved in (now.selected ?? {})) || moved in old.selected ? path : moved;
    const renames = fieldRenames.get(selection.object) ?? new Map<string, string>();
    const follow = (list: string[]): string[] => list.map((f) => renames.get(f) ?? f).sort();
    selected[key] = { ...selection, defaults: follow(selection.defaults), ...(selection.sometimesAbsent ? { sometimesAbsent: follow(selection.sometimesAbsent) } : {}) };
  }
  return { ...old, selected };
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** The fields of a named object type (or of an object result shape), or undefined when it is not a plain object. */
function objectFields(snapshot: ApiSnapshot, of: string | Shape): Record<string, Field> | undefined {
  let shape: Shape | undefined = typeof of === 'string' ? { ref: of } : of;
  for (let depth = 0; shape && 'ref' in shape && depth < 16; depth++) shape = snapshot.types[shape.ref]?.shape;
  return shape && 'kind' in shape && shape.kind === 'object' ? shape.fields : undefined;
}

function paramLabel(p: ParamSnapshot): string {
  return p.in === 'body' ? 'body field' : 'parameter';
}

function compareParams(id: string, beforeOp: OperationSnapshot, afterOp: OperationSnapshot, walker: Walker, evidence: RenameEvidence): void {
  const before = beforeOp.params;
  const after = afterOp.params;
  // A body whose type now takes any field still takes the old ones: their calls compile.
  const gone = Object.keys(before).filter((k) => !(k in after));
  const absorbed = afterOp.bodyTakesAnyField ? gone.filter((k) => before[k]?.in === 'body') : [];
  if (!beforeOp.bodyTakesAnyField && afterOp.bodyTakesAnyField) {
    walker.report('feature', `the body now takes any fields${absorbed.length > 0 ? ` (${absorbed.join(', ')} among them, no longer declared)` : ''}`, { side: 'new', operationId: id });
  }
  const removed = gone.filter((k) => !absorbed.includes(k));
  const added = Object.keys(after).filter((k) => !(k in before));
  // A parameter that went while another came in the same place is renamed only on evidence (see evidence.ts).
  // Parameters keep the spec's order; the fields of a body are kept sorted, their place unknown.
  const ordered = (params: Record<string, ParamSnapshot>): string[] => Object.keys(params).filter((k) => params[k]?.in !== 'body');
  const order = { before: ordered(before), after: ordered(after) };
  const renames = renamedEntries(removed, added, { before: (k) => before[k] as ParamSnapshot, after: (k) => after[k] as ParamSnapshot, order }, (p) => p.in, evidence);
  for (const [from, to] of renames) {
    removed.splice(removed.indexOf(from), 1);
    added.splice(added.indexOf(to), 1);
  }
  for (const key of removed) {
    const p = before[key] as ParamSnapshot;
    walker.shared('breaking', `${paramLabel(p)} ${key} removed`, { side: 'old', operationId: id, param: { in: p.in, wire: p.wire } });
  }
  for (const [from, to] of renames) {
    const a = before[from] as ParamSnapshot;
    const b = after[to] as ParamSnapshot;
    const rename: Rename = { kind: b.in === 'body' ? 'body-field' : 'parameter', in: b.in, from, to };
    walker.shared('breaking', `${paramLabel(a)} ${from} renamed to ${to}`, { side: 'new', operationId: id, param: { in: b.in, wire: b.wire } }, rename);
    compareParam(id, to, a, b, walker);
  }
  for (const key of added) {
    const p = after[key] as ParamSnapshot;
    const where: Where = { side: 'new', operationId: id, param: { in: p.in, wire: p.wire } };
    if (p.required) walker.shared('breaking', `new required ${paramLabel(p)} ${key}`, where);
    else walker.shared('feature', `optional ${paramLabel(p)} ${key} added`, where);
  }
  for (const key of Object.keys(before)) {
    const a = before[key] as ParamSnapshot;
    const b = after[key];
    if (b) compareParam(id, key, a, b, walker);
  }
}

function compareParam(id: string, key: string, a: ParamSnapshot, b: ParamSnapshot, walker: Walker): void {
  const where: Where = { side: 'new', operationId: id, param: { in: b.in, wire: b.wire } };
  if (!a.required && b.required) walker.shared('breaking', `${paramLabel(b)} ${key} is now required`, where);
  if (a.required && !b.required) walker.shared('feature', `${paramLabel(b)} ${key} is now optional`, where);
  if (a.in !== b.in && a.in !== 'body' && b.in !== 'body') walker.shared('patch', `parameter ${key} is now sent in the ${b.in} (was the ${a.in})`, where);
  walker.compare(a.type, b.type, key, { param: where.param, key });
}

/** What the walk knows of where it is: the parameter it is in, and the named types that hold the current field. */
interface Place {
  param?: { in: string; wire: string };
  /** The params key the walk started from (input side). */
  key?: string;
  oldOwner?: string;
  newOwner?: string;
  field?: string;
  /** The path from the innermost named type (its field, `[]` for items): how messages name a change inside it. */
  rel?: string;
}

/**
 * Compares two types of one operation, on one side of the call. A request type (`input`) may widen
 * freely and breaks callers when it narrows; a result type (`output`) is the other way round, except
 * that a new enum value or field is a feature (an exhaustive switch needs a case: the message says so).
 * A change inside a named type is named by that type (`result field Tweet.lang removed`), so the
 * same change met in several operations is one cause; so is a change of a parameter's type.
 */
class Walker {
  private readonly seen = new Set<string>();

  constructor(
    private readonly id: string,
    private readonly side: 'input' | 'output',
    private readonly old: ApiSnapshot,
    private readonly next: ApiSnapshot,
    private readonly add: (c: Found) => void,
    private readonly pairs: TypePairs,
    private readonly evidence: RenameEvidence,
  ) {}

  /** A change of the operation's own: its message starts with the operationId. */
  report(level: Level, message: string, where: Where): void {
    this.add({ level, operationId: this.id, message: `${this.id}: ${message}`, where });
  }

  /** A change of something operations share (a parameter, a named type): its message names it, and equal ones merge. */
  shared(level: Level, message: string, where: Where, rename?: Rename): void {
    this.add({ level, operationId: this.id, message, where, ...(rename ? { rename } : {}), shared: true });
  }

  /** A change at `place`: shared when a named type or a parameter holds it, the operation's own otherwise. */
  private found(level: Level, message: string, place: Place, removed = false, rename?: Rename): void {
    if (this.side === 'input' || this.owner(place) !== undefined) this.shared(level, message, this.where(place, removed), rename);
    else this.report(level, message, this.where(place, removed));
  }

  private owner(place: Place): string | undefined {
    return place.newOwner ?? place.oldOwner;
  }

  private where(place: Place, removed = false): Where {
    const where: Where = { side: removed ? 'old' : 'new', operationId: this.id };
    const owner = removed ? place.oldOwner : place.newOwner;
    if (owner && place.field) return { ...where, type: owner, field: place.field };
    if (place.param) return { ...where, param: place.param };
    return where;
  }

  /** How a message names what changed: `result field Tweet.lang`, `result type Status`, `NewPet.kind`, `tweet.fields[]`, `result field data.id`. */
  private subject(path: string, place: Place): string {
    const owner = this.owner(place);
    const output = this.side === 'output';
    if (owner !== undefined) {
      const name = place.rel ? `${owner}.${place.rel}` : owner;
      return output ? (place.rel ? `result field ${name}` : `result type ${name}`) : name;
    }
    return output ? (path === '' ? 'the result' : `result field ${path}`) : path;
  }

  private child(place: Place, name: string): string {
    return place.rel ? (name.startsWith('[') ? `${place.rel}${name}` : `${place.rel}.${name}`) : name;
  }

  compare(a: Shape, b: Shape, path: string, place: Place): void {
    if ('ref' in a || 'ref' in b) {
      const key = `${'ref' in a ? a.ref : JSON.stringify(a)}\0${'ref' in b ? b.ref : JSON.stringify(b)}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      if ('ref' in a && 'ref' in b && a.ref !== b.ref) {
        const to = this.pairs.get(a.ref) ?? new Map<string, Set<string>>();
        this.pairs.set(a.ref, to);
        const ids = to.get(b.ref) ?? new Set<string>();
        to.set(b.ref, ids.add(this.id));
      }
      const ra = this.resolve(a, this.old);
      const rb = this.resolve(b, this.next);
      const owners = 'ref' in a || 'ref' in b ? { oldOwner: 'ref' in a ? a.ref : undefined, newOwner: 'ref' in b ? b.ref : undefined, rel: '' } : {};
      this.compare(ra, rb, path, { ...place, ...owners });
      return;
    }
    this.compareNull(a, b, path, place);
    if (a.kind !== b.kind) {
      // `integer` and `number` are both `number` in TypeScript: no call or read changes.
      if (isScalar(a) && isScalar(b) && numeric(a.kind) && numeric(b.kind)) {
        this.found('patch', `${this.subject(path, place)} is now ${b.kind === 'integer' ? 'an integer' : 'any number'} (was ${a.kind === 'integer' ? 'an integer' : 'any number'}): both are number in TypeScript`, place);
        this.compareScalar(a, { ...b, kind: a.kind }, path, place);
        return;
      }
      this.kindChanged(a, b, path, place);
      return;
    }
    switch (a.kind) {
      case 'array':
        if (b.kind !== 'array') return;
        this.compareBounds(a.bounds, b.bounds, path, place);
        this.compare(a.items, b.items, `${path}[]`, { ...place, field: undefined, rel: this.child(place, '[]') });
        return;
      case 'object':
        if (b.kind !== 'object') return;
        this.compareObjects(a, b, path, place);
        return;
      case 'all': {
        const fa = this.fieldsOf(a, this.old);
        const fb = this.fieldsOf(b, this.next);
        if (fa && fb) this.compareFields(fa, fb, path, place);
        else if (b.kind === 'all' && a.of.length === b.of.length) {
          // Part by part (an enum value added inside one part is that change, not a new type).
          a.of.forEach((part, i) => this.compare(part, b.of[i] as Shape, path, place));
        } else if (JSON.stringify(a) !== JSON.stringify(b)) this.found('breaking', `the type of ${this.subject(path, place)} changed`, place);
        return;
      }
      case 'union':
        if (b.kind === 'union') this.compareUnion(a.of, b.of, path, place);
        return;
      default:
        this.compareScalar(a, b as typeof a, path, place);
    }
  }

  private compareScalar(a: Scalar, b: Scalar, path: string, place: Place): void {
    if (a.enum || b.enum) this.compareEnum(a, b, path, place);
    if (a.bounds || b.bounds) this.compareBounds(a.bounds, b.bounds, path, place);
  }

  private resolve(shape: Shape, snapshot: ApiSnapshot, depth = 0): Shape {
    if (!('ref' in shape)) return shape;
    const target = snapshot.types[shape.ref]?.shape ?? { kind: 'unknown' };
    const resolved = depth < 16 ? this.resolve(target, snapshot, depth + 1) : target;
    return shape.nullable && !('ref' in resolved) ? { ...resolved, nullable: true } : resolved;
  }

  /** The fields of an `allOf` of object shapes, or undefined when a part is not one. */
  private fieldsOf(shape: Shape, snapshot: ApiSnapshot, depth = 0): Record<string, Field> | undefined {
    const resolved = this.resolve(shape, snapshot);
    if ('ref' in resolved || depth > 8) return undefined;
    if (resolved.kind === 'object') return resolved.fields;
    if (resolved.kind !== 'all') return undefined;
    const out: Record<string, Field> = {};
    for (const part of resolved.of) {
      const fields = this.fieldsOf(part, snapshot, depth + 1);
      if (!fields) return undefined;
      for (const [name, field] of Object.entries(fields)) out[name] = out[name]?.required ? { ...field, required: true } : field;
    }
    return out;
  }

  private compareNull(a: Shape, b: Shape, path: string, place: Place): void {
    const an = 'nullable' in a && a.nullable === true;
    const bn = 'nullable' in b && b.nullable === true;
    if (an === bn) return;
    const subject = this.subject(path, place);
    if (this.side === 'output' && bn) this.found('breaking', `${subject} may now be null`, place);
    if (this.side === 'input' && an) this.found('breaking', `${subject} no longer accepts null`, place);
    if (this.side === 'input' && bn) this.found('feature', `${subject} accepts null`, place);
  }

  private kindChanged(a: Exclude<Shape, { ref: string }>, b: Exclude<Shape, { ref: string }>, path: string, place: Place): void {
    const widened =
      this.side === 'input'
        ? b.kind === 'unknown' || (b.kind === 'union' && b.of.some((v) => describe(v) === describe(a))) || (a.kind === 'union' && b.kind === 'object' && this.objectTakesAll(a.of, b))
        : a.kind === 'unknown';
    const message = `${this.subject(path, place)} changed from ${describe(a)} to ${describe(b)}`;
    this.found(widened ? 'feature' : 'breaking', message, place);
  }

  /** A request object every old union member fits: each is an object whose fields it has (or it takes any field), and what it requires each member gives. */
  private objectTakesAll(members: Shape[], object: Extract<Shape, { kind: 'object' }>): boolean {
    const fields = object.fields;
    return members.every((member) => {
      const own = this.fieldsOf(member, this.old);
      if (!own) return false;
      const fits = freeForm(object) || Object.keys(own).every((f) => f in fields);
      const gives = Object.entries(fields).every(([f, field]) => !field.required || own[f]?.required === true);
      return fits && gives;
    });
  }

  private compareObjects(a: Extract<Shape, { kind: 'object' }>, b: Extract<Shape, { kind: 'object' }>, path: string, place: Place): void {
    const subject = this.subject(path, place);
    if (this.side === 'input' && freeForm(b) && !freeForm(a)) {
      // `Record<string, unknown>` takes any object: every old call still compiles.
      this.found('feature', `${subject} now takes any fields (was ${Object.keys(a.fields).join(', ') || 'an object'})`, place);
      return;
    }
    if (this.side === 'output' && freeForm(a) && !freeForm(b) && Object.keys(b.fields).length > 0 && !indexed(b)) {
      // What code read as `unknown` by any key is now a declared field or not there: reads of other keys no longer compile.
      this.found(
        'breaking',
        `${subject} now declares its fields (${Object.keys(b.fields).join(', ')}; was any fields, Record<string, unknown>): reading a field it does not declare no longer compiles`,
        place,
      );
      return;
    }
    this.compareFields(a.fields, b.fields, path, place);
  }

  private compareFields(a: Record<string, Field>, b: Record<string, Field>, path: string, place: Place): void {
    const input = this.side === 'input';
    const child = (name: string): string => (path === '' ? name : `${path}.${name}`);
    const removed = Object.keys(a).filter((name) => !b[name]);
    const added = Object.keys(b).filter((name) => !a[name]);
    // A field that went while another came is renamed only on evidence (see evidence.ts).
    const renames = new Map(renamedEntries(removed, added, { before: (k) => a[k] as Field, after: (k) => b[k] as Field, order: { before: Object.keys(a), after: Object.keys(b) } }, () => '', this.evidence));
    const renamedTo = new Set(renames.values());
    for (const [name, field] of Object.entries(a)) {
      const to = renames.get(name);
      const other = b[to ?? name];
      const here: Place = { ...place, field: name, rel: this.child(place, name) };
      const label = input ? `field ${this.subject(child(name), here)}` : this.subject(child(name), here);
      if (!other) {
        this.found('breaking', `${label} removed`, here, true);
        continue;
      }
      const there: Place = to === undefined ? here : { ...place, field: to, rel: this.child(place, to) };
      if (to !== undefined) {
        const at = place.newOwner !== undefined ? place.rel : path;
        const rename: Rename = { kind: 'field', side: this.side, ...(place.newOwner !== undefined ? { type: place.newOwner } : {}), ...(at ? { at } : {}), from: name, to };
        this.found('breaking', `${label} renamed to ${to}`, there, false, rename);
      }
      if (input && !field.required && other.required) this.found('breaking', `${label} is now required`, there);
      if (input && field.required && !other.required) this.found('feature', `${label} is now optional`, there);
      if (!input && field.required && !other.required) this.found('breaking', `${label} is now optional (may be missing)`, there);
      if (!input && !field.required && other.required) this.found('patch', `${label} is now always present`, there);
      this.compare(field.type, other.type, child(to ?? name), there);
    }
    for (const [name, field] of Object.entries(b)) {
      if (a[name] || renamedTo.has(name)) continue;
      const here: Place = { ...place, field: name, rel: this.child(place, name) };
      const subject = this.subject(child(name), here);
      if (input) this.found(field.required ? 'breaking' : 'feature', field.required ? `new required field ${subject}` : `optional field ${subject} added`, here);
      else this.found('feature', `${subject} added`, here);
    }
  }

  private compareUnion(a: Shape[], b: Shape[], path: string, place: Place): void {
    // Pair each old variant with a new one: the same one first, then one read the same way
    // (the same position preferred), so variants that changed in place are compared one by one.
    const pairs: [number, number][] = [];
    const used = new Set<number>();
    const claim = (i: number, match: (j: number) => boolean): boolean => {
      const order = [i, ...b.keys()].filter((j) => j < b.length && !used.has(j));
      const j = order.find(match);
      if (j === undefined) return false;
      used.add(j);
      pairs.push([i, j]);
      return true;
    };
    const unpaired: number[] = [];
    a.forEach((v, i) => {
      if (!claim(i, (j) => JSON.stringify(b[j]) === JSON.stringify(v))) unpaired.push(i);
    });
    const lost = unpaired.filter((i) => !claim(i, (j) => describe(b[j] as Shape) === describe(a[i] as Shape)));
    const gained = b.filter((_, j) => !used.has(j));
    const input = this.side === 'input';
    const subject = this.subject(path, place);
    if (lost.length > 0 && gained.length === lost.length) {
      lost.forEach((i, k) => this.compare(a[i] as Shape, gained[k] as Shape, path, place));
    } else {
      const names = (list: Shape[]): string => list.map(describe).join(' | ');
      // A result member lost breaks a case on it, or a read of a field only it has: like a closed enum losing a value.
      if (lost.length > 0) {
        const what = names(lost.map((i) => a[i] as Shape));
        this.found('breaking', input ? `${subject} no longer accepts ${what}` : `${subject} is no longer ${what}: a case on it, or a read of a field only it has, no longer compiles`, place);
      }
      if (gained.length > 0) this.found(input ? 'feature' : 'breaking', `${subject} ${input ? 'accepts' : 'may now be'} ${names(gained)}`, place);
    }
    for (const [i, j] of pairs) this.compare(a[i] as Shape, b[j] as Shape, path, place);
    if (!input) this.compareSiblings(a, b, path, place);
  }

  /**
   * A result union's member that gains a field another member already has with another type: after
   * `'f' in value` the field is now either type, so code that read it as the other member's type no
   * longer compiles. Field by field, over the members that are objects.
   */
  private compareSiblings(a: Shape[], b: Shape[], path: string, place: Place): void {
    const before = a.map((m) => this.fieldsOf(m, this.old));
    const after = b.map((m) => this.fieldsOf(m, this.next));
    const had = new Set(before.flatMap((f) => Object.keys(f ?? {})));
    after.forEach((fields, j) => {
      for (const [name, field] of Object.entries(fields ?? {})) {
        if (!had.has(name)) continue;
        // Only a field this member did not have before (matched by name among the old members' fields).
        const same = before[j] ?? before.find((f) => f && Object.keys(f).every((k) => fields && k in fields));
        if (same && name in same) continue;
        const clash = after.find((other, k) => k !== j && other?.[name] && describe(this.resolve(other[name].type, this.next)) !== describe(this.resolve(field.type, this.next)));
        if (!clash) continue;
        const member = describe(b[j] as Shape);
        this.found(
          'breaking',
          `${this.subject(path, place)}: member ${member} now has field ${name} as ${describe(field.type)}, which another member has as ${describe(clash[name]!.type)}: after an 'in' check, ${name} is either, and code reading it as the other no longer compiles`,
          place,
        );
      }
    });
  }

  /**
   * Enum values. A request's enum is always closed (the model closes what is sent): losing a value
   * breaks callers, gaining one is a feature. A result's closed enum is the union of its values:
   * a value gained breaks an exhaustive `switch` (its `never` check), a value lost breaks a
   * `case` or comparison with it (TS2678, TS2367), and opening it (`'a' | 'b' | string`, which the
   * compiler reads as `string`) breaks both and any lookup keyed by the values. An open or plain
   * result is a `string` either way: its listed values are documentation, and closing it a feature.
   * A closed enum's value that went while one like it came (`referenced_tweets.id` ->
   * `referenced_posts.id`: one word of several differs) is reported as renamed, with the pair.
   */
  private compareEnum(a: Scalar, b: Scalar, path: string, place: Place): void {
    const list = (values: Literal[]): string => values.map((v) => JSON.stringify(v)).join(', ');
    const them = (values: Literal[]): string => (values.length === 1 ? 'it' : 'them');
    let lost = a.enum && b.enum ? a.enum.filter((v) => !b.enum?.includes(v)) : [];
    let gained = a.enum && b.enum ? b.enum.filter((v) => !a.enum?.includes(v)) : [];
    const subject = this.subject(path, place);
    const closedA = a.enum !== undefined && (this.side === 'input' || !a.open);
    const closedB = b.enum !== undefined && (this.side === 'input' || !b.open);
    if (closedA && closedB) {
      const owner = this.owner(place);
      const strings = (values: Literal[]): string[] => values.filter((v): v is string => typeof v === 'string');
      for (const [from, to] of pairUp(strings(lost), strings(gained), (x, y) => this.evidence.corroborated(x, y))) {
        const rename: Rename = { kind: 'enum-value', ...(owner !== undefined && !place.rel ? { type: owner } : place.key !== undefined ? { param: path } : {}), from: from as string, to: to as string };
        this.found('breaking', `${subject}: value ${JSON.stringify(from)} renamed to ${JSON.stringify(to)}`, place, false, rename);
        lost = lost.filter((v) => v !== from);
        gained = gained.filter((v) => v !== to);
      }
    }
    if (this.side === 'input') {
      if (a.enum && b.enum) {
        if (lost.length > 0) this.found('breaking', `${subject} no longer accepts ${list(lost)}`, place);
        if (gained.length > 0) this.found('feature', `${subject} accepts ${list(gained)}`, place);
      } else if (b.enum) this.found('breaking', `${subject} now accepts only ${list(b.enum)}`, place);
      else if (a.enum) this.found('feature', `${subject} accepts any ${a.kind} (was only ${list(a.enum)})`, place);
      return;
    }
    if (closedA && closedB) {
      if (lost.length > 0) this.found('breaking', `${subject} is no longer ${list(lost)}: a case or comparison with ${them(lost)} no longer compiles`, place);
      if (gained.length > 0) this.found('breaking', `${subject} may now be ${list(gained)}: an exhaustive switch on it no longer compiles without a case for ${them(gained)}`, place);
    } else if (closedA) {
      const now = b.enum ? 'an open enum (any other string too)' : `any ${b.kind}`;
      this.found('breaking', `${subject} is no longer limited to ${list(a.enum ?? [])}: it is now ${now}, and an exhaustive switch or a lookup keyed by those values no longer compiles`, place);
    } else if (closedB) {
      const dropped = (a.enum ?? []).filter((v) => !b.enum?.includes(v));
      if (dropped.length > 0) this.found('breaking', `${subject} is now limited to ${list(b.enum ?? [])}, no longer ${list(dropped)}: a case or comparison with ${them(dropped)} no longer compiles`, place);
      else this.found('feature', `${subject} is now limited to ${list(b.enum ?? [])}: an exhaustive switch on it is possible`, place);
    } else if (a.enum && b.enum) {
      // Both open: the type is `string` before and after; the listed values document what is sent.
      if (gained.length > 0) this.found('feature', `${subject} may now be ${list(gained)} (an open enum: its type, any string, is unchanged)`, place);
      if (lost.length > 0) this.found('patch', `${subject} is no longer ${list(lost)} (an open enum: its type, any string, is unchanged)`, place);
    } else if (b.enum) this.found('patch', `${subject} now lists its values ${list(b.enum)} (an open enum: its type, any string, is unchanged)`, place);
    else if (a.enum) this.found('patch', `${subject} no longer lists values (was an open enum of ${list(a.enum)}; its type, any string, is unchanged)`, place);
  }

  private compareBounds(a: Bounds | undefined, b: Bounds | undefined, path: string, place: Place): void {
    // Bounds are checked before a request is sent; a result's bounds constrain nothing a consumer writes.
    if (this.side === 'output') return;
    const before = a ?? {};
    const after = b ?? {};
    const tightened: string[] = [];
    const loosened: string[] = [];
    const lower = ['minLength', 'minimum', 'minItems'] as const;
    const upper = ['maxLength', 'maximum', 'maxItems'] as const;
    for (const key of [...lower, ...upper]) {
      const x = before[key];
      const y = after[key];
      if (x === y) continue;
      const isLower = (lower as readonly string[]).includes(key);
      const tighter = x === undefined || (y !== undefined && (isLower ? y > x : y < x));
      (tighter && y !== undefined ? tightened : loosened).push(y === undefined ? `no ${key} (was ${x})` : `${key} ${y}${x === undefined ? '' : ` (was ${x})`}`);
    }
    for (const key of ['exclusiveMinimum', 'exclusiveMaximum', 'pattern'] as const) {
      const x = before[key];
      const y = after[key];
      if (x === y) continue;
      (y === undefined || y === false ? loosened : tightened).push(y === undefined ? `no ${key}` : `${key} ${JSON.stringify(y)}`);
    }
    const subject = this.subject(path, place);
    // The types do not change: the code compiles, and the call throws where it used to send.
    if (tightened.length > 0) this.found('breaking', `${subject} narrowed: ${tightened.join(', ')}; a run-time break: a call with a value outside it now throws ValidationError before sending`, place);
    if (loosened.length > 0) this.found('feature', `${subject} widened: ${loosened.join(', ')}`, place);
  }
}

function numeric(kind: string): boolean {
  return kind === 'integer' || kind === 'number';
}

/** An object typed `Record<string, unknown>`: no declared fields, any others allowed. */
function freeForm(shape: Extract<Shape, { kind: 'object' }>): boolean {
  return Object.keys(shape.fields).length === 0 && shape.extra !== false;
}

/** An object that keeps an index signature beside its fields (`additionalProperties: true` or a schema). */
function indexed(shape: Extract<Shape, { kind: 'object' }>): boolean {
  return shape.extra === true || typeof shape.extra === 'object';
}

/** A short name for a shape in messages: `string`, `'a' | 'b'`, `Tweet[]`, `object`. */
function describe(shape: Shape): string {
  if ('ref' in shape) return shape.ref + (shape.nullable ? ' | null' : '');
  let text: string;
  switch (shape.kind) {
    case 'array':
      text = `${describe(shape.items)}[]`;
      break;
    case 'union':
      text = shape.of.map(describe).join(' | ');
      break;
    case 'all':
      text = shape.of.map(describe).join(' & ');
      break;
    default:
      text = shape.kind === 'integer' ? 'number (integer)' : shape.kind;
  }
  return text + (shape.nullable ? ' | null' : '');
}
