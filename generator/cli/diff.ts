import { existsSync } from 'node:fs';
import type { PackageConfig } from '../config.ts';
import { UsageError } from '../errors.ts';
import { isUrl } from '../urls.ts';
import type { Flags, Print } from './flags.ts';

/** `xgen diff <old> <new>`: the two specs compared, with method names from a config's package (--config). */
export async function diff(
  flags: Flags,
  [old = '', next = '']: string[],
  out: Print,
  err: Print,
): Promise<number> {
  // A missing spec is a mistake on the command line (exit 2), as it is for generate.
  for (const spec of [old, next])
    if (!isUrl(spec) && !existsSync(spec)) throw new UsageError(`${spec}: file not found`);
  const failOn = flags['fail-on'] as 'breaking' | 'feature' | undefined;
  const config = typeof flags.config === 'string' ? flags.config : undefined;
  const packageName = typeof flags.package === 'string' ? flags.package : undefined;
  if (packageName !== undefined && config === undefined) throw new UsageError('--package needs --config');
  const names = config === undefined ? {} : (await configNames())(config, packageName);
  return (await import('../diff/command.ts')).runDiff(
    { old, new: next, json: flags.json === true, ...(failOn ? { failOn } : {}), names },
    out,
    err,
  );
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
