import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { ResultCache } from './cache/result-cache.ts';
import type { PackageConfig } from './config.ts';
import { builtinTemplateNames } from './templates-dir.ts';
import { SpecError, SpecErrors, UsageError } from './errors.ts';
import {
  emitParts,
  joinParts,
  releaseEmitThreads,
  requestEmit,
  startEmitThreads,
  startSchemaTypesThread,
} from './run/emit.ts';
import { formatFiles } from './format/index.ts';
import { SNAPSHOT_FILE } from './diff/snapshot.ts';
import { publishedNames } from './history/published-names.ts';
import { isBigSpec, loadModel, type SpecInput } from './run/spec-thread.ts';
import {
  checkReplaceable,
  compareWithDisk,
  shownPath,
  type Staleness,
  userFiles,
  writePackageAtomically,
} from './write/files.ts';
import { applyRelease } from './version/release.ts';
import { CHANGELOG_HINT, MIGRATE_HINT } from './migrate/hint.ts';
import { markerText, PACKAGE_MARKER } from './write/marker.ts';
import { stageReached, throwIfInterrupted, yieldToSignals } from './interrupt.ts';
import { removeStaleCompileFolders } from './temporary.ts';
import { removeStaleSiblings } from './write/stale.ts';
import { fetchSpecTree } from './load/remote.ts';
import { isUrl } from './urls.ts';

/** The stages a package goes through, in order (a cached package goes through none). */
export type Stage = 'fetch' | 'load' | 'model' | 'emit' | 'format' | 'compile';

/** Told when a package enters a stage, with how long the previous one took; `done` after the last. */
export type StageListener = (
  pkg: string,
  stage: Stage | 'done',
  previous?: { stage: Stage; ms: number },
) => void;

/** What generating a package assumed and inferred, for the summary (kept with a cached result too). */
export interface GenerateReport {
  /** Located warnings: each a recoverable problem of the spec and what was assumed (errors under `strict`). */
  warnings: SpecError[];
  /** Operations that page or stream by inference rather than by `x-pagination` / `x-streaming`. */
  inferred: { paginated: number; streams: number };
  /** Located notes of what was inferred from a valid spec (field selection pairings): shown, never refused under `strict`. */
  notes: SpecError[];
  /**
   * The `*.fields` parameters whose field selection was inferred, and how many operations' results
   * follow them: the one line a run prints of the notes (not kept with a cached result, which prints none).
   */
  selectionsInferred?: { params: string[]; operations: number };
}

/** A package generated in memory, ready to be written or compared. */
export interface GeneratedPackage {
  config: PackageConfig;
  files: Map<string, string>;
  /** Every spec and overlay file read, by the hash of its text: what the files were made from. */
  inputs: SpecInput[];
  report: GenerateReport;
}

/**
 * load -> model -> emit -> format -> compile, all in memory. Throws SpecError(s) on a bad spec,
 * and with `config.strict` on any warning, before emitting anything.
 */
export async function generatePackage(
  config: PackageConfig,
  options: {
    onStage?: StageListener | undefined;
    remote?: ReadonlyMap<string, string> | undefined;
    /**
     * The run has other packages, started beside this one: this thread may be loading their specs and
     * building their models meanwhile (a package the result cache answers needs none of that).
     */
    sideBySide?: boolean | undefined;
  } = {},
): Promise<GeneratedPackage> {
  checkTemplateOverrides(config);
  const enter = stageClock(config.name, options.onStage);
  // The emit threads load their libraries while this one loads the spec and builds the model. They
  // end once no package being generated needs them: the compile and write stages get their memory.
  startEmitThreads();
  // Beside other packages this thread may be busy with their models: the schema types get a thread too.
  if (options.sideBySide) startSchemaTypesThread();
  let sources: Sources;
  try {
    sources = await emitSources(config, enter, options.remote);
  } finally {
    releaseEmitThreads();
  }
  // From here on, the spec and the model are no longer held.
  const { parts, snapshot, inputs, report } = sources;
  await enter('format');
  const formatted = await joinParts({
    runtime: await parts.runtime,
    structured: parts.structured,
    schemas: parts.schemas,
  });
  await enter('compile');
  const { compilePackage, compileFoldersRemoved } = await import('./compile/typescript.ts');
  foldersRemoved = compileFoldersRemoved;
  // Declarations are formatted like the sources: each compiler spells string literals its own way.
  const compiled = await formatFiles(await compilePackage(formatted, config.name));
  await enter('done');
  // The marker lets a later run replace this folder (and only such a folder); the snapshot is what
  // the next regeneration diffs against (see generator/version/release.ts).
  // The marker lists the files; generateAll writes it again once the release adds its own.
  const files = new Map([...formatted, ...compiled, [SNAPSHOT_FILE, snapshot]]);
  files.set(PACKAGE_MARKER, markerText(config.name, files.keys()));
  return {
    config,
    files: new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b))),
    inputs,
    report,
  };
}

