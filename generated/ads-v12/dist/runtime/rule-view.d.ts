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
  | {
      readonly field: Path;
      readonly text: string;
      readonly in: readonly unknown[];
    }
  | {
      readonly field: Path;
      readonly text: string;
      readonly present: boolean;
    };
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
export declare function openView(
  op: OperationSpec,
  params: Record<string, unknown>,
  now: () => number,
): State;
/** The params to send, built from the (rewritten) view. */
export declare function closeView(state: State): Record<string, unknown>;
/** Sets the value at `keys`, copying every container on the way that this run does not own yet. */
export declare function write(state: State, keys: readonly Key[], value: unknown): void;
export declare function get(container: Container, key: Key): unknown;
export declare function put(container: Container, key: Key, value: unknown): void;
export declare const SEGMENT: RegExp;
export declare function parsePath(text: string): Path | undefined;
/** Every value `path` reaches from `start`; missing, `undefined` and `null` values drop out. */
export declare function resolve(start: Found, path: Path): Found[];
/** The value a path without fan-out reaches from a base, or undefined when it is absent. */
export declare function find(base: Found, path: Path): Found | undefined;
/** The concrete location of a path from a base, whether or not anything is there. */
export declare function at(base: Found, path: Path): Found;
/** Set: not absent and not `false` (a boolean `false` means the same as not asking). */
export declare function isSet(found: Found | undefined): found is Found;
/** `components[1].destination.androidstore_app_id`; `$` for the params object itself. */
export declare function render(keys: readonly Key[]): string;
export declare function list(base: Found, paths: readonly Path[]): string;
export declare function holds(condition: Condition, base: Found): boolean;
export declare function describe(base: Found, condition: Condition): string;
/** Strict equality, with integers compared by value whether held as number or bigint. */
export declare function same(a: unknown, b: unknown): boolean;
/** A value as a message shows it: strings quoted. */
export declare function show(value: unknown): string;
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
