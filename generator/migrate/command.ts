import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { diffSnapshots } from '../diff/rules.ts';
import { type ApiSnapshot, apiSnapshot, parseSnapshot, SNAPSHOT_FILE } from '../diff/snapshot.ts';
import { UsageError } from '../errors.ts';
import { loadSpec } from '../load/index.ts';
import { buildModel } from '../model/index.ts';
import { PREVIOUS_SNAPSHOT_FILE } from '../history/previous-snapshot.ts';
import { noRenames, renamesBetween } from '../history/renames.ts';
import { makeTarget, type MigrationTarget } from './target.ts';
import { CONSUMER_HELP, CONSUMER_USAGE, isConsumerRun } from './consumer.ts';
import { migrateTargets } from './run-targets.ts';
import type { MigrateOptions, MigratePackage } from './options.ts';
import { readText, shown } from './files.ts';

export const MIGRATE_USAGE = `xgen migrate [--dry-run] [--project tsconfig.json] [--config xgen.config.yaml] [--package <name>] [--from <old spec|snapshot>] [--to <new spec|snapshot>]
  ${CONSUMER_USAGE}`;

/** What `xgen help migrate` says above its options (the options come from the command line's flag table). */
export const MIGRATE_ABOUT = `Run in your repository after regenerating (\`npm run generate\`): rewrites the TypeScript of the project
for the renames of each package xgen.config.yaml generates, since the package's last major version
(renamed groups and methods, /functions exports, operationIds given to client.call, params keys,
enum values, exported types). Only expressions the type checker traces to a generated package are
changed, and only where the old name no longer compiles; a second run changes nothing. Every use it
cannot migrate (a removed operation, parameter or field, a changed type) is listed as
file:line:col: message.

${CONSUMER_HELP}`;

export const MIGRATE_EXIT_CODES = `Exit codes: 0 everything migrated (or nothing to migrate), 1 uses left to migrate by hand (listed)
or a spec problem, 2 a usage error.`;

type Print = (line: string) => void;

export type { MigrateOptions, MigratePackage };

/** Whether a run is the consumer mode, which reads no config: the command line asks before it reads one. */
export { isConsumerRun };

/** `xgen migrate`: returns 0 when nothing is left to migrate by hand, 1 when something is. */
export async function runMigrate(options: MigrateOptions, out: Print, err: Print): Promise<number> {
  // A repo that installs published packages (no config, or packages named): see consumer.ts.
  if (isConsumerRun(options)) return (await import('./consumer.ts')).runConsumerMigrate(options, out, err);
  const config = options.config ?? 'xgen.config.yaml';
  const tsconfig = resolve(options.project);
  if (!existsSync(tsconfig))
    throw new UsageError(`${options.project} not found (pass --project <tsconfig.json>)`);
  // The command line reads the config (nothing below it does) and passes its packages.
  if (!options.configured)
    throw new Error(
      'runMigrate: a repo that generates its packages needs them from its config (options.configured)',
    );
  let packages = options.configured;
  if (options.package !== undefined) {
    packages = packages.filter((p) => p.name === options.package);
    if (packages.length === 0) throw new UsageError(`no package "${options.package}" in ${config}`);
  }
  if ((options.from !== undefined || options.to !== undefined) && packages.length > 1) {
    throw new UsageError(
      `--from and --to are for one package: name it with --package (${packages.map((p) => p.name).join(', ')})`,
    );
  }
  const targets: MigrationTarget[] = [];
  for (const config of packages) {
    const next =
      options.to !== undefined
        ? snapshotOf(options.to, config)
        : parseSnapshot(readText(resolve(config.out, SNAPSHOT_FILE)));
    if (!next)
      throw new UsageError(
        `${config.name}: ${shown(resolve(config.out, SNAPSHOT_FILE))} is missing: run \`npm run generate\` first`,
      );
    const old =
      options.from !== undefined
        ? snapshotOf(options.from, config)
        : parseSnapshot(readText(resolve(config.out, PREVIOUS_SNAPSHOT_FILE)));
    if (!old) {
      out(
        `${config.name}: no earlier major version recorded (pass --from <old spec> to migrate from one): nothing to migrate`,
      );
      continue;
    }
    const changes = diffSnapshots(old, next);
    const renames = renamesBetween(old, next, changes);
    if (noRenames(renames) && changes.every((c) => c.level !== 'breaking')) {
      out(
        `${config.name}: spec ${old.specVersion} -> ${next.specVersion} breaks nothing: nothing to migrate`,
      );
      continue;
    }
    out(
      `${config.name}: spec ${old.specVersion} -> ${next.specVersion}${noRenames(renames) ? ' (no renames; checking for uses of what changed)' : ''}`,
    );
    targets.push(
      makeTarget({ name: config.name, client: config.client, out: config.out, old, next, renames, changes }),
    );
  }
  return migrateTargets(targets, tsconfig, options.dryRun, out, err);
}

/** A snapshot file (`api-snapshot.json`, any name ending in .json that reads as one) or a spec, as the package's config would generate it. */
function snapshotOf(path: string, config: MigratePackage): ApiSnapshot {
  const file = resolve(path);
  if (!existsSync(file)) throw new UsageError(`${path} not found`);
  if (file.endsWith('.json')) {
    const snapshot = parseSnapshot(readText(file));
    if (snapshot) return snapshot;
  }
  const spec = loadSpec(file, undefined, config.overlays ?? []);
  return apiSnapshot(
    buildModel(spec, {
      packageName: config.name,
      clientName: config.client,
      names: config.names,
      namesAt: config.namesAt,
    }),
  );
}
