import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Change, parseVersion } from '../diff/change.ts';
import { diffSnapshots } from '../diff/rules.ts';
import type { ApiSnapshot } from '../diff/snapshot.ts';
import {
  HISTORY_FILE,
  HISTORY_FORMAT,
  type HistoryRelease,
  parseHistory,
  renderHistory,
} from '../history/rename-history.ts';

/** What a regeneration's history step reads. */
export interface HistoryStep {
  /** The package folder on disk: the history kept so far is there. */
  out: string;
  name: string;
  client: string;
  /** The version this generation gets, and the bump that gave it. */
  version: string;
  bump: string;
  /** The package version on disk before, when there was a package. */
  previousVersion?: string;
  snapshot: ApiSnapshot;
  /** The diff from the package on disk to this one (undefined: a first generation or no snapshot on disk). */
  changes?: Change[];
  /** The snapshot from before the last major version (`api-snapshot.previous.json`), when kept. */
  beforeLastMajor?: ApiSnapshot;
  /** The snapshot on disk. */
  previous?: ApiSnapshot;
}

/**
 * Sets `xgen-history.json` in `files`: the history on disk, extended by this version when it breaks
 * code (a major version, or any with a rename). A package generated before histories existed starts
 * one from what it kept for migrate: the changes from its previous snapshot to the current one,
 * under the major version that made them.
 */
export function extendHistory(step: HistoryStep, files: Map<string, string>): void {
  const onDisk = readText(join(step.out, HISTORY_FILE));
  let history = parseHistory(onDisk);
  if (!history) {
    history = { format: HISTORY_FORMAT, package: step.name, client: step.client, releases: [] };
    const major = step.previousVersion !== undefined ? parseVersion(step.previousVersion)?.[0] : undefined;
    if (step.beforeLastMajor && step.previous && major !== undefined && major > 1) {
      const entry = release(
        `${major}.0.0`,
        step.previous.specVersion,
        diffSnapshots(step.beforeLastMajor, step.previous),
      );
      if (entry.changes.length > 0) history.releases.push(entry);
    }
  }
  history.package = step.name;
  history.client = step.client;
  const breaks =
    step.changes !== undefined && (step.bump === 'major' || step.changes.some((c) => c.rename !== undefined));
  if (breaks && !history.releases.some((r) => r.version === step.version)) {
    const entry = release(step.version, step.snapshot.specVersion, step.changes ?? []);
    if (entry.changes.length > 0) history.releases.push(entry);
  }
  files.set(HISTORY_FILE, renderHistory(history));
}

function release(version: string, spec: string, changes: readonly Change[]): HistoryRelease {
  const kept = changes
    .filter((c) => c.level === 'breaking' || c.rename !== undefined)
    .map(({ where: _where, ...rest }) => rest);
  return { version, spec, changes: kept };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
