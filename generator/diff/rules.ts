import { type Change, LEVELS, type Level, type Where } from './change.ts';
import type { Bounds, Field, Literal, Scalar, Shape } from './shapes.ts';
import { type ApiSnapshot, type NarrowingSnapshot, type OperationSnapshot, type ParamSnapshot, withUnknownFacts } from './snapshot.ts';

/**
 * The changes between two snapshots, classified by what they do to code written against the old
 * package: `breaking` (it may no longer compile or behave), `feature` (new things to use), `patch`
 * (documentation, or wire details the generated call hides). In order: breaking, feature, patch;
 * within a level, by operation in spec order, then the package-wide ones.
 */
export function diffSnapshots(previous: ApiSnapshot, next: ApiSnapshot): Change[] {
  // A snapshot of an older format lacks some facts: they compare as unchanged, not as removed.
  const old = withUnknownFacts(previous, next);
  const changes: Change[] = [];
  const add = (change: Change): void => void changes.push(change);
  for (const [id, before] of Object.entries(old.operations)) {
    const after = next.operations[id];
    if (!after) {
      add({ level: 'breaking', operationId: id, message: `${id}: operation removed (was ${call(before)})`, where: { side: 'old', operationId: id } });
      continue;
    }
    compareOperation(id, before, after, old, next, add);
  }
  for (const [id, after] of Object.entries(next.operations)) {
    if (!old.operations[id]) add({ level: 'feature', operationId: id, message: `${id}: operation added as ${call(after)}`, where: { side: 'new', operationId: id } });
  }
  compareSets(old.auth, next.auth, (kind) => `the client no longer accepts ${kind} credentials`, (kind) => `the client accepts ${kind} credentials`, (auth) => ({ auth }), add);
  compareSets(old.problems, next.problems, (type) => `problem type ${type} removed`, (type) => `problem type ${type} added`, (problem) => ({ problem }), add);
  for (const [name, before] of Object.entries(old.types)) {
    const after = next.types[name];
    if (after && before.docs !== after.docs) add({ level: 'patch', message: `documentation of ${name} changed`, where: { side: 'new', type: name } });
  }
  if (old.specVersion !== next.specVersion) add({ level: 'patch', message: `spec version ${old.specVersion} -> ${next.specVersion}` });
  if (changes.length === 0 && canonical({ ...old, specVersion: '' }) !== canonical({ ...next, specVersion: '' })) {
    // Something in the types moved that no rule names (a `format`, say): not nothing, but nothing a call sees.
    add({ level: 'patch', message: 'schema details changed without changing the generated calls' });
  }
  return LEVELS.flatMap((level) => changes.filter((c) => c.level === level));
}

/** JSON with object keys sorted: two snapshots that say the same compare equal, whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
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
  add: (c: Change) => void,
): void {
  const at: Where = { side: 'new', operationId: id };
  const report = (level: Level, message: string, where: Where = at): void => add({ level, operationId: id, message: `${id}: ${message}`, where });
  if (before.group !== after.group || before.method !== after.method) report('breaking', `${call(before)} renamed to ${call(after)}`);
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
  compareParams(id, before.params, after.params, new Walker(id, 'input', old, next, add));
  if (!before.resultMayBeEmpty && after.resultMayBeEmpty) report('breaking', 'may now resolve to undefined');
  if (before.resultMayBeEmpty && !after.resultMayBeEmpty) report('patch', 'always resolves to a body');
  new Walker(id, 'output', old, next, add).compare(before.result, after.result, '', {});
  compareNarrowing(id, before, after, next, report);
}

/**
 * How the result follows the params (field selection, flags): what `result.data.x` compiles to.
 * A field leaving the defaults, or one that may now be missing when asked for, is a compile
 * error where code reads it; so is a result that starts or stops following a parameter (fields
 * absent unless asked for, or optional again where they were present). A new default is a feature.
 */
