import type { Flags, Print } from './flags.ts';

/** `xgen migrate [<package>...]`: the code of a project rewritten for the packages' new versions. */
export async function migrate(flags: Flags, packages: string[], out: Print, err: Print): Promise<number> {
  const text = (name: string): string | undefined => (typeof flags[name] === 'string' ? flags[name] : undefined);
  const options = { dryRun: flags['dry-run'] === true, project: text('project') ?? 'tsconfig.json', packages };
  const more = Object.fromEntries(['config', 'package', 'from', 'to'].flatMap((name) => (text(name) === undefined ? [] : [[name, text(name)!]])));
  return (await import('../migrate/command.ts')).runMigrate({ ...options, ...more }, out, err);
}
