import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ResultCache } from '../cache/result-cache.ts';
import { defaultCacheDir } from '../cache-folder.ts';
import type { PackageConfig } from '../config.ts';
// The threads' own modules, not the emit stage's (run/emit.ts loads the runtime's renderer):
// the threads start before the rest of the generator loads.
import { warnThreadFailures } from '../run/thread.ts';
import { keepEmitThreads, prestartEmitThreads, stopIdleEmitThreads } from '../run/emit-threads.ts';
import { builtinSpec, builtinSpecNames, isBuiltinSpecName } from '../builtin-specs.ts';
import { UsageError } from '../errors.ts';
import type { StageListener } from '../generate.ts';
import { Progress } from '../progress.ts';
import { hasUserInfo, isUrl, shownUrl, USER_INFO_REFUSED } from '../urls.ts';
import { ArgumentError } from './arguments.ts';
import type { Flags, Print } from './flags.ts';
import { MAX_SHOWN, report, REPORT_TEXT } from './report.ts';

/** `xgen generate`: the packages of a config, or the one of --spec, generated, checked (--check) or watched. */
export async function generate(flags: Flags, out: Print, err: Print): Promise<number> {
  const quiet = flags.quiet === true || flags.silent === true;
  if (quiet && flags.verbose) throw new ArgumentError('use either --quiet or --verbose, not both');
  if (flags.watch && flags.check) throw new ArgumentError('use either --watch or --check, not both');
  const verbose = flags.verbose === true || ['1', 'true'].includes(process.env.XGEN_TIMING ?? '');
  // The status line (a terminal only) steps aside for every other line.
  const progress = Progress.forTerminal(quiet);
  const log: Print = quiet ? () => {} : (line) => progress.around(() => out(line));
  const warn: Print = quiet ? () => {} : (line) => progress.around(() => err(line));
  const onStage: StageListener = (pkg, stage, previous) => {
    if (verbose && previous)
      progress.around(() => err(`${pkg} ${previous.stage}: ${previous.ms.toFixed(0)} ms`));
    if (stage === 'done') progress.finish(pkg);
    else progress.stage(pkg, stage);
  };
  if (flags['no-cache'] && flags['cache-dir'])
    throw new ArgumentError('use either --no-cache or --cache-dir, not both');
  // Without the result cache every package is generated: the emit threads start before the rest
  // of the generator loads. They end with the last package emitted, or below if none was.
  warnThreadFailures(verbose ? warn : undefined);
  if (!usesCache(flags)) prestartEmitThreads();
  try {
    return await generateWith(flags, { log, warn, err, onStage, progress });
  } finally {
    stopIdleEmitThreads();
  }
}

