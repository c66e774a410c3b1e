import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { ResultCache } from './cache/result-cache.ts';
import type { PackageConfig } from './config.ts';
import { builtinTemplateNames } from './emit/templates-dir.ts';
import { UsageError } from './errors.ts';
import { loadSpec } from './load/index.ts';
import { apiSnapshot, renderSnapshot, SNAPSHOT_FILE } from './diff/snapshot.ts';
import { buildModel } from './model/index.ts';
import { applyRelease } from './version/release.ts';
import { compareWithDisk, type Staleness, writePackageAtomically } from './write/files.ts';

/** A package generated in memory, ready to be written or compared. */
export interface GeneratedPackage {
  config: PackageConfig;
  files: Map<string, string>;
  /** Every spec file read, with its text: what the files were made from. */
  inputs: { file: string; text: string }[];
}

/** load -> model -> emit -> format -> compile, all in memory. Throws SpecError(s) on a bad spec. */
export async function generatePackage(config: PackageConfig): Promise<GeneratedPackage> {
  checkTemplateOverrides(config);
  const timer = stageTimer(config.name);
  const spec = loadSpec(config.spec);
  timer('load');
  const model = buildModel(spec, { packageName: config.name, clientName: config.client });
  timer('model');
  // The later stages load big libraries (ts-morph, openapi-typescript, prettier, the TypeScript
  // compiler: about 2 s of start-up); loaded on first use, they cost nothing when the cache answers.
  const { emitPackage } = await import('./emit/index.ts');
  const emitted = await emitPackage(model, spec.version, config.templates);
  timer('emit');
  const { formatFiles, preformattedPaths } = await import('./format/prettier.ts');
  const formatted = await formatFiles(emitted, preformattedPaths(config.templates));
  timer('format');
  const { compilePackage } = await import('./compile/typescript.ts');
  const compiled = compilePackage(formatted, config.name);
  timer('compile');
  // What the next regeneration diffs against (see generator/version/release.ts).
  const files = new Map([...formatted, ...compiled, [SNAPSHOT_FILE, renderSnapshot(apiSnapshot(model))]]);
  return { config, files: new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b))), inputs: spec.docs.loadedFiles };
}

function checkTemplateOverrides(config: PackageConfig): void {
  const known = new Set(builtinTemplateNames());
  for (const [name, file] of Object.entries(config.templates)) {
    if (!known.has(name)) throw new UsageError(`unknown template "${name}"; templates are: ${[...known].join(', ')}`);
    if (!existsSync(file)) throw new UsageError(`template override for "${name}" not found: ${file}`);
  }
}

/** A package from the result cache when its inputs are unchanged, else generated (and then cached). */
async function generateOrReuse(config: PackageConfig, cache: ResultCache | undefined): Promise<GeneratedPackage & { cached: boolean }> {
  if (!cache) return { ...(await generatePackage(config)), cached: false };
  // A missing override must fail as it does without the cache, not hash as an empty template.
  checkTemplateOverrides(config);
  const entry = cache.entryFor(config);
  const files = cache.lookup(entry);
  if (files) return { config, files, inputs: [], cached: true };
  const pkg = await generatePackage(config);
  cache.store(entry, pkg.inputs, pkg.files);
  return { ...pkg, cached: false };
}

/**
 * Generates every package first and writes only when all succeeded; `check` writes nothing.
 * With a `cache`, packages whose inputs are unchanged come from it (see ResultCache).
 */
export async function generateAll(
  configs: PackageConfig[],
  options: { check: boolean; log: (line: string) => void; cache?: ResultCache | undefined },
): Promise<{ stale: { out: string; staleness: Staleness }[] }> {
  const packages: (GeneratedPackage & { cached: boolean })[] = [];
  for (const config of configs) packages.push(await generateOrReuse(config, options.cache));
  // After the cache: the version and changelog depend on the package on disk, not only on the spec.
  // Decided for every package before any is written.
  const releases = packages.map((pkg) => applyRelease(pkg.config, pkg.files));
  const stale: { out: string; staleness: Staleness }[] = [];
  for (const [i, pkg] of packages.entries()) {
    const where = relative(process.cwd(), pkg.config.out) || '.';
    const cached = pkg.cached ? ', inputs unchanged since a cached run' : '';
    const release = releases[i] as (typeof releases)[number];
    if (options.check) {
      const staleness = compareWithDisk(pkg.config.out, pkg.files);
      const count = staleness.added.length + staleness.removed.length + staleness.changed.length;
      if (count > 0) stale.push({ out: where, staleness });
      else options.log(`${where}: up to date (${pkg.files.size} files${cached})`);
    } else {
      writePackageAtomically(pkg.config.out, pkg.files);
      const moved = release.previous !== undefined && release.previous !== release.version ? `; version ${release.previous} -> ${release.version} (${release.bump})` : '';
      options.log(`${where}: wrote ${pkg.config.name} (${pkg.files.size} files${cached})${moved}`);
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
