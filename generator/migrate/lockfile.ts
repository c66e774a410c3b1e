import { execFileSync } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The lockfiles read, in the order looked for: npm's, then pnpm's, then yarn's (classic and berry). */
export const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock'] as const;

/** A lockfile as the last commit has it. */
export interface CommittedLockfile {
  /** Its path from the current folder, as messages show it. */
  shown: string;
  kind: (typeof LOCKFILES)[number];
  text: string;
  /** The current folder's path inside the lockfile's folder (`''` at its root; `packages/app` in a workspace). */
  importer: string;
  /** Its path from the repository's root, as git names it; the commit it was read at (`HEAD`, or a hash). */
  path: string;
  commit: string;
  /** The folder git commands run in. */
  cwd: string;
}

/**
 * The lockfile of the last commit (`git show HEAD:<path>`), found in the current folder or the
 * nearest folder above it up to the repository's root (a workspace's lockfile is at its root).
 * Undefined outside a git repository, before the first commit, or when no commit has one.
 */
export function committedLockfile(cwd: string): CommittedLockfile | undefined {
  const top = git(cwd, ['rev-parse', '--show-toplevel'])?.trim();
  if (!top) return undefined;
  let dir = resolve(cwd);
  for (;;) {
    const fromTop = relative(top, dir).split(sep).join('/');
    for (const kind of LOCKFILES) {
      const path = fromTop === '' ? kind : `${fromTop}/${kind}`;
      const text = git(cwd, ['show', `HEAD:${path}`]);
      if (text !== undefined) {
        return {
          shown: relative(cwd, resolve(dir, kind)) || kind,
          kind,
          text,
          importer: relative(dir, cwd).split(sep).join('/'),
          path,
          commit: 'HEAD',
          cwd,
        };
      }
    }
    if (fromTop === '' || fromTop.startsWith('..')) return undefined;
    dir = resolve(dir, '..');
  }
}

/** How far back the lockfile's history is read for the version the code was written for. */
const HISTORY_DEPTH = 200;

/**
 * The version the code was written for when the last commit already has the upgrade (a Renovate or
 * Dependabot pull request, or the upgrade committed before migrating): the lockfile's history, newest
 * first along first parents (so a branch's own commits, then its branch point and the main line),
 * back to the newest commit that locks another version of `name`. Undefined when no commit within
 * reach does (the package was added at this version, or the history is shallow).
 */
export function versionBeforeUpgrade(
  lock: CommittedLockfile,
  name: string,
  current: string,
): { version: string; commit: string; subject: string } | undefined {
  const log = git(lock.cwd, [
    'log',
    '--first-parent',
    `--max-count=${HISTORY_DEPTH}`,
    '--format=%H%x09%s',
    'HEAD',
    '--',
    lock.path,
  ]);
  for (const line of (log ?? '').split('\n')) {
    const [commit, ...subject] = line.split('\t');
    if (!commit) continue;
    const text = git(lock.cwd, ['show', `${commit}:${lock.path}`]);
    if (text === undefined) return undefined;
    const then = lockedVersion({ ...lock, text, commit }, name);
    if ('missing' in then) return undefined;
    if (then.version !== current) return { version: then.version, commit, subject: subject.join('\t') };
  }
  return undefined;
}

/** The version of `name` the lockfile locks for the current folder, or why it cannot tell. */
export function lockedVersion(
  lock: CommittedLockfile,
  name: string,
): { version: string } | { missing: string } {
  try {
    switch (lock.kind) {
      case 'package-lock.json':
      case 'npm-shrinkwrap.json':
        return npmVersion(lock, name);
      case 'pnpm-lock.yaml':
        return pnpmVersion(lock, name);
      case 'yarn.lock':
        return yarnVersion(lock, name);
    }
  } catch {
    return { missing: `${lock.shown} at HEAD cannot be read` };
  }
}

function npmVersion(lock: CommittedLockfile, name: string): { version: string } | { missing: string } {
  const data = JSON.parse(lock.text) as {
    packages?: Record<string, { version?: string }>;
    dependencies?: Record<string, { version?: string }>;
  };
  // lockfileVersion 2 and 3: by install path (a workspace's own node_modules first); 1: by name.
  const paths = [...(lock.importer ? [`${lock.importer}/node_modules/${name}`] : []), `node_modules/${name}`];
  for (const path of paths) {
    const version = data.packages?.[path]?.version;
    if (typeof version === 'string') return { version };
  }
  const version = data.dependencies?.[name]?.version;
  return typeof version === 'string' ? { version } : { missing: `${lock.shown} at HEAD has no ${name}` };
}

function pnpmVersion(lock: CommittedLockfile, name: string): { version: string } | { missing: string } {
  type Dep = string | { version?: string };
  type Deps = Record<string, Dep> | undefined;
  interface Importer {
    dependencies?: Deps;
    devDependencies?: Deps;
    optionalDependencies?: Deps;
  }
  const data = parseYaml(lock.text) as Importer & { importers?: Record<string, Importer> };
  // lockfile 6 and 9: per importer (`.` at the root); 5: the root's dependencies at the top.
  const importer = data.importers?.[lock.importer || '.'] ?? data;
  for (const deps of [importer.dependencies, importer.devDependencies, importer.optionalDependencies]) {
    const dep = deps?.[name];
    const raw = typeof dep === 'string' ? dep : dep?.version;
    // `1.2.0(typescript@5.9.3)`: the peers pnpm resolved it with follow the version.
    const version = raw?.replace(/\(.*$/, '').replace(/_.*$/, '');
    if (version && /^\d/.test(version)) return { version };
  }
  return { missing: `${lock.shown} at HEAD has no ${name} for ${lock.importer || 'the root'}` };
}

function yarnVersion(lock: CommittedLockfile, name: string): { version: string } | { missing: string } {
  // A block: its specifiers on an unindented line (`"@acme/x@^1.0.0", "@acme/x@npm:^1.2.0":`), then
  // `  version "1.2.3"` (classic) or `  version: 1.2.3` (berry).
  const versions = new Set<string>();
  let matches = false;
  for (const line of lock.text.split('\n')) {
    if (line !== '' && !line.startsWith(' ') && !line.startsWith('#')) {
      const specifiers = line
        .replace(/:$/, '')
        .split(',')
        .map((s) => s.trim().replace(/^"|"$/g, ''));
      matches = specifiers.some((s) => s.startsWith(`${name}@`));
      continue;
    }
    const version = matches ? /^\s+version:?\s+"?([^"\s]+)"?/.exec(line)?.[1] : undefined;
    if (version) versions.add(version);
  }
  if (versions.size === 1) return { version: [...versions][0] as string };
  if (versions.size === 0) return { missing: `${lock.shown} at HEAD has no ${name}` };
  return {
    missing: `${lock.shown} at HEAD locks several versions of ${name} (${[...versions].sort().join(', ')})`,
  };
}

/** A git command's output, or undefined when it fails (no repository, no commit, no such file). */
function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}
