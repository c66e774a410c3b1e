import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bumpOf, type Change, nextVersion, parseVersion } from '../diff/change.ts';
import { diffSnapshots } from '../diff/rules.ts';
import { UsageError } from '../errors.ts';
import { parseSnapshot, renderSnapshot, SNAPSHOT_FILE } from '../diff/snapshot.ts';
import { CHANGELOG_FILE, changelogEntry, prependEntry } from './changelog.ts';
import { keepPreviousSnapshot, PREVIOUS_SNAPSHOT_FILE } from '../history/previous-snapshot.ts';
import { extendHistory } from './extend-history.ts';

/** The version of a package's first generation when its config entry gives no `version:`. */
export const DEFAULT_FIRST_VERSION = '1.0.0';

/** What a release step decided, for the line the command prints. */
export interface Release {
  version: string;
  /** The version on disk before, when there was a package. */
  previous?: string;
  bump: ReturnType<typeof bumpOf> | 'first';
  /** A breaking change carries a rename `xgen migrate` can apply to code that uses the package. */
  renames?: boolean;
}

/** The package settings a release reads (a package config has these). */
export interface ReleaseSettings {
  /** Absolute path of the output folder, where the previous version is. */
  out: string;
  name: string;
  /** The client class the package exports: recorded in its rename history. */
  client?: string;
  /** The first version of the package (semver). */
  version?: string;
}

/**
 * Gives a generated package its version and changelog from the package already on disk: the API
 * snapshot committed there is diffed with the new one, the version on disk moves by the bump
 * (breaking: major, feature: minor, patch: patch, none: unchanged) and the changes are prepended
 * to CHANGELOG.md. A first generation takes `version:` from the config, or DEFAULT_FIRST_VERSION.
 *
 * It runs after the result cache, on every run and with `--check` alike: the cached files are a
 * function of the spec alone, while these depend on what is on disk, and `--check` must compute
 * exactly what a real run would write.
 */
export function applyRelease(config: ReleaseSettings, files: Map<string, string>): Release {
  const snapshot = parseSnapshot(files.get(SNAPSHOT_FILE));
  const manifest = files.get('package.json');
  if (!snapshot || manifest === undefined) return { version: '', bump: 'none' };
  // What the next generation compares its code with: what xgen wrote, not what the folder holds now.
  snapshot.code = codeDigests(files);
  files.set(SNAPSHOT_FILE, renderSnapshot(snapshot));
  const previousVersion = readVersion(join(config.out, 'package.json'));
  const previousText = readText(join(config.out, SNAPSHOT_FILE));
  // The snapshot on disk, byte for byte the new one: a regeneration of an unchanged spec.
  const unchanged = previousText === files.get(SNAPSHOT_FILE);
  const previousSnapshot = unchanged ? snapshot : parseSnapshot(previousText);
  const previousLog = readText(join(config.out, CHANGELOG_FILE));
  const beforeLastMajor = parseSnapshot(readText(join(config.out, PREVIOUS_SNAPSHOT_FILE)));
  let version: string;
  let release: Release;
  let changelog = previousLog;
  let changes: Change[] | undefined;
  if (previousVersion === undefined) {
    if (config.version !== undefined && !parseVersion(config.version))
      throw new UsageError(
        `${config.name}: version "${config.version}" is not a semver version (such as 1.0.0)`,
      );
    version = config.version ?? DEFAULT_FIRST_VERSION;
    changelog = prependEntry(
      previousLog,
      changelogEntry(version, snapshot.specVersion, [], 'First version.'),
    );
    release = { version, bump: 'first' };
  } else if (previousSnapshot === undefined) {
    // A package from before snapshots (or of an older snapshot format): nothing to compare with,
    // so this generation is the baseline the next one is compared against.
    version = previousVersion;
    if (previousLog === undefined)
      changelog = prependEntry(
        undefined,
        changelogEntry(
          version,
          snapshot.specVersion,
          [],
          'First version with an API snapshot; earlier changes are not recorded.',
        ),
      );
    release = { version, previous: previousVersion, bump: 'none' };
  } else {
    // Identical snapshots have no changes: the diff, the slowest step of such a run, is skipped.
    changes = unchanged ? [] : diffSnapshots(previousSnapshot, snapshot);
    // The same API from different code (a newer xgen's runtime, a `templates:` override) is a patch.
    // A snapshot from before code digests takes the files on disk as what xgen wrote.
    if (!unchanged && bumpOf(changes) === 'none')
      changes = codeChanges(previousSnapshot.code ?? digestsOnDisk(config.out), snapshot.code);
    const bump = bumpOf(changes);
    version = nextVersion(previousVersion, bump);
    if (bump !== 'none')
      changelog = prependEntry(previousLog, changelogEntry(version, snapshot.specVersion, changes));
    else if (previousLog === undefined)
      changelog = prependEntry(
        undefined,
        changelogEntry(version, snapshot.specVersion, [], 'Earlier changes are not recorded.'),
      );
    release = { version, previous: previousVersion, bump };
    if (changes.some((c) => c.level === 'breaking' && c.rename !== undefined)) release.renames = true;
  }
  files.set('package.json', manifest.replace(/^(\s*"version":\s*)"[^"]*"/m, `$1${JSON.stringify(version)}`));
  if (changelog !== undefined) files.set(CHANGELOG_FILE, changelog);
  // What `xgen migrate` compares with: the package before the last major version.
  keepPreviousSnapshot(config.out, files, release.bump, previousSnapshot, snapshot, changes);
  // What `xgen migrate <package>` reads where the package is installed: every rename by version.
  extendHistory(
    {
      out: config.out,
      name: config.name,
      client: config.client ?? '',
      version,
      bump: release.bump,
      ...(release.previous !== undefined ? { previousVersion: release.previous } : {}),
      snapshot,
      ...(changes !== undefined ? { changes } : {}),
      ...(previousSnapshot !== undefined ? { previous: previousSnapshot } : {}),
      ...(beforeLastMajor !== undefined ? { beforeLastMajor } : {}),
    },
    files,
  );
  return release;
}

/** The files whose bytes say what the package does: its sources and README (not its version, changelog or build). */
const isCode = (path: string): boolean => path === 'README.md' || path.startsWith('src/');

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A digest of each code file, by path, sorted. */
function codeDigests(files: ReadonlyMap<string, string>): Record<string, string> {
  const paths = [...files.keys()].filter(isCode).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(paths.map((path) => [path, digest(files.get(path)!)]));
}

/** The code digests of the package on disk (its README and every file under `src/`). */
function digestsOnDisk(out: string): Record<string, string> {
  const files = new Map<string, string>();
  const readme = readText(join(out, 'README.md'));
  if (readme !== undefined) files.set('README.md', readme);
  try {
    for (const entry of readdirSync(join(out, 'src'), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files.set(relative(out, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  } catch {
    // No src/ folder: nothing to compare.
  }
  return codeDigests(files);
}

/** One patch change naming the code files that differ, when the API does not. */
function codeChanges(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): Change[] {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (path) => before[path] !== after[path],
  );
  if (paths.length === 0) return [];
  paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const more = paths.length > 8 ? ` and ${paths.length - 8} more` : '';
  return [
    {
      level: 'patch',
      message: `generated code changed with the same API: ${paths.slice(0, 8).join(', ')}${more}`,
    },
  ];
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The semver version in a package.json on disk, or undefined when there is none. */
function readVersion(path: string): string | undefined {
  const text = readText(path);
  if (text === undefined) return undefined;
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' && parseVersion(version) ? version : undefined;
  } catch {
    return undefined;
  }
}
