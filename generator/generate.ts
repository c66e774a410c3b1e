import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { ResultCache } from './cache/result-cache.ts';
import type { PackageConfig } from './config.ts';
import { builtinTemplateNames } from './emit/templates-dir.ts';
import { SpecError, SpecErrors, UsageError } from './errors.ts';
import { requestSchemaTypes, startSchemaTypesThread } from './emit/schema-types-thread.ts';
import { formatFiles } from './format/index.ts';
import { apiSnapshot, renderSnapshot, SNAPSHOT_FILE } from './diff/snapshot.ts';
import { isObject, loadSpec } from './load/index.ts';
import { buildModel } from './model/index.ts';
import { checkReplaceable, compareWithDisk, shownPath, type Staleness, writePackageAtomically } from './write/files.ts';
import { applyRelease } from './version/release.ts';
import { markerText, PACKAGE_MARKER } from './write/marker.ts';

/** What generating a package assumed and inferred, for the summary (kept with a cached result too). */
export interface GenerateReport {
  /** Located warnings: each a recoverable problem of the spec and what was assumed (errors under `strict`). */
  warnings: SpecError[];
  /** Operations that page or stream by inference rather than by `x-pagination` / `x-streaming`. */
  inferred: { paginated: number; streams: number };
}

/** A package generated in memory, ready to be written or compared. */
export interface GeneratedPackage {
  config: PackageConfig;
  files: Map<string, string>;
  /** Every spec and overlay file read, with its text: what the files were made from. */
  inputs: { file: string; text: string }[];
  report: GenerateReport;
}

/**
 * load -> model -> emit -> format -> compile, all in memory. Throws SpecError(s) on a bad spec,
 * and with `config.strict` on any warning, before emitting anything.
 */
export async function generatePackage(config: PackageConfig): Promise<GeneratedPackage> {
  checkTemplateOverrides(config);
  // The schema-types thread loads its libraries while this one loads the spec and builds the model.
  startSchemaTypesThread();
  const timer = stageTimer(config.name);
  const spec = loadSpec(config.spec, undefined, config.overlays ?? []);
  timer('load');
  const model = buildModel(spec, { packageName: config.name, clientName: config.client });
  timer('model');
  const report: GenerateReport = {
    warnings: spec.docs.warnings,
    inferred: { paginated: model.operations.filter((o) => o.pagination?.inferred).length, streams: model.operations.filter((o) => o.streamingInferred).length },
  };
  refuseWhenStrict(config, report);
  // The schema types render on their thread while this one loads the other emitters (ts-morph).
  requestSchemaTypes(model, spec.version);
  // The later stages load big libraries (ts-morph, openapi-typescript and TypeScript 5.9; their
  // start-up is in bench/RESULTS.md); loaded on first use, they cost nothing when the cache answers.
  const { emitPackage } = await import('./emit/index.ts');
  const emitted = await emitPackage(model, spec.version, config.templates, { license: config.license ?? specLicense(spec.docs.root) });
  timer('emit');
  const formatted = await formatFiles(emitted);
  timer('format');
  const { compilePackage } = await import('./compile/typescript.ts');
  // Declarations are formatted like the sources: each compiler spells string literals its own way.
  const compiled = await formatFiles(await compilePackage(formatted, config.name));
  timer('compile');
  // The marker lets a later run replace this folder (and only such a folder); the snapshot is what
  // the next regeneration diffs against (see generator/version/release.ts).
  const files = new Map([...formatted, ...compiled, [PACKAGE_MARKER, markerText(config.name)], [SNAPSHOT_FILE, renderSnapshot(apiSnapshot(model))]]);
  return { config, files: new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b))), inputs: spec.docs.loadedFiles, report };
}

/** Under `strict`, every warning is an error: nothing is generated. */
function refuseWhenStrict(config: PackageConfig, report: GenerateReport): void {
  if (config.strict && report.warnings.length > 0) throw new SpecErrors(report.warnings);
}

/** A warning as printed: `file:line:column: warning: reason (at #/pointer)`. */
export function warningLine(warning: SpecError): string {
  return `${warning.file}:${warning.line ?? 1}:${warning.column ?? 1}: warning: ${warning.reason}${warning.pointer ? ` (at ${warning.pointer})` : ''}`;
}

