import type { Flags, Print } from './flags.ts';

/** `xgen migrate [<package>...]`: the code of a project rewritten for the packages' new versions. */
export async function migrate(flags: Flags, packages: string[], out: Print, err: Print): Promise<number> {
  const text = (name: string): string | undefined =>
    typeof flags[name] === 'string' ? flags[name] : undefined;
  const options = {
    dryRun: flags['dry-run'] === true,
    project: text('project') ?? 'tsconfig.json',
    packages,
  };
  const more = Object.fromEntries(
    ['config', 'package', 'from', 'to'].flatMap((name) =>
      text(name) === undefined ? [] : [[name, text(name)!]],
    ),
  );
  const migrate = await import('../migrate/command.ts');
  const given: import('../migrate/command.ts').MigrateOptions = { ...options, ...more };
  // The command line reads the config; migrate gets the packages it lists.
  if (migrate.isConsumerRun(given)) return migrate.runMigrate(given, out, err);
  const { readConfig } = await import('../config.ts');
  return migrate.runMigrate(
    { ...given, configured: readConfig(given.config ?? 'xgen.config.yaml') },
    out,
    err,
  );
}
