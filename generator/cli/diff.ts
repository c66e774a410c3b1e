import type { PackageConfig } from '../config.ts';
import { SpecErrors, UsageError } from '../errors.ts';
import { diffInputs } from './diff-inputs.ts';
import type { Flags, Print } from './flags.ts';

/** `xgen diff <old> <new>`: the two specs compared, with method names from a config's package (--config). */
export async function diff(flags: Flags, positionals: string[], out: Print, err: Print): Promise<number> {
  const failOn = flags['fail-on'] as 'breaking' | 'feature' | undefined;
  const config = typeof flags.config === 'string' ? flags.config : undefined;
  const packageName = typeof flags.package === 'string' ? flags.package : undefined;
  if (packageName !== undefined && config === undefined) throw new UsageError('--package needs --config');
  const names = config === undefined ? {} : (await configNames())(config, packageName);
  // A missing spec is a mistake on the command line (exit 2), as it is for generate.
  const inputs = diffInputs(positionals, typeof flags.base === 'string' ? flags.base : undefined);
  // Locations print as the user named the specs, not as their temporary copies.
  const named = (line: string): string =>
    inputs.shown.reduce((text, [from, to]) => text.replaceAll(from, to), line);
  try {
    return (await import('../diff/command.ts')).runDiff(
      { old: inputs.old, new: inputs.new, json: flags.json === true, ...(failOn ? { failOn } : {}), names },
      (line) => out(named(line)),
      (line) => err(named(line)),
    );
  } catch (error) {
    // A bad spec's SpecError (each of SpecErrors) names its file too.
    for (const e of error instanceof SpecErrors ? error.errors : [error])
      if (e instanceof Error) e.message = named(e.message);
    throw error;
  } finally {
    inputs.dispose();
  }
}

/** For `xgen diff --config`: the `names:` of the package the config lists (`--package` picks one of several). */
async function configNames(): Promise<
  (config: string, packageName: string | undefined) => Pick<PackageConfig, 'names' | 'namesAt'>
> {
  const { readConfig } = await import('../config.ts');
  return (config, packageName) => {
    const packages = readConfig(config);
    const chosen =
      packageName === undefined
        ? packages.length === 1
          ? packages[0]
          : undefined
        : packages.find((p) => p.name === packageName);
    const listed = packages.map((p) => p.name).join(', ');
    if (!chosen)
      throw new UsageError(
        packageName === undefined
          ? `${config} lists several packages: name one with --package (${listed})`
          : `no package "${packageName}" in ${config} (${listed})`,
      );
    return {
      ...(chosen.names ? { names: chosen.names } : {}),
      ...(chosen.namesAt ? { namesAt: chosen.namesAt } : {}),
    };
  };
}
