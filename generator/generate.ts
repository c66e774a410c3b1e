import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { compilePackage } from './compile/typescript.ts';
import type { PackageConfig } from './config.ts';
import { emitPackage } from './emit/index.ts';
import { builtinTemplateNames } from './emit/runtime.ts';
import { UsageError } from './errors.ts';
import { formatFiles } from './format/prettier.ts';
import { loadSpec } from './load/index.ts';
import { buildModel } from './model/index.ts';
import { compareWithDisk, type Staleness, writePackageAtomically } from './write/files.ts';

/** A package generated in memory, ready to be written or compared. */
export interface GeneratedPackage {
  config: PackageConfig;
  files: Map<string, string>;
}

/** load -> model -> emit -> format -> compile, all in memory. Throws SpecError(s) on a bad spec. */
export async function generatePackage(config: PackageConfig): Promise<GeneratedPackage> {
  const known = new Set(builtinTemplateNames());
  for (const [name, file] of Object.entries(config.templates)) {
    if (!known.has(name)) throw new UsageError(`unknown template "${name}"; templates are: ${[...known].join(', ')}`);
    if (!existsSync(file)) throw new UsageError(`template override for "${name}" not found: ${file}`);
  }
  const timer = stageTimer(config.name);
  const spec = loadSpec(config.spec);
  timer('load');
  const model = buildModel(spec, { packageName: config.name, clientName: config.client });
  timer('model');
  const emitted = await emitPackage(model, spec.version, config.templates);
  timer('emit');
  const formatted = await formatFiles(emitted);
  timer('format');
  const compiled = compilePackage(formatted, config.name);
  timer('compile');
  const files = new Map([...formatted, ...compiled]);
  return { config, files: new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b))) };
}

/** Generates every package first and writes only when all succeeded; `check` writes nothing. */
export async function generateAll(
  configs: PackageConfig[],
  options: { check: boolean; log: (line: string) => void },
): Promise<{ stale: { out: string; staleness: Staleness }[] }> {
  const packages: GeneratedPackage[] = [];
  for (const config of configs) packages.push(await generatePackage(config));
  const stale: { out: string; staleness: Staleness }[] = [];
  for (const pkg of packages) {
    const where = relative(process.cwd(), pkg.config.out) || '.';
    if (options.check) {
      const staleness = compareWithDisk(pkg.config.out, pkg.files);
      const count = staleness.added.length + staleness.removed.length + staleness.changed.length;
      if (count > 0) stale.push({ out: where, staleness });
      else options.log(`${where}: up to date (${pkg.files.size} files)`);
    } else {
      writePackageAtomically(pkg.config.out, pkg.files);
      options.log(`${where}: wrote ${pkg.config.name} (${pkg.files.size} files)`);
    }
  }
  return { stale };
}

/** With XGEN_TIMING=1, prints how long each stage took (for profiling; benchmarks use `npm run bench`). */
function stageTimer(label: string): (stage: string) => void {
  if (!process.env.XGEN_TIMING) return () => {};
  let last = performance.now();
  return (stage) => {
    const now = performance.now();
    process.stderr.write(`${label} ${stage}: ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}
