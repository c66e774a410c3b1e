import { type Change, parseVersion } from '../diff/change.ts';

/*
 * generator/history/ holds what a generated package keeps of its past for `xgen migrate`: the one
 * part versioning (which writes it) and migrate (which reads it) share, so that neither imports
 * the other's internals (see .dependency-cruiser.cjs).
 */

/**
 * The file, inside each generated package (and its tarball), holding the package's rename history:
 * what `xgen migrate <package>` reads in a repo that installs the package from a registry, where
 * neither the spec nor the earlier packages are at hand. Outside the import graph: nothing imports it.
 */
export const HISTORY_FILE = 'xgen-history.json';

/** Bumped when the file's form changes; a reader refuses a format it does not know. */
export const HISTORY_FORMAT = 1;

/**
 * A package's upgrade path: one entry per version that broke code written for the one before it,
 * oldest first. Kept and extended at each regeneration (never rewritten), so any older version can
 * be migrated to the current one by applying the entries after it in order.
 */
export interface History {
  format: number;
  /** The package name (`@xgen/core-v2`). */
  package: string;
  /** The client class the package exports (`CoreClient`): what migrate follows calls through. */
  client: string;
  releases: HistoryRelease[];
}

/** The changes of one breaking version, as the diff of that regeneration found them. */
export interface HistoryRelease {
  /** The package version that made them (`3.0.0`). */
  version: string;
  /** The spec's `info.version` it was generated from. */
  spec: string;
  /**
   * The breaking changes and renames, in the diff's own structure (`Change` without `where`, a spec
   * position that means nothing outside the generating repo): `rename` is exactly what migrate applies.
   */
  changes: HistoryChange[];
}

export type HistoryChange = Omit<Change, 'where'>;

/** The history in a package file's text, or undefined when it is not one (or of a format this xgen does not read). */
export function parseHistory(text: string | undefined): History | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const history = value as Partial<History> | null;
  if (!history || typeof history !== 'object' || history.format !== HISTORY_FORMAT) return undefined;
  if (
    typeof history.package !== 'string' ||
    typeof history.client !== 'string' ||
    !Array.isArray(history.releases)
  )
    return undefined;
  const ok = history.releases.every(
    (r) =>
      r &&
      typeof r.version === 'string' &&
      parseVersion(r.version) &&
      typeof r.spec === 'string' &&
      Array.isArray(r.changes),
  );
  return ok ? (history as History) : undefined;
}

/** The file as written: one line per change, so a regeneration's git diff shows what it added. */
export function renderHistory(history: History): string {
  const releases = history.releases.map((r) => {
    const changes = r.changes.map((c) => `        ${JSON.stringify(c)}`).join(',\n');
    const list = r.changes.length === 0 ? '[]' : `[\n${changes}\n      ]`;
    return `    {\n      "version": ${JSON.stringify(r.version)},\n      "spec": ${JSON.stringify(r.spec)},\n      "changes": ${list}\n    }`;
  });
  const list = releases.length === 0 ? '[]' : `[\n${releases.join(',\n')}\n  ]`;
  return `{\n  "format": ${history.format},\n  "package": ${JSON.stringify(history.package)},\n  "client": ${JSON.stringify(history.client)},\n  "releases": ${list}\n}\n`;
}
