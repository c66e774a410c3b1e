import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseSnapshot, SNAPSHOT_FILE } from '../diff/snapshot.ts';
import { UsageError } from '../errors.ts';
import { HISTORY_FILE, parseHistory } from '../history/rename-history.ts';
import { migrationFromHistory } from './history-migration.ts';
import {
  committedLockfile,
  type CommittedLockfile,
  lockedVersion,
  versionBeforeUpgrade,
} from './lockfile.ts';
import { noRenames } from '../history/renames.ts';
import { migrateTargets } from './run-targets.ts';
import { makeTarget, type MigrationTarget } from './target.ts';
import { compareVersions } from './versions.ts';
import type { MigrateOptions } from './options.ts';
import { readText, shown } from './files.ts';

export const CONSUMER_USAGE =
  'xgen migrate [<package>...] [--from <version>] [--dry-run] [--project tsconfig.json]';

export const CONSUMER_HELP = `In a repository that installs generated packages from a registry (no xgen.config.yaml, or packages
named): ${CONSUMER_USAGE}
  Migrates the code from the version the last commit's lockfile has (git show HEAD:package-lock.json)
  to the installed one, across several major versions, from the rename history each package ships
  (xgen-history.json). Without a package: every dependency that ships one and whose version changed.
  Lockfiles: package-lock.json and npm-shrinkwrap.json; pnpm-lock.yaml and yarn.lock (classic and berry)
  are read the same way. Without a committed lockfile, or when it locks several versions, pass --from.
  --from <version>     the version the code was written for (one package only)`;

type Print = (line: string) => void;

/**
 * True when `xgen migrate` runs against installed packages: a package is named, or the repo has
 * no xgen.config.yaml and none is given with --config.
 */
export function isConsumerRun(options: MigrateOptions): boolean {
  if ((options.packages ?? []).length > 0) return true;
  return options.config === undefined && !existsSync(resolve('xgen.config.yaml'));
}

interface Options {
  packages: string[];
  from?: string;
  dryRun: boolean;
  project: string;
}

/** The consumer mode's options, from what the command line read; the generating repo's flags are refused. */
function consumerOptions(given: MigrateOptions): Options {
  for (const [name, value] of [
    ['config', given.config],
    ['package', given.package],
    ['to', given.to],
  ] as const) {
    if (value !== undefined) {
      throw new UsageError(
        `--${name} is for a repo that generates its packages (xgen.config.yaml); with installed packages name them: ${CONSUMER_USAGE}`,
      );
    }
  }
  const options: Options = {
    packages: [...(given.packages ?? [])],
    dryRun: given.dryRun,
    project: given.project,
    ...(given.from !== undefined ? { from: given.from } : {}),
  };
  if (options.from !== undefined && options.packages.length !== 1) {
    throw new UsageError(`--from is the version of one package: name it (${CONSUMER_USAGE})`);
  }
  if (options.from !== undefined && !/^\d+\.\d+\.\d+/.test(options.from)) {
    throw new UsageError(
      `--from takes the version the code was written for (such as 1.4.0), not "${options.from}"`,
    );
  }
  return options;
}

/** An installed package that ships xgen's rename history. */
interface Installed {
  name: string;
  dir: string;
  version: string;
}

/** `xgen migrate [<package>...]` against installed packages: 0 when nothing is left by hand, 1 when something is. */
export async function runConsumerMigrate(given: MigrateOptions, out: Print, err: Print): Promise<number> {
  const options = consumerOptions(given);
  const tsconfig = resolve(options.project);
  if (!existsSync(tsconfig))
    throw new UsageError(`${options.project} not found (pass --project <tsconfig.json>)`);
  const cwd = process.cwd();
  let lock: CommittedLockfile | undefined | null = null;
  const committed = (): CommittedLockfile | undefined =>
    lock === null ? (lock = committedLockfile(cwd)) : lock;

  let packages: Installed[];
  if (options.packages.length > 0) {
    packages = options.packages.map((name) => {
      const found = installed(cwd, name);
      if (typeof found === 'string') throw new UsageError(found);
      return found;
    });
  } else {
    packages = dependencies(cwd).flatMap((name) => {
      const found = installed(cwd, name);
      return typeof found === 'string' ? [] : [found];
    });
    if (packages.length === 0) {
      throw new UsageError(
        `no xgen.config.yaml here, and no dependency in package.json ships ${HISTORY_FILE}: name a package (${CONSUMER_USAGE})`,
      );
    }
  }

  const targets: MigrationTarget[] = [];
  for (const pkg of packages) {
    let from = options.from;
    if (from === undefined) {
      const lockfile = committed();
      const locked = lockfile
        ? lockedVersion(lockfile, pkg.name)
        : { missing: 'no lockfile in the last commit (git show HEAD:package-lock.json)' };
      if ('missing' in locked) {
        // Named: the user asked for this one, so say how to go on; found by looking: one with nothing to compare is skipped.
        if (options.packages.length > 0)
          throw new UsageError(
            `${pkg.name}: cannot tell which version the code was written for: ${locked.missing}; pass --from <version>`,
          );
        continue;
      }
      from = locked.version;
      if (from === pkg.version && lockfile) {
        // The upgrade is committed already (a Renovate or Dependabot pull request): the code was written
        // for the version the lockfile locked before it.
        const before = versionBeforeUpgrade(lockfile, pkg.name, pkg.version);
        if (before) {
          out(
            `${pkg.name}: ${lockfile.shown} in the last commit already locks ${pkg.version}; migrating from ${before.version}, locked before ${before.commit.slice(0, 7)} (${before.subject}) (pass --from <version> to choose another)`,
          );
          from = before.version;
        } else if (options.packages.length > 0) {
          out(
            `${pkg.name}: ${lockfile.shown} has locked ${pkg.version} since ${pkg.name} was added (or as far back as its history goes): pass --from <version> if the code was written for another`,
          );
        }
      }
      if (options.packages.length === 0 && from === pkg.version) continue;
    }
    const target = targetOf(pkg, from, out);
    if (target) targets.push(target);
  }
  if (targets.length === 0 && options.packages.length === 0) {
    out(`no dependency that ships ${HISTORY_FILE} changed version since the last commit: nothing to migrate`);
  }
  return migrateTargets(targets, tsconfig, options.dryRun, out, err);
}