/** What the stages up to emit make of a package: its files (each part formatted as soon as it is made), and what the rest needs. */
interface Sources {
  parts: {
    runtime: Promise<Map<string, string>>;
    structured: Promise<Map<string, string>>;
    schemas: Promise<string>;
  };
  /** The API snapshot, as written in the package. */
  snapshot: string;
  inputs: GeneratedPackage['inputs'];
  report: GenerateReport;
}

/** fetch -> load -> model -> emit. */
async function emitSources(
  config: PackageConfig,
  enter: (stage: Stage | 'done') => Promise<void>,
  fetched: ReadonlyMap<string, string> | undefined,
): Promise<Sources> {
  let remote = fetched;
  if (!remote && isUrl(config.spec)) {
    await enter('fetch');
    remote = await fetchSpecTree(config.spec);
  }
  await enter('load');
  const where = { spec: config.spec, overlays: config.overlays ?? [], remote };
  // A big spec is loaded and modelled on a thread, and its schema types rendered on another: this
  // one stays free to answer a signal at once. A small one's schema types are rendered here, once
  // the emitters' thread has the model (run/emit-threads.ts says why).
  if (isBigSpec(where)) startSchemaTypesThread();
  const loaded = await loadModel(
    {
      ...where,
      packageName: config.name,
      clientName: config.client,
      names: config.names,
      namesAt: config.namesAt,
      published: publishedNames(config.out),
    },
    config.templates,
    () => void enter('model'),
  );
  const { model, version } = loaded;
  // Counted where the model was built: a model from the spec thread is not read here (model-bytes.ts).
  const report: GenerateReport = {
    warnings: loaded.warnings,
    inferred: loaded.facts.inferred,
    notes: loaded.notes,
    selectionsInferred: loaded.facts.selectionsInferred,
  };
  refuseWhenStrict(config, report);
  const packageJson = { license: config.license ?? loaded.license, testing: config.testing };
  // The emit threads start on the model at once (the spec thread, if any, makes its API snapshot;
  // else it is made here once they are under way).
  // Between each step of this thread's own work a signal is answered (yieldToSignals).
  await yieldToSignals();
  await requestEmit(model, version, packageJson);
  await enter('emit');
  await yieldToSignals();
  const made = emitParts(model, version, config.templates, packageJson, loaded.runtime);
  // Each part is formatted as soon as it is made, while the others are made: the runtime now, the
  // schema types when they are done (on their thread, or here for a small spec), the rest once emitted.
  const runtime = made.runtime.then((files) => formatFiles(files));
  const schemas = made.schemas.then(async (text) =>
    (await formatFiles(new Map([['src/schemas.ts', text]]))).get('src/schemas.ts')!,
  );
  // Made while the threads work (here, for a small spec); only the version step reads it.
  const snapshot = loaded.snapshot();
  const inputs = loaded.inputs();
  // Taken up by the format stage; a failure meanwhile must not go unhandled.
  runtime.catch(() => {});
  schemas.catch(() => {});
  snapshot.catch(() => {});
  inputs.catch(() => {});
  // The emit stage ends when every part is made (or one failed).
  const structured = formatFiles(await made.structured);
  structured.catch(() => {});
  await made.schemas;
  return {
    parts: { runtime, schemas, structured },
    snapshot: await snapshot,
    inputs: await inputs,
    report,
  };
}

/** Under `strict`, every warning is an error: nothing is generated. */
function refuseWhenStrict(config: PackageConfig, report: GenerateReport): void {
  if (config.strict && report.warnings.length > 0) throw new SpecErrors(report.warnings);
}

function checkTemplateOverrides(config: PackageConfig): void {
  const known = new Set(builtinTemplateNames());
  for (const [name, file] of Object.entries(config.templates)) {
    if (!known.has(name))
      throw new UsageError(`unknown template "${name}"; templates are: ${[...known].join(', ')}`);
    if (!existsSync(file)) throw new UsageError(`template override for "${name}" not found: ${file}`);
  }
}

/** A package from the result cache when its inputs are unchanged, else generated (and then cached). */
async function generateOrReuse(
  config: PackageConfig,
  cache: ResultCache | undefined,
  onStage: StageListener | undefined,
  sideBySide: boolean,
): Promise<GeneratedPackage & { cached: boolean }> {
  if (!cache) return { ...(await generatePackage(config, { onStage, sideBySide })), cached: false };
  // A missing override must fail as it does without the cache, not hash as an empty template.
  checkTemplateOverrides(config);
  // A spec by URL is fetched first: the cache compares the texts fetched, as it does a file's.
  let remote: Map<string, string> | undefined;
  if (isUrl(config.spec)) {
    onStage?.(config.name, 'fetch');
    remote = await fetchSpecTree(config.spec);
  }
  const entry = cache.entryFor(config);
  const hit = cache.lookup(entry, remote);
  if (hit) {
    // The warnings of the run that stored it are shown again, and refuse it under strict.
    refuseWhenStrict(config, hit.report);
    if (remote) onStage?.(config.name, 'done');
    return {
      config,
      files: hit.files,
      inputs: hit.deps.map((file) => ({ file, sha256: '' })),
      report: hit.report,
      cached: true,
    };
  }
  const pkg = await generatePackage(config, { onStage, remote, sideBySide });
  cache.store(entry, pkg.inputs, pkg.files, pkg.report);
  return { ...pkg, cached: false };
}

