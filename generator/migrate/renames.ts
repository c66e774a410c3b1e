import type { Shape } from '../diff/shapes.ts';
import type { ApiSnapshot, OperationSnapshot, ParamSnapshot } from '../diff/snapshot.ts';
import { memberName, pascalCase, words } from '../model/names.ts';

/**
 * The renames between two versions of a generated package: what `xgen migrate` rewrites. This file
 * is the one place migrate learns about renames; everything else reads `Renames`. It derives them
 * from the two API snapshots (generator/diff/snapshot.ts) on its own, with the same pairing rule
 * the diff uses for parameters; when the diff records renames as data, this is what reads them.
 */
export interface Renames {
  /** By old operationId: the operation it became (the same id in another group or method, or a new id for the same request). */
  operations: Map<string, OperationRename>;
  /** By NEW operationId: old params key -> new params key (parameters and body fields, by wire name). */
  params: Map<string, Map<string, string>>;
  /** Old enum value -> the values it became (in some enum of the package); a use picks the one its type accepts. */
  enumValues: Map<string, Set<string>>;
  /** Old exported type name -> new exported type name. */
  types: Map<string, string>;
  /** Old `/functions` export -> new export (the functions are named by operationId). */
  functions: Map<string, string>;
}

export interface OperationRef {
  id: string;
  group: string;
  method: string;
}

export interface OperationRename {
  from: OperationRef;
  to: OperationRef;
}

/** The renames between the package whose snapshot is `old` and the one whose snapshot is `next`. */
export function renamesBetween(old: ApiSnapshot, next: ApiSnapshot): Renames {
  const operations = operationRenames(old, next);
  const params = new Map<string, Map<string, string>>();
  const types = typeRenames(old, next, operations);
  const functions = new Map<string, string>();
  for (const { from, to } of operations.values()) {
    if (from.id === to.id) continue;
    functions.set(memberName(from.id), memberName(to.id));
    // Types named after the operation follow its id.
    const a = `${pascalCase(from.id)}Params`;
    const b = `${pascalCase(to.id)}Params`;
    if (!old.types[a] && !next.types[b]) types.set(a, b);
  }
  for (const [id, before] of Object.entries(old.operations)) {
    const newId = operations.get(id)?.to.id ?? id;
    const after = next.operations[newId];
    if (!after) continue;
    const pairs = paramRenames(before.params, after.params);
    if (pairs.size > 0) params.set(newId, pairs);
  }
  const substitutions = wordSubstitutions(operations, params, types);
  return { operations, params, enumValues: enumRenames(old, next, operations, params, types, substitutions), types, functions };
}

/** True when there is nothing to rename. */
export function noRenames(renames: Renames): boolean {
  return renames.operations.size + renames.params.size + renames.enumValues.size + renames.types.size + renames.functions.size === 0;
}

function ref(id: string, op: OperationSnapshot): OperationRef {
  return { id, group: op.group, method: op.method };
}

/**
 * An operation kept its id but moved group or method; or its id went while one id came for the
 * same request (method and path), or failing that for the same `client.<group>.<method>`.
 */
function operationRenames(old: ApiSnapshot, next: ApiSnapshot): Map<string, OperationRename> {
  const out = new Map<string, OperationRename>();
  const added = Object.keys(next.operations).filter((id) => !old.operations[id]);
  const taken = new Set<string>();
  for (const [id, before] of Object.entries(old.operations)) {
    const after = next.operations[id];
    if (after) {
      if (after.group !== before.group || after.method !== before.method) out.set(id, { from: ref(id, before), to: ref(id, after) });
      continue;
    }
    const same = (match: (op: OperationSnapshot) => boolean): string[] => added.filter((a) => !taken.has(a) && match(next.operations[a] as OperationSnapshot));
    const byRequest = same((op) => op.http === before.http);
    const byCall = same((op) => op.group === before.group && op.method === before.method);
    const pick = byRequest.length === 1 ? byRequest[0] : byCall.length === 1 ? byCall[0] : undefined;
    if (pick === undefined) continue;
    taken.add(pick);
    out.set(id, { from: ref(id, before), to: ref(pick, next.operations[pick] as OperationSnapshot) });
  }
  return out;
}

/**
 * A key that went while one of the same location came: the same type exactly, or failing that
 * the only one of its location on each side with the same kind of type (the diff's rule).
 */
