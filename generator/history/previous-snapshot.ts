import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Change } from '../diff/change.ts';
import { type ApiSnapshot, SNAPSHOT_FILE } from '../diff/snapshot.ts';
import { noRenames, renamesBetween } from './renames.ts';

/**
 * The file, inside each generated package, holding the API snapshot of the package as it was
 * before its last major version: what `xgen migrate` compares the current snapshot with.
 */
export const PREVIOUS_SNAPSHOT_FILE = 'api-snapshot.previous.json';

/**
 * Keeps in a regenerated package what `xgen migrate` needs after it: on a major bump (or any with
 * a rename), the snapshot on disk (the package the consumer's code was written against) becomes
 * the previous snapshot;
 * otherwise the previous snapshot on disk is carried over, so a later minor or patch regeneration
 * still lets code written before the major version be migrated. Runs with `--check` alike, so a
 * check computes what a real run writes. `changes`: the diff of `previous` and `next`, when the
 * caller has it already.
 */
export function keepPreviousSnapshot(
  out: string,
  files: Map<string, string>,
  bump: string,
  previous: ApiSnapshot | undefined,
  next: ApiSnapshot,
  changes?: Change[],
): void {
  const breaks =
    previous !== undefined && (bump === 'major' || !noRenames(renamesBetween(previous, next, changes)));
  const text = readText(join(out, breaks ? SNAPSHOT_FILE : PREVIOUS_SNAPSHOT_FILE));
  if (text !== undefined) files.set(PREVIOUS_SNAPSHOT_FILE, text);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