/**
 * The words of what generateAll prints (the command line's are REPORT_TEXT in cli/report.ts):
 * generate.ts decides what is shown and when, the command line how it reads.
 */
export interface ReportText {
  /** A located warning. */
  warning(warning: SpecError): string;
  /** A package's notes: every one located (`verbose`), or one line for them all. */
  notes(
    notes: readonly SpecError[],
    where: string,
    inferred: GenerateReport['selectionsInferred'],
    verbose: boolean,
  ): string[];
  /** Files in a generated folder that xgen did not write, kept. */
  kept(where: string, files: string[]): string;
  /** What the summary adds about inferences ('' for none). */
  inferred(inferred: GenerateReport['inferred']): string;
}

/** Once a package was compiled: waits for the compile stage's temporary folders to be removed (it leaves that running). */
let foldersRemoved: (() => Promise<void>) | undefined;

/**
 * Generates every package first and writes only when all succeeded; `check` writes nothing.
 * With a `cache`, packages whose inputs are unchanged come from it (see ResultCache). Returns once
 * the compile stage's temporary folders are removed too, which goes on while the packages are written.
 */
export async function generateAll(
  ...args: Parameters<typeof generateEvery>
): ReturnType<typeof generateEvery> {
  try {
    return await generateEvery(...args);
  } finally {
    await foldersRemoved?.();
  }
}

async function generateEvery(
  configs: PackageConfig[],
  options: {
    check: boolean;
    log: (line: string) => void;
    warn?: (line: string) => void;
    /** The words of what is printed (cli/report.ts REPORT_TEXT). */
    text: ReportText;
    cache?: ResultCache | undefined;
    onStage?: StageListener | undefined;
    /** Print every located note, instead of one line a package. */
    verbose?: boolean;
    /**
     * What was last shown of each package's notes (by package name), across the rounds of a watch:
     * a round whose notes are the same shows none of them again.
     */
    notesShown?: Map<string, string>;
  },
): Promise<{
  stale: { out: string; staleness: Staleness }[];
  written: string[];
  inputs: Map<PackageConfig, string[]>;
}> {
  if (!options.check) {
    checkOutputs(configs);
    // What runs killed before (SIGKILL, a power cut) left beside the outputs and in the temp folder.
    for (const config of configs) removeStaleSiblings(config.out);
    removeStaleCompileFolders();
  }
  // Side by side: a package's stages run while another's compiler (a child process) works. A
  // failure is reported for the first package in the config's order that failed, as one by one would.
  const settled = await Promise.allSettled(
    configs.map((config) => generateOrReuse(config, options.cache, options.onStage, configs.length > 1)),
  );
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const packages = settled.map(
    (result) => (result as PromiseFulfilledResult<GeneratedPackage & { cached: boolean }>).value,
  );
  // After the cache: the version and changelog depend on the package on disk, not only on the spec.
  // Decided for every package before any is written.
  const releases = packages.map((pkg) => applyRelease(pkg.config, pkg.files));
  // The marker lists every file written, the release's included.
  for (const pkg of packages) pkg.files.set(PACKAGE_MARKER, markerText(pkg.config.name, pkg.files.keys()));
  const stale: { out: string; staleness: Staleness }[] = [];
  const written: string[] = [];
  if (!options.check) {
    await stageReached('write');
    throwIfInterrupted();
  }
  for (const [i, pkg] of packages.entries()) {
    const where = relative(process.cwd(), pkg.config.out) || '.';
    const cached =
      (pkg.cached ? ', inputs unchanged since a cached run' : '') +
      options.text.inferred(pkg.report.inferred);
    for (const warning of pkg.report.warnings) (options.warn ?? options.log)(options.text.warning(warning));
    showNotes(pkg, where, options);
    const release = releases[i] as (typeof releases)[number];
    if (options.check) {
      const staleness = compareWithDisk(pkg.config.out, pkg.files);
      const own = userFiles(pkg.config.out, pkg.files);
      if (own.length > 0) (options.warn ?? options.log)(options.text.kept(where, own));
      const count = staleness.added.length + staleness.removed.length + staleness.changed.length;
      if (count > 0) stale.push({ out: where, staleness });
      else options.log(`${where}: up to date (${pkg.files.size} files${cached})`);
    } else if (pkg.cached && isUpToDate(pkg.config.out, pkg.files)) {
      // A cached result already on disk as it is: nothing to write, and the line says so.
      options.log(`${where}: up to date (${pkg.files.size} files${cached})`);
    } else {
      const { kept } = await writePackageAtomically(pkg.config.out, pkg.files, protectedPaths(pkg.config));
      written.push(pkg.config.name);
      if (kept.length > 0) (options.warn ?? options.log)(options.text.kept(where, kept));
      const moved =
        release.previous !== undefined && release.previous !== release.version
          ? `; version ${release.previous} -> ${release.version} (${release.bump})`
          : '';
      options.log(`${where}: wrote ${pkg.config.name} (${pkg.files.size} files${cached})${moved}`);
    }
  }
  const majors = options.check ? [] : releases.filter((r) => r.bump === 'major' && r.previous !== undefined);
  if (majors.some((r) => r.renames)) options.log(MIGRATE_HINT);
  else if (majors.length > 0) options.log(CHANGELOG_HINT);
  return {
    stale,
    written,
    inputs: new Map(packages.map((pkg) => [pkg.config, pkg.inputs.map((input) => input.file)])),
  };
}