function paramRenames(before: Record<string, ParamSnapshot>, after: Record<string, ParamSnapshot>): Map<string, string> {
  const removed = Object.keys(before).filter((k) => !(k in after));
  const added = Object.keys(after).filter((k) => !(k in before));
  const out = new Map<string, string>();
  for (const key of [...removed]) {
    const p = before[key] as ParamSnapshot;
    const same = added.filter((k) => after[k]?.in === p.in && JSON.stringify(after[k]?.type) === JSON.stringify(p.type));
    const sameIn = added.filter((k) => after[k]?.in === p.in && family(after[k]?.type) === family(p.type));
    const onlyOne = removed.filter((r) => before[r]?.in === p.in).length === 1 && sameIn.length === 1;
    const pick = same.length === 1 ? same[0] : onlyOne ? sameIn[0] : undefined;
    if (pick === undefined) continue;
    out.set(key, pick);
    removed.splice(removed.indexOf(key), 1);
    added.splice(added.indexOf(pick), 1);
  }
  return out;
}

function family(shape: Shape | undefined): string {
  return shape === undefined ? '' : 'ref' in shape ? 'ref' : shape.kind;
}

/**
 * A named type that went while another came, paired when they take the same place in the same
 * operations (the items of a result were `Tweet` and are now `Post`), or failing that when exactly
 * one came with the same shape.
 */
function typeRenames(old: ApiSnapshot, next: ApiSnapshot, operations: Map<string, OperationRename>): Map<string, string> {
  const gone = new Set(Object.keys(old.types).filter((n) => !next.types[n]));
  const came = new Set(Object.keys(next.types).filter((n) => !old.types[n]));
  const votes = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const walk = (a: Shape | undefined, b: Shape | undefined, depth: number): void => {
    if (!a || !b || depth > 32) return;
    if ('ref' in a || 'ref' in b) {
      const key = `${JSON.stringify(a)}\0${JSON.stringify(b)}`;
      if (seen.has(key)) return;
      seen.add(key);
      if ('ref' in a && 'ref' in b && gone.has(a.ref) && came.has(b.ref)) {
        const set = votes.get(a.ref) ?? new Set<string>();
        set.add(b.ref);
        votes.set(a.ref, set);
      }
      walk('ref' in a ? old.types[a.ref]?.shape : a, 'ref' in b ? next.types[b.ref]?.shape : b, depth + 1);
      return;
    }
    if (a.kind === 'array' && b.kind === 'array') walk(a.items, b.items, depth + 1);
    else if (a.kind === 'object' && b.kind === 'object') {
      for (const [name, field] of Object.entries(a.fields)) walk(field.type, b.fields[name]?.type, depth + 1);
    } else if ((a.kind === 'union' || a.kind === 'all') && a.kind === b.kind && a.of.length === b.of.length) a.of.forEach((part, i) => walk(part, b.of[i], depth + 1));
  };
  for (const [id, before] of Object.entries(old.operations)) {
    const after = next.operations[operations.get(id)?.to.id ?? id];
    if (!after) continue;
    walk(before.result, after.result, 0);
    const keys = paramRenames(before.params, after.params);
    for (const [key, param] of Object.entries(before.params)) walk(param.type, after.params[keys.get(key) ?? key]?.type, 0);
  }
  const out = new Map<string, string>();
  const claimed = new Map<string, number>();
  for (const targets of votes.values()) for (const t of targets) claimed.set(t, (claimed.get(t) ?? 0) + 1);
  for (const [from, targets] of votes) {
    const [to] = [...targets];
    if (targets.size === 1 && to !== undefined && claimed.get(to) === 1) out.set(from, to);
  }
  // The rest: the only type that came with exactly the shape of one that went.
  const shapeKey = (snapshot: ApiSnapshot, name: string): string => JSON.stringify(snapshot.types[name]?.shape);
  const left = [...came].filter((n) => ![...out.values()].includes(n));
  for (const from of gone) {
    if (out.has(from)) continue;
    const matches = left.filter((to) => shapeKey(next, to) === shapeKey(old, from));
    const back = [...gone].filter((g) => !out.has(g) && shapeKey(old, g) === shapeKey(old, from));
    if (matches.length === 1 && back.length === 1) out.set(from, matches[0] as string);
  }
  return out;
}

