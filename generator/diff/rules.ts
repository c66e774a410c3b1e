import { type Change, LEVELS, type Level, type Where } from './change.ts';
import type { Bounds, Field, Literal, Shape } from './shapes.ts';
import type { ApiSnapshot, OperationSnapshot, ParamSnapshot } from './snapshot.ts';

/**
 * The changes between two snapshots, classified by what they do to code written against the old
 * package: `breaking` (it may no longer compile or behave), `feature` (new things to use), `patch`
 * (documentation, or wire details the generated call hides). In order: breaking, feature, patch;
 * within a level, by operation in spec order, then the package-wide ones.
 */
export function diffSnapshots(old: ApiSnapshot, next: ApiSnapshot): Change[] {
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
  if (changes.length === 0 && JSON.stringify({ ...old, specVersion: '' }) !== JSON.stringify({ ...next, specVersion: '' })) {
    // Something in the types moved that no rule names (a `format`, say): not nothing, but nothing a call sees.
    add({ level: 'patch', message: 'schema details changed without changing the generated calls' });
  }
  return LEVELS.flatMap((level) => changes.filter((c) => c.level === level));
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
        if (a.enum || pb.enum) this.compareEnum(a.enum, pb.enum, path, place);
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

  private compareEnum(a: Literal[] | undefined, b: Literal[] | undefined, path: string, place: Place): void {
    const input = this.side === 'input';
    const list = (values: Literal[]): string => values.map((v) => JSON.stringify(v)).join(', ');
    if (a && b) {
      const lost = a.filter((v) => !b.includes(v));
      const gained = b.filter((v) => !a.includes(v));
      if (lost.length > 0) this.report('breaking', input ? `${path} no longer accepts ${list(lost)}` : `${this.label(path)} is no longer ${list(lost)}`, this.where(place));
      if (gained.length > 0) {
        const message = input ? `${path} accepts ${list(gained)}` : `${this.label(path)} may now be ${list(gained)}: an exhaustive switch on it needs a case for ${gained.length === 1 ? 'it' : 'each'}`;
        this.report('feature', message, this.where(place));
      }
    } else if (b && input) this.report('breaking', `${path} now accepts only ${list(b)}`, this.where(place));
    else if (a && !input) this.report('feature', `${this.label(path)} is no longer limited to ${list(a)}: an exhaustive switch on it needs a default`, this.where(place));
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
