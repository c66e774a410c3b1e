/**
 * The rules for the names the package exports: a named type renamed (on evidence) or removed, and
 * the types named for an operation (`GetOrdersParams`, `PostSelection`, ...) following it.
 */
import { canonical } from './canonical.ts';
import type { Where } from './change.ts';
import { distinctive, generic, type RenameEvidence } from './evidence.ts';
import type { Found, TypePairs } from './found.ts';
import { pascalCase } from '../model/names.ts';
import { Reach } from './reach.ts';
import type { Shape } from './shapes.ts';
import type { ApiSnapshot } from './snapshot.ts';

/**
 * Every exported name is part of the package's API: `import type { Tweet }` fails once `Tweet` is
 * gone. A name that went is a rename when a new name took its place in the same operations (the
 * walk met `Tweet` where `Post` now is: the one met in most operations), or, failing that, when
 * exactly one new name has the same shape (one a type could hardly share by chance, or with a word substitution the bump makes elsewhere), or the same letters in another case; otherwise it was removed. Both are breaking. A new name
 * alone is not reported: what uses it (an operation, a field) is.
 */
export function compareExports(
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
    const shape = old.types[name]?.shape;
    // Met in the same place is no rename when one is a list and the other an object: the value there
    // changed kind (a result that became a list of them), and the list's name is not the object's.
    const placed = [...(pairs.get(name) ?? new Map<string, Set<string>>())]
      .filter(([n]) => came.includes(n) && !taken.has(n) && sameContainer(shape, next.types[n]?.shape))
      .sort((x, y) => y[1].size - x[1].size);
    let to = placed[0]?.[0];
    // A result that was a list of these and is now one object (Dialogporten's parties: a list of
    // `Parties` became a `Parties` of the new namespace): the item met there, when it has the same fields.
    if (to === undefined && shape) to = listItemTaken(name, shape, old, next, pairs, came, taken);
    if (to === undefined && shape) {
      const same = came.filter(
        (n) => !taken.has(n) && next.types[n] && canonical(next.types[n].shape) === canonical(shape),
      );
      // The same shape is evidence only when a type could hardly share it by chance, or the bump makes the
      // same substitution of words elsewhere; an empty or generic shape (`{}`, `{ data?: object[] }`) never is.
      if (
        same.length === 1 &&
        !generic(shape) &&
        (distinctive(shape) || evidence.corroborated(name, same[0] as string))
      )
        to = same[0];
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
        add({
          level: 'breaking',
          operationId: id,
          message: `type ${name} renamed to ${to}: code naming ${name} (import type { ${name} }) no longer compiles`,
          where: { side: 'new', type: to },
          rename: { kind: 'type', from: name, to },
          shared: true,
        });
      }
      if (newReach.operationsReaching(to).length === 0)
        add({
          level: 'breaking',
          message: `type ${name} renamed to ${to}: code naming ${name} (import type { ${name} }) no longer compiles`,
          where: { side: 'new', type: to },
          rename: { kind: 'type', from: name, to },
          shared: true,
        });
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
      add({
        level: 'breaking',
        message: `type ${name} renamed to ${to}: code naming ${name} (import type { ${name} }) no longer compiles`,
        rename: { kind: 'type', from: name, to },
        shared: true,
      });
    const recased = [...cameOwn].filter((n) => n.toLowerCase() === name.toLowerCase());
    if (recased.length === 1) {
      cameOwn.delete(recased[0] as string);
      rename(recased[0] as string);
      continue;
    }
    const objectRenamed = name.endsWith('Selection')
      ? typeRenames.get(name.slice(0, -'Selection'.length))
      : undefined;
    if (objectRenamed !== undefined && cameOwn.has(`${objectRenamed}Selection`)) {
      cameOwn.delete(`${objectRenamed}Selection`);
      rename(`${objectRenamed}Selection`);
      continue;
    }
    // The operation it is named for: the longest operationId whose type name it starts with.
    const owner = owners.find(
      (id) => name.startsWith(pascalCase(id)) && /^[A-Z0-9]/.test(name.slice(pascalCase(id).length)),
    );
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
      add({
        level: 'breaking',
        message,
        ...(old.types[object] ? { where: { side: 'old' as const, type: object } } : {}),
        shared: true,
      });
    }
  }
  for (const [owner, names] of ownGone) {
    const id = operationRenames.get(owner) ?? owner;
    const list = names.sort().join(', ');
    add({
      level: 'breaking',
      operationId: id,
      message: `${id}: ${names.length === 1 ? 'type' : 'types'} ${list} no longer exported: code naming ${names.length === 1 ? 'it' : 'them'} (import type { ${list} }) no longer compiles`,
      where: { side: 'new', operationId: id },
    });
  }
}

/**
 * The new object that took the place of a list of `name` (a named list type the walk met where the
 * new object now is, in the same operations): evidence of the place, checked by the shape, which
 * must be no generic one and have the same fields. One such object only, or none.
 */
function listItemTaken(
  name: string,
  shape: Shape,
  old: ApiSnapshot,
  next: ApiSnapshot,
  pairs: TypePairs,
  came: readonly string[],
  taken: ReadonlySet<string>,
): string | undefined {
  if (!('kind' in shape) || shape.kind !== 'object' || generic(shape)) return undefined;
  const fields = Object.keys(shape.fields).sort().join('\0');
  const found = new Set<string>();
  for (const [list, tos] of pairs) {
    const listShape = old.types[list]?.shape;
    if (!listShape || !('kind' in listShape) || listShape.kind !== 'array') continue;
    if (!('ref' in listShape.items) || listShape.items.ref !== name) continue;
    for (const n of tos.keys()) {
      const now = next.types[n]?.shape;
      if (!came.includes(n) || taken.has(n) || !now || !('kind' in now) || now.kind !== 'object') continue;
      if (Object.keys(now.fields).sort().join('\0') === fields) found.add(n);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Whether two shapes are not one a list and the other an object (unknown shapes: no objection). */
function sameContainer(a: Shape | undefined, b: Shape | undefined): boolean {
  const container = (s: Shape | undefined) =>
    s !== undefined && 'kind' in s && (s.kind === 'array' || s.kind === 'object') ? s.kind : undefined;
  const [x, y] = [container(a), container(b)];
  return x === undefined || y === undefined || x === y;
}

/** The names a package exports for its schemas and enums: the snapshot's own list, or (before format 4) its named types. */
function exportsOf(snapshot: ApiSnapshot): string[] {
  return snapshot.exports ?? Object.keys(snapshot.types);
}