function compareNarrowing(id: string, before: OperationSnapshot, after: OperationSnapshot, next: ApiSnapshot, report: (level: Level, message: string, where?: Where) => void): void {
  const a: NarrowingSnapshot = before.narrowing ?? {};
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
      report('breaking', `${label} no longer follows ${x.param}: the fields it asks for are optional again, as the schema states them`, paramAt(x.param));
      continue;
    }
    if (!x && y) {
      report('breaking', `${label} now follows ${y.param}: it carries only its default fields (${y.defaults.join(', ') || 'none'}) and the fields ${y.param} asks for; reading any other is a compile error`, paramAt(y.param));
      continue;
    }
    if (!x || !y) continue;
    if (x.param !== y.param) report('breaking', `${label} now follows ${y.param} (was ${x.param})`, paramAt(y.param));
    // A field gone from the object altogether is reported as removed already.
    const fields = objectFields(next, y.object);
    const still = (f: string): boolean => fields === undefined || f in fields;
    for (const f of x.defaults.filter((d) => !y.defaults.includes(d) && still(d))) {
      report('breaking', `${label}.${f} is no longer returned by default: reading it is a compile error unless ${y.param} asks for it`, paramAt(y.param));
    }
    for (const f of y.defaults.filter((d) => !x.defaults.includes(d))) {
      report('feature', `${label}.${f} is now returned by default, without ${y.param} asking for it`, paramAt(y.param));
    }
    const xs = x.sometimesAbsent ?? [];
    const ys = y.sometimesAbsent ?? [];
    for (const f of ys.filter((v) => !xs.includes(v))) {
      report('breaking', `${label}.${f} may now be missing even when ${y.param} asks for it (optional)`, fieldAt(y.object, f, y.param));
    }
    for (const f of xs.filter((v) => !ys.includes(v) && still(v))) {
      report('patch', `${label}.${f} is now always present when ${y.param} asks for it`, fieldAt(y.object, f, y.param));
    }
  }
  const fa = a.flags ?? {};
  const fb = b.flags ?? {};
  const body = objectFields(next, after.result);
  for (const property of union(Object.keys(fa), Object.keys(fb))) {
    const x = fa[property];
    const y = fb[property];
    const label = `result field ${property}`;
    if (y && x !== y) report('breaking', `${label} is now present only when ${y} is true${x ? ` (was ${x})` : ''}: reading it otherwise is a compile error`, paramAt(y));
    else if (x && !y && (body === undefined || property in body)) report('breaking', `${label} no longer follows ${x}: it may be missing even when ${x} is true`, paramAt(x));
  }
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

function compareParams(id: string, before: Record<string, ParamSnapshot>, after: Record<string, ParamSnapshot>, walker: Walker): void {
  const removed = Object.keys(before).filter((k) => !(k in after));
  const added = Object.keys(after).filter((k) => !(k in before));
  // A parameter that went while one of the same kind came is a rename by wire name (`tweet.fields` -> `post.fields`).
  const renames: [string, string][] = [];
  for (const key of [...removed]) {
    const p = before[key] as ParamSnapshot;
    const same = added.filter((k) => after[k]?.in === p.in && JSON.stringify(after[k]?.type) === JSON.stringify(p.type));
    // Failing an exact match, the only one of the same location and kind of type (an array, a string, ...).
    const sameIn = added.filter((k) => after[k]?.in === p.in && family(after[k]?.type) === family(p.type));
    const pick = same.length === 1 ? same[0] : removed.filter((r) => before[r]?.in === p.in).length === 1 && sameIn.length === 1 ? sameIn[0] : undefined;
    if (pick === undefined) continue;
    renames.push([key, pick]);
    removed.splice(removed.indexOf(key), 1);
    added.splice(added.indexOf(pick), 1);
  }
  for (const key of removed) {
    const p = before[key] as ParamSnapshot;
    walker.report('breaking', `${paramLabel(p)} ${key} removed`, { side: 'old', operationId: id, param: { in: p.in, wire: p.wire } });
  }
  for (const [from, to] of renames) {
    const a = before[from] as ParamSnapshot;
    const b = after[to] as ParamSnapshot;
    walker.report('breaking', `${paramLabel(a)} ${from} renamed to ${to}`, { side: 'new', operationId: id, param: { in: b.in, wire: b.wire } });
    compareParam(id, to, a, b, walker);
  }
  for (const key of added) {
    const p = after[key] as ParamSnapshot;
    const where: Where = { side: 'new', operationId: id, param: { in: p.in, wire: p.wire } };
    if (p.required) walker.report('breaking', `new required ${paramLabel(p)} ${key}`, where);
    else walker.report('feature', `optional ${paramLabel(p)} ${key} added`, where);
  }
  for (const key of Object.keys(before)) {
    const a = before[key] as ParamSnapshot;
    const b = after[key];
    if (b) compareParam(id, key, a, b, walker);
  }
}