/**
 * A package's notes (inferred field selections): one line saying what was inferred and where to
 * read each, or with `verbose` every note, located. A cached result shows them only under
 * `verbose`; a watch round only when they changed since the last shown.
 */
function showNotes(
  pkg: GeneratedPackage & { cached: boolean },
  where: string,
  options: {
    log: (line: string) => void;
    warn?: (line: string) => void;
    text: ReportText;
    verbose?: boolean;
    notesShown?: Map<string, string>;
  },
): void {
  const notes = pkg.report.notes;
  if (notes.length === 0 || (pkg.cached && !options.verbose)) return;
  const lines = options.text.notes(notes, where, pkg.report.selectionsInferred, options.verbose === true);
  const key = lines.join('\n');
  if (options.notesShown?.get(pkg.config.name) === key) return;
  options.notesShown?.set(pkg.config.name, key);
  for (const line of lines) (options.warn ?? options.log)(line);
}

/** What a package's output folder must never swallow, besides the current folder. */
function protectedPaths(config: PackageConfig): { path: string; what: string }[] {
  return isUrl(config.spec) ? [] : [{ path: config.spec, what: `the spec ${shownPath(config.spec)}` }];
}

/** Whether the folder holds exactly these files (and none xgen did not write): writing would change nothing. */
function isUpToDate(out: string, files: Map<string, string>): boolean {
  const staleness = compareWithDisk(out, files);
  return (
    staleness.added.length + staleness.removed.length + staleness.changed.length === 0 &&
    userFiles(out, files).length === 0
  );
}

/** Before anything is generated or written: every output folder may be replaced, and no two overlap. */
function checkOutputs(configs: PackageConfig[]): void {
  for (const config of configs) checkReplaceable(config.out, protectedPaths(config));
  for (const [i, a] of configs.entries()) {
    for (const b of configs.slice(i + 1)) {
      const rel = relative(a.out, b.out);
      const back = relative(b.out, a.out);
      if (rel === '' || !rel.startsWith('..') || !back.startsWith('..')) {
        throw new UsageError(
          `packages ${a.name} and ${b.name} write to overlapping folders (${shownPath(a.out)}, ${shownPath(b.out)})`,
        );
      }
    }
  }
}

/**
 * Enters a package's stages in turn: tells the listener (the status line, --verbose's timings) and
 * lets a test signal the run there (XGEN_SIGNAL_AT, interrupt.ts).
 */
function stageClock(
  pkg: string,
  onStage: StageListener | undefined,
): (stage: Stage | 'done') => Promise<void> {
  let current: { stage: Stage; since: number } | undefined;
  return async (stage) => {
    const now = performance.now();
    if (process.env.XGEN_PROFILE) profileLine(pkg, stage);
    onStage?.(pkg, stage, current && { stage: current.stage, ms: now - current.since });
    current = stage === 'done' ? undefined : { stage, since: now };
    if (stage !== 'done') await stageReached(stage);
  };
}

/**
 * `XGEN_PROFILE=1`: on stderr, as each stage starts, the process's CPU time so far (every thread, not
 * the compiler child) and its memory: what bench/ figures are made of, stage by stage.
 */
function profileLine(pkg: string, stage: Stage | 'done'): void {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  const at = `${Math.round(performance.now())} ms, cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms`;
  process.stderr.write(
    `xgen profile: ${pkg} ${stage} at ${at}, rss ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}, external ${mb(memory.external)}, peak ${mb(process.resourceUsage().maxRSS * 1024)}\n`,
  );
}