/** Word for word changes the other renames show (`tweets` -> `posts`, `tweet` -> `post`): how values of an enum are likely renamed too. */
function wordSubstitutions(operations: Map<string, OperationRename>, params: Map<string, Map<string, string>>, types: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  const pair = (a: string, b: string): void => {
    const x = words(a).map((w) => w.toLowerCase());
    const y = words(b).map((w) => w.toLowerCase());
    if (x.length !== y.length) return;
    x.forEach((w, i) => {
      const v = y[i] as string;
      if (w !== v && !out.has(w)) out.set(w, v);
    });
  };
  for (const { from, to } of operations.values()) {
    pair(from.group, to.group);
    pair(from.method, to.method);
  }
  for (const map of params.values()) for (const [a, b] of map) pair(a, b);
  for (const [a, b] of types) pair(a, b);
  return out;
}

/**
 * Values of one enum (a named type, or a parameter's own) that went while others came: paired
 * when the word changes of the other renames turn one into the other, or when exactly one went
 * and one came sharing a word (`retweet_count` -> `repost_count`). Anything less certain is left
 * for the user: swapping one value for an unrelated one would change what the code asks for.
 */
function enumRenames(
  old: ApiSnapshot,
  next: ApiSnapshot,
  operations: Map<string, OperationRename>,
  params: Map<string, Map<string, string>>,
  types: Map<string, string>,
  substitutions: Map<string, string>,
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const add = (from: string, to: string): void => {
    const set = out.get(from) ?? new Set<string>();
    set.add(to);
    out.set(from, set);
  };
  const substitute = (value: string): string => value.replace(/[A-Za-z]+/g, (w) => substitutions.get(w.toLowerCase()) ?? w);
  const compareValues = (a: unknown[], b: unknown[]): void => {
    const lost = a.filter((v): v is string => typeof v === 'string' && !b.includes(v));
    const gained = b.filter((v): v is string => typeof v === 'string' && !a.includes(v));
    const left = new Set(gained);
    for (const value of lost) {
      const guess = substitute(value);
      if (guess !== value && left.has(guess)) {
        add(value, guess);
        left.delete(guess);
      }
    }
    const lostLeft = lost.filter((v) => !out.has(v));
    const [only] = lostLeft;
    const [other] = [...left];
    if (lostLeft.length === 1 && left.size === 1 && only !== undefined && other !== undefined && shareWord(only, other)) add(only, other);
  };
  const walk = (a: Shape | undefined, b: Shape | undefined, depth: number): void => {
    if (!a || !b || depth > 32) return;
    if ('ref' in a || 'ref' in b) {
      const key = `${JSON.stringify(a)}\0${JSON.stringify(b)}`;
      if (seen.has(key)) return;
      seen.add(key);
      walk('ref' in a ? old.types[a.ref]?.shape : a, 'ref' in b ? next.types[b.ref]?.shape : b, depth + 1);
      return;
    }
    if (a.kind === 'array' && b.kind === 'array') walk(a.items, b.items, depth + 1);
    else if (a.kind === 'object' && b.kind === 'object') {
      for (const [name, field] of Object.entries(a.fields)) walk(field.type, b.fields[name]?.type, depth + 1);
    } else if ((a.kind === 'union' || a.kind === 'all') && a.kind === b.kind && a.of.length === b.of.length) a.of.forEach((part, i) => walk(part, b.of[i], depth + 1));
    else if ('enum' in a && 'enum' in b && a.enum && b.enum) compareValues(a.enum, b.enum);
  };
  for (const [id, before] of Object.entries(old.operations)) {
    const newId = operations.get(id)?.to.id ?? id;
    const after = next.operations[newId];
    if (!after) continue;
    const keys = params.get(newId);
    for (const [key, param] of Object.entries(before.params)) walk(param.type, after.params[keys?.get(key) ?? key]?.type, 0);
  }
  for (const [name, type] of Object.entries(old.types)) walk(type.shape, next.types[types.get(name) ?? name]?.shape, 0);
  return out;
}

function shareWord(a: string, b: string): boolean {
  const x = new Set(words(a).map((w) => w.toLowerCase()));
  return words(b).some((w) => x.has(w.toLowerCase()));
}