function compareParam(id: string, key: string, a: ParamSnapshot, b: ParamSnapshot, walker: Walker): void {
  const where: Where = { side: 'new', operationId: id, param: { in: b.in, wire: b.wire } };
  if (!a.required && b.required) walker.report('breaking', `${paramLabel(b)} ${key} is now required`, where);
  if (a.required && !b.required) walker.report('feature', `${paramLabel(b)} ${key} is now optional`, where);
  if (a.in !== b.in && a.in !== 'body' && b.in !== 'body') walker.report('patch', `parameter ${key} is now sent in the ${b.in} (was the ${a.in})`, where);
  walker.compare(a.type, b.type, key, { param: where.param });
}

/** What the walk knows of where it is: the parameter it is in, and the named types that hold the current field. */
interface Place {
  param?: { in: string; wire: string };
  oldOwner?: string;
  newOwner?: string;
  field?: string;
}

/**
 * Compares two types of one operation, on one side of the call. A request type (`input`) may widen
 * freely and breaks callers when it narrows; a result type (`output`) is the other way round, except
 * that a new enum value or field is a feature (an exhaustive switch needs a case: the message says so).
 */
class Walker {
  private readonly seen = new Set<string>();

  constructor(
    private readonly id: string,
    private readonly side: 'input' | 'output',
    private readonly old: ApiSnapshot,
    private readonly next: ApiSnapshot,
    private readonly add: (c: Change) => void,
  ) {}

  report(level: Level, message: string, where: Where): void {
    this.add({ level, operationId: this.id, message: `${this.id}: ${message}`, where });
  }

  private where(place: Place, removed = false): Where {
    const where: Where = { side: removed ? 'old' : 'new', operationId: this.id };
    const owner = removed ? place.oldOwner : place.newOwner;
    if (owner && place.field) return { ...where, type: owner, field: place.field };
    if (place.param) return { ...where, param: place.param };
    return where;
  }

  private label(path: string): string {
    return this.side === 'output' ? (path === '' ? 'the result' : `result field ${path}`) : path;
  }