/** The summary's note of inferences, or '' when there were none. */
function inferredNote({ paginated, streams }: GenerateReport['inferred']): string {
  if (paginated === 0 && streams === 0) return '';
  return `; ${paginated} paginated, ${streams} ${streams === 1 ? 'stream' : 'streams'} inferred`;
}

/** The spec's `info.license`: its SPDX `identifier` (3.1), else its `name`. */
function specLicense(root: unknown): string | undefined {
  const license = isObject(root) && isObject(root.info) && isObject(root.info.license) ? root.info.license : undefined;
  const value = license?.identifier ?? license?.name;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
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
  const hit = cache.lookup(entry);
  if (hit) {
    // The warnings of the run that stored it are shown again, and refuse it under strict.
    refuseWhenStrict(config, hit.report);
    return { config, files: hit.files, inputs: [], report: hit.report, cached: true };
  }
  const pkg = await generatePackage(config);
  cache.store(entry, pkg.inputs, pkg.files, pkg.report);
  return { ...pkg, cached: false };
}

/**
 * Generates every package first and writes only when all succeeded; `check` writes nothing.
 * With a `cache`, packages whose inputs are unchanged come from it (see ResultCache).
 */
export async function generateAll(
  configs: PackageConfig[],
  options: { check: boolean; log: (line: string) => void; warn?: (line: string) => void; cache?: ResultCache | undefined },
): Promise<{ stale: { out: string; staleness: Staleness }[] }> {
  if (!options.check) checkOutputs(configs);
  // Side by side: a package's stages run while another's compiler (a child process) works. A
  // failure is reported for the first package in the config's order that failed, as one by one would.
  const settled = await Promise.allSettled(configs.map((config) => generateOrReuse(config, options.cache)));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const packages = settled.map((result) => (result as PromiseFulfilledResult<GeneratedPackage & { cached: boolean }>).value);
  // After the cache: the version and changelog depend on the package on disk, not only on the spec.
  // Decided for every package before any is written.
  const releases = packages.map((pkg) => applyRelease(pkg.config, pkg.files));
  const stale: { out: string; staleness: Staleness }[] = [];
  for (const [i, pkg] of packages.entries()) {
    const where = relative(process.cwd(), pkg.config.out) || '.';
    const cached = (pkg.cached ? ', inputs unchanged since a cached run' : '') + inferredNote(pkg.report.inferred);
    for (const warning of pkg.report.warnings) (options.warn ?? options.log)(warningLine(warning));
    const release = releases[i] as (typeof releases)[number];
    if (options.check) {
      const staleness = compareWithDisk(pkg.config.out, pkg.files);
      const count = staleness.added.length + staleness.removed.length + staleness.changed.length;
      if (count > 0) stale.push({ out: where, staleness });
      else options.log(`${where}: up to date (${pkg.files.size} files${cached})`);
    } else {
      writePackageAtomically(pkg.config.out, pkg.files, keep(pkg.config));
      const moved = release.previous !== undefined && release.previous !== release.version ? `; version ${release.previous} -> ${release.version} (${release.bump})` : '';
      options.log(`${where}: wrote ${pkg.config.name} (${pkg.files.size} files${cached})${moved}`);
    }
  }
  return { stale };
}

/** What a package's output folder must never swallow, besides the current folder. */
function keep(config: PackageConfig): { path: string; what: string }[] {
  return [{ path: config.spec, what: `the spec ${shownPath(config.spec)}` }];
}

/** Before anything is generated or written: every output folder may be replaced, and no two overlap. */
function checkOutputs(configs: PackageConfig[]): void {
  for (const config of configs) checkReplaceable(config.out, keep(config));
  for (const [i, a] of configs.entries()) {
    for (const b of configs.slice(i + 1)) {
      const rel = relative(a.out, b.out);
      const back = relative(b.out, a.out);
      if (rel === '' || !rel.startsWith('..') || !back.startsWith('..')) {
        throw new UsageError(`packages ${a.name} and ${b.name} write to overlapping folders (${shownPath(a.out)}, ${shownPath(b.out)})`);
      }
    }
  }
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
