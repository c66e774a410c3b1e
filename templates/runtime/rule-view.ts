/**
 * The params view the `x-validation` rules read (rules.ts): paths into the params object, the values
 * they reach, conditions on them, and the copy-on-write rewrite of the params a rule may make.
 */
import { isRecord } from './errors.js';
import type { OperationSpec } from './types.js';

/** A property name or an array index on the way from the params object to a value. */
export type Key = string | number;

/** One value a path reached, with the keys that lead to it from the params object. */
export interface Found {
  readonly value: unknown;
  readonly keys: readonly Key[];
}

/** One path segment: a property name, then `fanOut` times `[]`. An empty path is `$`. */
export interface Segment {
  readonly name: string;
  readonly fanOut: number;
}

export type Path = readonly Segment[];

export type Condition =
  | { readonly field: Path; readonly text: string; readonly in: readonly unknown[] }
  | { readonly field: Path; readonly text: string; readonly present: boolean };

export type Container = Record<string, unknown> | unknown[];

/** The evaluation of one call: the params view the rules read, rewritten copy-on-write. */
export interface State {
  readonly op: OperationSpec;
  readonly params: Record<string, unknown>;
  readonly now: () => number;
  view: Record<string, unknown>;
  /** Containers this run copied, so they may be written in place. */
  readonly owned: WeakSet<object>;
  /** The fields of an object body passed whole under `body`, merged into the view. */
  readonly bodyKeys: ReadonlySet<string> | undefined;
  changed: boolean;
}

// ------------------------------------------------------------------ the params view

export function openView(op: OperationSpec, params: Record<string, unknown>, now: () => number): State {
  const owned = new WeakSet<object>();
  const whole = params.body;
  if (op.body?.mode === 'whole' && isPlainObject(whole)) {
    // An object body passed whole: its fields join the view, as the rules' paths expect.
    const view: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params)) if (key !== 'body') view[key] = value;
    Object.assign(view, whole);
    owned.add(view);
    return { op, params, now, view, owned, bodyKeys: new Set(Object.keys(whole)), changed: false };
  }
  return { op, params, now, view: params, owned, bodyKeys: undefined, changed: false };
}

/** The params to send, built from the (rewritten) view. */
export function closeView(state: State): Record<string, unknown> {
  const { bodyKeys, view, params } = state;
  if (!bodyKeys) return view;
  const out: Record<string, unknown> = { ...params };
  const body: Record<string, unknown> = { ...(params.body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(view)) {
    if (bodyKeys.has(key)) body[key] = value;
    else out[key] = value;
  }
  out.body = body;
  return out;
}

/** Sets the value at `keys`, copying every container on the way that this run does not own yet. */
export function write(state: State, keys: readonly Key[], value: unknown): void {
  if (!state.owned.has(state.view)) {
    state.view = { ...state.view };
    state.owned.add(state.view);
  }
  let container: Container = state.view;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i] as Key;
    const child = get(container, key);
    if (typeof child !== 'object' || child === null)
      throw new Error(`${state.op.id}: cannot rewrite ${render(keys)}`);
    let mine = child as Container;
    if (!state.owned.has(mine)) {
      mine = Array.isArray(mine) ? mine.slice() : { ...mine };
      state.owned.add(mine);
      put(container, key, mine);
    }
    container = mine;
  }
  const last = keys[keys.length - 1];
  if (last === undefined) throw new Error(`${state.op.id}: cannot rewrite the params object itself`);
  put(container, last, value);
  state.changed = true;
}

export function get(container: Container, key: Key): unknown {
  return Array.isArray(container) ? container[Number(key)] : container[String(key)];
}

export function put(container: Container, key: Key, value: unknown): void {
  if (Array.isArray(container)) container[Number(key)] = value;
  else container[String(key)] = value;
}

// ------------------------------------------------------------------ paths

export const SEGMENT = /^([^.[]+)((?:\[\])*)$/;

export function parsePath(text: string): Path | undefined {
  if (text === '$') return [];
  const segments: Segment[] = [];
  for (const part of text.split('.')) {
    const match = SEGMENT.exec(part);
    if (!match) return undefined;
    segments.push({ name: match[1] ?? '', fanOut: (match[2] ?? '').length / 2 });
  }
  return segments;
}

/** Every value `path` reaches from `start`; missing, `undefined` and `null` values drop out. */
export function resolve(start: Found, path: Path): Found[] {
  let current: Found[] = [start];
  for (const segment of path) {
    const next: Found[] = [];
    for (const found of current) {
      const holder = found.value;
      if (!isRecord(holder) || !Object.hasOwn(holder, segment.name)) continue;
      let level: Found[] = [{ value: holder[segment.name], keys: [...found.keys, segment.name] }];
      for (let i = 0; i < segment.fanOut; i++) {
        level = level.flatMap((item) =>
          Array.isArray(item.value)
            ? item.value.map((value: unknown, index) => ({ value, keys: [...item.keys, index] }))
            : [],
        );
      }
      next.push(...level.filter((item) => item.value !== undefined && item.value !== null));
    }
    current = next;
  }
  return current;
}

/** The value a path without fan-out reaches from a base, or undefined when it is absent. */
export function find(base: Found, path: Path): Found | undefined {
  return resolve(base, path)[0];
}

/** The concrete location of a path from a base, whether or not anything is there. */
export function at(base: Found, path: Path): Found {
  return { value: undefined, keys: [...base.keys, ...path.map((segment) => segment.name)] };
}

/** Set: not absent and not `false` (a boolean `false` means the same as not asking). */
export function isSet(found: Found | undefined): found is Found {
  return found !== undefined && found.value !== false;
}

/** `components[1].destination.androidstore_app_id`; `$` for the params object itself. */
export function render(keys: readonly Key[]): string {
  let out = '';
  for (const key of keys) out += typeof key === 'number' ? `[${key}]` : out === '' ? key : `.${key}`;
  return out === '' ? '$' : out;
}

export function list(base: Found, paths: readonly Path[]): string {
  return paths.map((path) => render(at(base, path).keys)).join(', ');
}

// ------------------------------------------------------------------ conditions

export function holds(condition: Condition, base: Found): boolean {
  const found = find(base, condition.field);
  if ('in' in condition) return isSet(found) && condition.in.some((v) => same(v, found.value));
  return isSet(found) === condition.present;
}

export function describe(base: Found, condition: Condition): string {
  const field = render(at(base, condition.field).keys);
  if ('in' in condition) return `${field} is ${condition.in.map(show).join(' or ')}`;
  return condition.present ? `${field} is set` : `${field} is not set`;
}

/** Strict equality, with integers compared by value whether held as number or bigint. */
export function same(a: unknown, b: unknown): boolean {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return a == b;
  }
  return a === b;
}

/** A value as a message shows it: strings quoted. */
export function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
