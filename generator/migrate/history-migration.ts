import { compareVersions } from './versions.ts';
import type { Change } from '../diff/change.ts';
import type { ApiSnapshot } from '../diff/snapshot.ts';
import type { History, HistoryRelease } from '../history/rename-history.ts';
import { type OperationRename, type Renames, renamesBetween } from '../history/renames.ts';

/** What migrating code from one version of a package to another applies, read from the history the package ships. */
export interface HistoryMigration {
  /** The breaking versions crossed, oldest first. */
  releases: HistoryRelease[];
  /** Every rename from the old version to the new one, composed in version order. */
  renames: Renames;
  /** Their breaking changes: what explains a use that cannot be migrated. */
  changes: Change[];
  /** The API of the old version as far as migrate needs it: where each operation was on the client. */
  old: ApiSnapshot;
}

/**
 * The migration from version `from` to the installed package (`next`, its snapshot, at version
 * `to`): the renames of each release after `from` up to `to`, applied in version order, so a name
 * renamed in 2.0.0 and again in 3.0.0 ends at its 3.0.0 name. Each release's renames are read as
 * `renamesBetween` reads a diff's, so a rename kind the diff learns flows through unchanged.
 */
export function migrationFromHistory(
  history: History,
  from: string,
  to: string,
  next: ApiSnapshot,
): HistoryMigration {
  const releases = history.releases
    .filter((r) => compareVersions(r.version, from) > 0 && compareVersions(r.version, to) <= 0)
    .sort((a, b) => compareVersions(a.version, b.version));
  let renames: Renames | undefined;
  const changes: Change[] = [];
  const empty = { types: {} } as unknown as ApiSnapshot;
  releases.forEach((release, i) => {
    // Only the last release's new side is at hand; before it, no schema name can clash with a params type.
    const step = renamesBetween(empty, i === releases.length - 1 ? next : empty, release.changes);
    renames = renames ? compose(renames, step) : step;
    changes.push(...release.changes);
  });
  renames ??= renamesBetween(empty, next, []);
  return { releases, renames, changes, old: oldSide(next, renames) };
}

/** The renames from A to C, given those from A to B (`first`) and from B to C (`then`). */
export function compose(first: Renames, then: Renames): Renames {
  const operations = new Map<string, OperationRename>();
  for (const [id, rename] of first.operations) {
    const more = then.operations.get(rename.to.id);
    operations.set(id, more ? { from: rename.from, to: more.to } : rename);
  }
  for (const [id, rename] of then.operations) if (!operations.has(id)) operations.set(id, rename);

  // Params keys are by the operation's NEW id: B's ids move to C's, and B's keys on to C's.
  const params = new Map<string, Map<string, string>>();
  for (const [id, keys] of first.params) {
    const now = then.operations.get(id)?.to.id ?? id;
    const later = then.params.get(now);
    params.set(now, new Map([...keys].map(([a, b]) => [a, later?.get(b) ?? b])));
  }
  for (const [id, keys] of then.params) {
    const merged = params.get(id) ?? new Map<string, string>();
    for (const [a, b] of keys) if (!merged.has(a)) merged.set(a, b);
    params.set(id, merged);
  }

  const enumValues = new Map<string, Set<string>>();
  for (const [value, targets] of first.enumValues) {
    enumValues.set(value, new Set([...targets].flatMap((t) => [...(then.enumValues.get(t) ?? [t])])));
  }
  for (const [value, targets] of then.enumValues) if (!enumValues.has(value)) enumValues.set(value, targets);

  const chain = (a: Map<string, string>, b: Map<string, string>): Map<string, string> => {
    const result = new Map([...a].map(([x, y]) => [x, b.get(y) ?? y]));
    for (const [x, y] of b) if (!result.has(x)) result.set(x, y);
    return result;
  };
  // A kind of rename this file does not know yet: the later release wins for a name both have.
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(then) as (keyof Renames)[]) {
    if (['operations', 'params', 'enumValues', 'types', 'functions'].includes(key)) continue;
    const a = first[key] as unknown;
    const b = then[key] as unknown;
    rest[key] = a instanceof Map && b instanceof Map ? new Map([...a, ...b]) : b;
  }
  return {
    ...(rest as object),
    operations,
    params,
    enumValues,
    types: chain(first.types, then.types),
    functions: chain(first.functions, then.functions),
  } as Renames;
}

/**
 * The old package's operations as migrate needs them (their place on the client, by the old id),
 * from the installed snapshot and the renames: the old package itself is no longer installed.
 */
function oldSide(next: ApiSnapshot, renames: Renames): ApiSnapshot {
  const operations: ApiSnapshot['operations'] = {};
  const renamedTo = new Map([...renames.operations.values()].map((r) => [r.to.id, r.from]));
  for (const [id, op] of Object.entries(next.operations)) {
    const from = renamedTo.get(id);
    if (from) operations[from.id] = { ...op, group: from.group, method: from.method };
    else if (!renames.operations.has(id)) operations[id] = op;
  }
  return { ...next, operations };
}
