/**
 * What the rules hand to the classification: each change as found in one operation, and the merge
 * that makes one entry of each cause. Also the two records the rules fill in for each other as they
 * walk (fields renamed, named types met in place of others).
 */
import type { Change } from './change.ts';

/**
 * A change as a rule finds it, for one operation. `shared` marks one caused by something several
 * operations can hold (a named type, a parameter, an enum): its message names that cause and not
 * the operation, and the same change found in several operations becomes one entry listing them.
 */
export type Found = Change & { shared?: true };

/** Fields renamed, by the (new) name of the type holding them, `''` for inline objects: old name -> new name. */
export type FieldRenames = Map<string, Map<string, string>>;

/** Where each old named type was met in place of a new one of another name, by operation: `Tweet` -> `Post` -> {getTweets}. */
export type TypePairs = Map<string, Map<string, Set<string>>>;

/** One entry per cause: shared changes with the same level and message merged, their operations listed (sorted). */
export function mergeCauses(changes: readonly Found[]): Change[] {
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
    const entry = {
      change: { ...change },
      ids: new Set(change.operationId !== undefined ? [change.operationId] : []),
    };
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