/** The migration target of one installed package from version `from`, or undefined (with a line saying why) when nothing breaks. */
function targetOf(pkg: Installed, from: string, out: Print): MigrationTarget | undefined {
  const historyText = readText(join(pkg.dir, HISTORY_FILE));
  const history = parseHistory(historyText);
  if (!history)
    throw new UsageError(
      `${pkg.name}: ${shown(join(pkg.dir, HISTORY_FILE))} is not a rename history this xgen reads (a newer format?): upgrade xgen`,
    );
  const next = parseSnapshot(readText(join(pkg.dir, SNAPSHOT_FILE)));
  if (!next)
    throw new UsageError(
      `${pkg.name}: ${shown(join(pkg.dir, SNAPSHOT_FILE))} is missing or not an API snapshot this xgen reads: upgrade xgen`,
    );
  const order = compareVersions(from, pkg.version);
  if (order === 0) {
    out(`${pkg.name}: ${from} is the installed version: nothing to migrate`);
    return undefined;
  }
  if (order > 0)
    throw new UsageError(
      `${pkg.name}: the installed ${pkg.version} is older than ${from}: migrate moves code forward only`,
    );
  const migration = migrationFromHistory(history, from, pkg.version, next);
  if (migration.releases.length === 0) {
    out(`${pkg.name}: ${from} -> ${pkg.version} breaks nothing: nothing to migrate`);
    return undefined;
  }
  const crossed = migration.releases.map((r) => `${r.version} (spec ${r.spec})`).join(', ');
  out(
    `${pkg.name}: ${from} -> ${pkg.version} across ${crossed}${noRenames(migration.renames) ? ' (no renames; checking for uses of what changed)' : ''}`,
  );
  return makeTarget({
    name: pkg.name,
    client: history.client,
    out: pkg.dir,
    old: migration.old,
    next,
    renames: migration.renames,
    changes: migration.changes,
  });
}

/**
 * The package as Node would resolve it from `cwd` (the nearest node_modules holding it), when it
 * ships xgen's history; otherwise why not.
 */
function installed(cwd: string, name: string): Installed | string {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, 'node_modules', ...name.split('/'));
    const manifest = readText(join(candidate, 'package.json'));
    if (manifest !== undefined) {
      if (!existsSync(join(candidate, HISTORY_FILE)))
        return `${name} (${shown(candidate)}) ships no ${HISTORY_FILE}: it was not generated by xgen, or by one from before rename histories`;
      let version: unknown;
      try {
        version = (JSON.parse(manifest) as { version?: unknown }).version;
      } catch {
        version = undefined;
      }
      if (typeof version !== 'string') return `${shown(join(candidate, 'package.json'))} has no version`;
      return { name, dir: candidate, version };
    }
    const up = dirname(dir);
    if (up === dir) return `${name} is not installed here (no node_modules/${name}): run npm install first`;
    dir = up;
  }
}

/** The names package.json depends on, in every dependency field. */
function dependencies(cwd: string): string[] {
  const text = readText(join(cwd, 'package.json'));
  if (text === undefined)
    throw new UsageError(
      `no xgen.config.yaml and no package.json here: run xgen migrate in your repository's folder (${CONSUMER_USAGE})`,
    );
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new UsageError('package.json is not valid JSON');
  }
  const names = new Set<string>();
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = manifest[field];
    if (deps && typeof deps === 'object') for (const name of Object.keys(deps)) names.add(name);
  }
  return [...names].sort();
}