/** `generate` once the flags are read: the packages generated (or watched), and what is stale under --check. */
async function generateWith(
  flags: Flags,
  {
    log,
    warn,
    err,
    onStage,
    progress,
  }: { log: Print; warn: Print; err: Print; onStage: StageListener; progress: Progress },
): Promise<number> {
  const [{ generateAll }, settings, cache] = await Promise.all([
    import('../generate.ts'),
    import('../config.ts'),
    resultCache(flags),
  ]);
  // Notes print once: every located one under --verbose, else a line a package; a watch round repeats none.
  const notes = { verbose: flags.verbose === true, notesShown: new Map<string, string>() };
  const readPackages = () => {
    // --strict (or --strict=false) overrides every package's own `strict`.
    const strict = flags.strict;
    return packagesFrom(flags, settings).map((c) => (typeof strict === 'boolean' ? { ...c, strict } : c));
  };
  if (flags.watch) {
    // Each regeneration finds the emit threads' libraries loaded.
    keepEmitThreads();
    const { watch } = await import('../watch.ts');
    return watch(readPackages, {
      configFile: flags.spec
        ? undefined
        : resolve(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml'),
      generate: (configs) =>
        generateAll(configs, { check: false, log, warn, text: REPORT_TEXT, cache, onStage, ...notes }),
      log,
      fail: (error) => progress.around(() => report(error, { debug: false, command: 'generate', err })),
    });
  }
  const configs = readPackages();
  let stale;
  try {
    ({ stale } = await generateAll(configs, {
      check: flags.check === true,
      log,
      warn,
      text: REPORT_TEXT,
      cache,
      onStage,
      ...notes,
    }));
  } finally {
    progress.clear();
  }
  if (stale.length === 0) return 0;
  for (const { out: where, staleness } of stale) {
    err(
      `${where} is stale: ${staleness.changed.length} changed, ${staleness.added.length} missing, ${staleness.removed.length} extra`,
    );
    // The package's own top-level files first: they say what moved (version, changelog, snapshot).
    const lines = [
      ...topLevelFirst(staleness.changed).map((f) => `  changed  ${f}`),
      ...topLevelFirst(staleness.added).map((f) => `  missing  ${f}`),
      ...topLevelFirst(staleness.removed).map((f) => `  extra    ${f}`),
    ];
    lines.slice(0, MAX_SHOWN).forEach((l) => err(l));
    if (lines.length > MAX_SHOWN) err(`  ... and ${lines.length - MAX_SHOWN} more`);
  }
  err('Run `npm run generate` to regenerate.');
  return 1;
}

/** Whether a run uses the result cache: with `--cache-dir`, else unless `--no-cache` or XGEN_CACHE=off. */
function usesCache(flags: Flags): boolean {
  return typeof flags['cache-dir'] === 'string' || !(flags['no-cache'] || process.env.XGEN_CACHE === 'off');
}

/** The result cache to use: `--cache-dir`, else none with `--no-cache` or XGEN_CACHE=off, else the default place (`defaultCacheDir`). */
async function resultCache(flags: Flags): Promise<ResultCache | undefined> {
  if (!usesCache(flags)) return undefined;
  const { ResultCache } = await import('../cache/result-cache.ts');
  return new ResultCache(
    typeof flags['cache-dir'] === 'string' ? resolve(flags['cache-dir']) : defaultCacheDir(),
  );
}

function packagesFrom(
  flags: Flags,
  { classNameProblem, defaultClientName, packageNameProblem, readConfig }: typeof import('../config.ts'),
): PackageConfig[] {
  const single = ['spec', 'out', 'name'].filter((k) => typeof flags[k] === 'string');
  if (single.length > 0) {
    if (flags.config) throw new ArgumentError('use either --config or --spec/--out/--name, not both');
    const missing = ['spec', 'out', 'name'].filter((k) => typeof flags[k] !== 'string');
    if (missing.length > 0) throw new ArgumentError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
    const name = String(flags.name);
    const nameProblem = packageNameProblem(name);
    if (nameProblem)
      throw new ArgumentError(`--name "${name}" is not a valid npm package name: ${nameProblem}`);
    const clientProblem = typeof flags.client === 'string' ? classNameProblem(flags.client) : undefined;
    if (clientProblem) throw new ArgumentError(`--client ${clientProblem}`);
    let spec = String(flags.spec);
    let client = typeof flags.client === 'string' ? flags.client : defaultClientName(name);
    if (isBuiltinSpecName(spec)) {
      const builtin = builtinSpec(spec);
      if (!builtin) throw new UsageError(`--spec ${spec}: xgen ships ${builtinSpecNames()}`);
      spec = builtin.path;
      if (typeof flags.client !== 'string') client = builtin.client;
    }
    // A missing spec is a mistake on the command line (exit 2), not a problem in a spec.
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(spec) && !isUrl(spec))
      throw new UsageError(`--spec ${spec}: only http(s) URLs and file paths are read`);
    if (hasUserInfo(spec)) throw new UsageError(`--spec ${shownUrl(spec)}: ${USER_INFO_REFUSED}`);
    if (!isUrl(spec) && !existsSync(spec)) throw new UsageError(`--spec ${spec}: file not found`);
    return [
      {
        spec: isUrl(spec) ? spec : resolve(spec),
        out: resolve(String(flags.out)),
        name,
        client,
        templates: {},
      },
    ];
  }
  if (flags.client) throw new ArgumentError('--client goes with --spec/--out/--name');
  return readConfig(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml', {
    specsMustExist: true,
  });
}

/** Files at the package's root before those in folders, each part in its given order. */
function topLevelFirst(files: readonly string[]): string[] {
  return [...files.filter((f) => !f.includes('/')), ...files.filter((f) => f.includes('/'))];
}