  compare(a: Shape, b: Shape, path: string, place: Place): void {
    if ('ref' in a || 'ref' in b) {
      const key = `${'ref' in a ? a.ref : JSON.stringify(a)}\0${'ref' in b ? b.ref : JSON.stringify(b)}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      const ra = this.resolve(a, this.old);
      const rb = this.resolve(b, this.next);
      this.compare(ra, rb, path, { ...place, ...('ref' in a ? { oldOwner: a.ref } : {}), ...('ref' in b ? { newOwner: b.ref } : {}) });
      return;
    }
    this.compareNull(a, b, path, place);
    if (a.kind !== b.kind) {
      this.kindChanged(a, b, path, place);
      return;
    }
    switch (a.kind) {
      case 'array':
        if (b.kind !== 'array') return;
        this.compareBounds(a.bounds, b.bounds, path, place);
        this.compare(a.items, b.items, `${path}[]`, { ...place, field: undefined });
        return;
      case 'object':
        if (b.kind !== 'object') return;
        this.compareFields(a.fields, b.fields, path, place);
        return;
      case 'all': {
        const fa = this.fieldsOf(a, this.old);
        const fb = this.fieldsOf(b, this.next);
        if (fa && fb) this.compareFields(fa, fb, path, place);
        else if (JSON.stringify(a) !== JSON.stringify(b)) this.report('breaking', `the type of ${this.label(path)} changed`, this.where(place));
        return;
      }
      case 'union':
        if (b.kind === 'union') this.compareUnion(a.of, b.of, path, place);
        return;
      default: {
        const pb = b as typeof a;
        if (a.enum || pb.enum) this.compareEnum(a, pb, path, place);
        if (a.bounds || pb.bounds) this.compareBounds(a.bounds, pb.bounds, path, place);
      }
    }
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
    if (this.side === 'output' && bn) this.report('breaking', `${this.label(path)} may now be null`, this.where(place));
    if (this.side === 'input' && an) this.report('breaking', `${path} no longer accepts null`, this.where(place));
    if (this.side === 'input' && bn) this.report('feature', `${path} accepts null`, this.where(place));
  }

  private kindChanged(a: Exclude<Shape, { ref: string }>, b: Exclude<Shape, { ref: string }>, path: string, place: Place): void {
    const widened =
      this.side === 'input'
        ? b.kind === 'unknown' || (b.kind === 'union' && b.of.some((v) => describe(v) === describe(a))) || (a.kind === 'integer' && b.kind === 'number')
        : a.kind === 'unknown' || (b.kind === 'integer' && a.kind === 'number');
    const message = `${this.label(path)} changed from ${describe(a)} to ${describe(b)}`;
    this.report(widened ? 'feature' : 'breaking', message, this.where(place));
  }

  private compareFields(a: Record<string, Field>, b: Record<string, Field>, path: string, place: Place): void {
    const input = this.side === 'input';
    const child = (name: string): string => (path === '' ? name : `${path}.${name}`);
    for (const [name, field] of Object.entries(a)) {
      const other = b[name];
      const here: Place = { ...place, field: name };
      const label = input ? `field ${child(name)}` : this.label(child(name));
      if (!other) {
        this.report('breaking', `${label} removed`, this.where(here, true));
        continue;
      }
      if (input && !field.required && other.required) this.report('breaking', `${label} is now required`, this.where(here));
      if (input && field.required && !other.required) this.report('feature', `${label} is now optional`, this.where(here));
      if (!input && field.required && !other.required) this.report('breaking', `${label} is now optional (may be missing)`, this.where(here));
      if (!input && !field.required && other.required) this.report('patch', `${label} is now always present`, this.where(here));
      this.compare(field.type, other.type, child(name), here);
    }
    for (const [name, field] of Object.entries(b)) {
      if (a[name]) continue;
      const here = this.where({ ...place, field: name });
      if (input) this.report(field.required ? 'breaking' : 'feature', field.required ? `new required field ${child(name)}` : `optional field ${child(name)} added`, here);
      else this.report('feature', `${this.label(child(name))} added`, here);
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
    if (lost.length > 0 && gained.length === lost.length) {
      lost.forEach((i, k) => this.compare(a[i] as Shape, gained[k] as Shape, path, place));
    } else {
      const names = (list: Shape[]): string => list.map(describe).join(' | ');
      if (lost.length > 0) this.report(input ? 'breaking' : 'patch', `${this.label(path)} ${input ? 'no longer accepts' : 'is no longer'} ${names(lost.map((i) => a[i] as Shape))}`, this.where(place));
      if (gained.length > 0) this.report(input ? 'feature' : 'breaking', `${this.label(path)} ${input ? 'accepts' : 'may now be'} ${names(gained)}`, this.where(place));
    }
    for (const [i, j] of pairs) this.compare(a[i] as Shape, b[j] as Shape, path, place);
  }

  /**
   * Enum values. A request's enum is always closed (the model closes what is sent): losing a value
   * breaks callers, gaining one is a feature. A result's closed enum is the union of its values:
   * a value gained breaks an exhaustive `switch` (its `never` check), a value lost breaks a
   * `case` or comparison with it (TS2678, TS2367), and opening it (`'a' | 'b' | string`, which the
   * compiler reads as `string`) breaks both and any lookup keyed by the values. An open or plain
   * result is a `string` either way: its listed values are documentation, and closing it a feature.
   */
  private compareEnum(a: Scalar, b: Scalar, path: string, place: Place): void {
    const list = (values: Literal[]): string => values.map((v) => JSON.stringify(v)).join(', ');
    const them = (values: Literal[]): string => (values.length === 1 ? 'it' : 'them');
    const lost = a.enum && b.enum ? a.enum.filter((v) => !b.enum?.includes(v)) : [];
    const gained = a.enum && b.enum ? b.enum.filter((v) => !a.enum?.includes(v)) : [];
    const where = this.where(place);
    if (this.side === 'input') {
      if (a.enum && b.enum) {
        if (lost.length > 0) this.report('breaking', `${path} no longer accepts ${list(lost)}`, where);
        if (gained.length > 0) this.report('feature', `${path} accepts ${list(gained)}`, where);
      } else if (b.enum) this.report('breaking', `${path} now accepts only ${list(b.enum)}`, where);
      else if (a.enum) this.report('feature', `${path} accepts any ${a.kind} (was only ${list(a.enum)})`, where);
      return;
    }
    const label = this.label(path);
    const closedA = a.enum !== undefined && !a.open;
    const closedB = b.enum !== undefined && !b.open;
    if (closedA && closedB) {
      if (lost.length > 0) this.report('breaking', `${label} is no longer ${list(lost)}: a case or comparison with ${them(lost)} no longer compiles`, where);
      if (gained.length > 0) this.report('breaking', `${label} may now be ${list(gained)}: an exhaustive switch on it no longer compiles without a case for ${them(gained)}`, where);
    } else if (closedA) {
      const now = b.enum ? 'an open enum (any other string too)' : `any ${b.kind}`;
      this.report('breaking', `${label} is no longer limited to ${list(a.enum ?? [])}: it is now ${now}, and an exhaustive switch or a lookup keyed by those values no longer compiles`, where);
    } else if (closedB) {
      const dropped = (a.enum ?? []).filter((v) => !b.enum?.includes(v));
      if (dropped.length > 0) this.report('breaking', `${label} is now limited to ${list(b.enum ?? [])}, no longer ${list(dropped)}: a case or comparison with ${them(dropped)} no longer compiles`, where);
      else this.report('feature', `${label} is now limited to ${list(b.enum ?? [])}: an exhaustive switch on it is possible`, where);
    } else if (a.enum && b.enum) {
      // Both open: the type is `string` before and after; the listed values document what is sent.
      if (gained.length > 0) this.report('feature', `${label} may now be ${list(gained)} (an open enum: its type, any string, is unchanged)`, where);
      if (lost.length > 0) this.report('patch', `${label} is no longer ${list(lost)} (an open enum: its type, any string, is unchanged)`, where);
    } else if (b.enum) this.report('patch', `${label} now lists its values ${list(b.enum)} (an open enum: its type, any string, is unchanged)`, where);
    else if (a.enum) this.report('patch', `${label} no longer lists values (was an open enum of ${list(a.enum)}; its type, any string, is unchanged)`, where);
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
    if (tightened.length > 0) this.report('breaking', `${path} narrowed: ${tightened.join(', ')}`, this.where(place));
    if (loosened.length > 0) this.report('feature', `${path} widened: ${loosened.join(', ')}`, this.where(place));
  }
}

/** The kind of a shape, references by name: what a renamed parameter must keep to be taken for the same one. */
function family(shape: Shape | undefined): string {
  return shape === undefined ? '' : 'ref' in shape ? `ref ${shape.ref}` : shape.kind;
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
