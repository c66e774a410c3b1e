#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ResultCache } from './cache/result-cache.ts';
import type { PackageConfig } from './config.ts';
import { CompileError, OutputError, SpecError, SpecErrors, UsageError } from './errors.ts';
import { keepEmitThreads, prestartEmitThreads, stopIdleEmitThreads } from './emit/index.ts';
import { exitWhenFlushed } from './exit.ts';
import type { StageListener } from './generate.ts';
import { isUrl } from './urls.ts';
import { Progress } from './progress.ts';
import { handleSignals, Interrupted, signalExitCode } from './write/interrupt.ts';

/*
 * Each command's modules are imported when it runs, not with this one: a cold `xgen generate`
 * starts the emit threads (emit/index.ts) before it loads the rest of the generator, so that they
 * load their libraries while this thread loads its own, then the spec.
 */
const config = () => import('./config.ts');

const EXIT_CODES = `Exit codes: 0 done, 1 a spec or check problem, 2 a usage error.
  2 also when the output folder may not or cannot be written (nothing is touched);
  1 also for an unexpected error (a bug: --debug or XGEN_DEBUG=1 shows its stack trace).`;

const GENERATE_USAGE = `  xgen generate [--config xgen.config.yaml] [--check | --watch] [--strict] [--no-cache | --cache-dir <dir>] [--quiet | --verbose]
  xgen generate --spec <file or http(s) URL> --out <dir> --name <package-name> [--client <ClassName>] [options above]`;

const GENERATE_HELP = `Usage:
${GENERATE_USAGE}

Generates every package xgen.config.yaml (or --config: YAML or JSON) lists, or one package from --spec.
  --check            write nothing; exit 1 when the output on disk differs from what the spec generates
  --watch            generate, then regenerate a package whenever its spec, overlays or templates change
                     (a failing regeneration prints its error and leaves the last good package); Ctrl-C ends it
  --strict           every located warning (a recoverable spec problem) is an error; --strict=false
                     turns off a package's \`strict: true\`
  --quiet            print only errors (also --silent)
  --verbose          also print how long each stage of each package took
  --no-cache         run every stage (also XGEN_CACHE=off)
  --cache-dir <dir>  keep the result cache there (default XGEN_CACHE_DIR, else $XDG_CACHE_HOME/xgen,
                     else ~/.cache/xgen)
  --debug            show the stack trace of an unexpected error (also XGEN_DEBUG=1)

A spec given by http(s) URL is fetched (30 s timeout, XGEN_FETCH_TIMEOUT_MS; 64 MB at most); its
relative $refs are fetched from the same origin only. Packages whose inputs (spec texts included)
are unchanged since a run are taken from the result cache.
--out (or a config's out) replaces only a folder xgen generated (it holds a .xgen-generated file),
an empty folder, or a missing one; anything else is refused and left as it is. In a folder it
generated, xgen removes the files it wrote before and no longer writes, and keeps any other file
(with a warning naming it). On a terminal, each package shows its current stage while it runs.
SIGINT (Ctrl-C) or SIGTERM stops a run: its temporary folders are removed, no package is replaced
after the signal, and it exits 130 (SIGINT) or 143 (SIGTERM).

${EXIT_CODES}`;

const diffHelp = async (): Promise<string> => `Usage:
  ${(await import('./diff/command.ts')).DIFF_USAGE}

Compares the clients two specs would generate and prints each change a consumer sees (breaking, feature
or patch), each cause once, and the semver bump: first the bump and counts, then renames, breaking, features, patches.
  --json                     print {"bump": ..., "changes": [{"level", "operationId"?, "operationIds"?, "message", "location"?}]}
  --fail-on breaking|feature exit 1 when a change at that level or above exists (saying so on stderr)

Exit codes: 0 done, 1 a spec problem or a --fail-on level reached, 2 a usage error.`;

const usage = async (): Promise<string> => `Usage:
${GENERATE_USAGE}
  ${(await import('./diff/command.ts')).DIFF_USAGE}
  ${(await import('./migrate/command.ts')).MIGRATE_USAGE}
  xgen help [<command>] | xgen <command> --help
  xgen --version

Packages whose inputs are unchanged since a run are taken from the result cache
(XGEN_CACHE_DIR, else $XDG_CACHE_HOME/xgen, else ~/.cache/xgen); --no-cache or XGEN_CACHE=off runs every stage.
--debug (or XGEN_DEBUG=1) shows the stack trace of an unexpected error.

${EXIT_CODES}`;

const MAX_SHOWN = 20;

type Print = (line: string) => void;
type Flags = Record<string, string | boolean>;

/**
 * A flag a command takes: `value` flags are `--name value` or `--name=value`, the others are switches;
 * a `toggle` switch also takes `--name=true` or `--name=false`.
 */
export interface FlagSpec {
  value: boolean;
  toggle?: boolean;
}

/** One subcommand: its help text, and what it does with its arguments (returns the exit code). */
interface Command {
  help(): Promise<string>;
  run(args: string[], out: Print, err: Print): Promise<number>;
}

export const GENERATE_FLAGS: Record<string, FlagSpec> = {
  config: { value: true },
  spec: { value: true },
  out: { value: true },
  name: { value: true },
  client: { value: true },
  check: { value: false },
  strict: { value: false, toggle: true },
  'no-cache': { value: false },
  'cache-dir': { value: true },
  watch: { value: false },
  quiet: { value: false },
  silent: { value: false },
  verbose: { value: false },
};

const COMMANDS: Record<string, Command> = {
  generate: { help: async () => GENERATE_HELP, run: async (args, out, err) => generate(await parseFlags(args, GENERATE_FLAGS), out, err) },
  // diff reads two positional specs besides its flags, so it parses its own arguments.
  diff: { help: diffHelp, run: async (args, out, err) => (await import('./diff/command.ts')).runDiff(args, out, err) },
  migrate: { help: async () => (await import('./migrate/command.ts')).MIGRATE_HELP, run: async (args, out, err) => (await import('./migrate/command.ts')).runMigrate(args, out, err) },
};

/** A mistake on the command line itself (as opposed to in the config): its message points at the usage. */
class ArgumentError extends UsageError {}

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], out: Print = console.log, err: Print = console.error): Promise<number> {
  const debug = argv.includes('--debug') || ['1', 'true'].includes(process.env.XGEN_DEBUG ?? '');
  const args = argv.filter((a) => a !== '--debug');
  let commandName: string | undefined;
  try {
    const [first, ...rest] = args;
    if (first === undefined) {
      out(await usage());
      return 2;
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      const topic = rest[0];
      if (topic === undefined) out(await usage());
      else if (COMMANDS[topic]) out(await COMMANDS[topic].help());
      else throw await unknownCommand(topic);
      return 0;
    }
    if (first === '--version' || first === '-v' || first === 'version') {
      out(xgenVersion());
      return 0;
    }
    const command = COMMANDS[first];
    if (!command) throw await unknownCommand(first);
    commandName = first;
    if (rest.includes('--help') || rest.includes('-h')) {
      out(await command.help());
      return 0;
    }
    return await command.run(rest, out, err);
  } catch (error) {
    return report(error, { debug, command: commandName, err });
  }
}

/** Prints an error the way its kind calls for and returns the exit code (exported for its tests). */
export function report(error: unknown, { debug, command, err }: { debug: boolean; command: string | undefined; err: Print }): number {
  const trace = () => {
    if (debug && error instanceof Error && error.stack) err(error.stack);
  };
  // Stopped by a signal: its handler has printed the one line (runAsProcess).
  if (error instanceof Interrupted) return signalExitCode(error.signal);
  if (error instanceof UsageError) {
    err(`xgen: ${error.message}`);
    if (error instanceof ArgumentError) err(`Run "xgen help${command ? ` ${command}` : ''}" for usage.`);
    trace();
    return 2;
  }
  if (error instanceof OutputError) {
    err(`xgen: ${error.message}`);
    trace();
    return 2;
  }
  if (error instanceof SpecErrors) {
    error.errors.slice(0, MAX_SHOWN).forEach((e) => err(e.message));
    if (error.errors.length > MAX_SHOWN) err(`... and ${error.errors.length - MAX_SHOWN} more problems`);
    err(command === 'diff' ? 'The specs were not compared.' : 'Nothing was written.');
    return 1;
  }
  if (error instanceof SpecError) {
    err(error.message);
    err(command === 'diff' ? 'The specs were not compared.' : 'Nothing was written.');
    trace();
    return 1;
  }
  if (error instanceof CompileError) {
    err(`xgen: ${error.message}`);
    err('Nothing was written. This is a generator bug: please report it with the spec.');
    trace();
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (debug) {
    err(error instanceof Error && error.stack ? error.stack : message);
    return 1;
  }
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno)) {
    // The file system refused something outside the output folder (a spec, the cache): not a bug.
    err(`xgen: ${message.split('\n')[0]}`);
    return 1;
  }
  err(`xgen: unexpected error: ${message.split('\n')[0]}`);
  err('This is a bug in xgen. Re-run with --debug (or XGEN_DEBUG=1) to see its stack trace, and please report it.');
  return 1;
}

async function unknownCommand(name: string): Promise<ArgumentError> {
  const guess = (await config()).didYouMean(name, Object.keys(COMMANDS));
  return new ArgumentError(`unknown command "${name}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
}

/** xgen's own version, from its package.json (beside generator/ in a checkout, two up from dist/generator/ when built). */
function xgenVersion(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'xgen' && pkg.version) return pkg.version;
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}

async function parseFlags(args: string[], known: Record<string, FlagSpec>): Promise<Flags> {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new ArgumentError(`unexpected argument "${arg}"`);
    const name = match[1] ?? '';
    const spec = known[name];
    if (!spec) {
      const guess = (await config()).didYouMean(name, Object.keys(known));
      throw new ArgumentError(`unknown option --${name}${guess ? ` (did you mean --${guess}?)` : ''}`);
    }
    if (spec.toggle) {
      if (match[2] !== undefined && match[2] !== 'true' && match[2] !== 'false') throw new ArgumentError(`--${name} takes true or false`);
      flags[name] = match[2] !== 'false';
      continue;
    }
    if (!spec.value) {
      if (match[2] !== undefined) throw new ArgumentError(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    const value = match[2] ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new ArgumentError(`--${name} needs a value`);
    flags[name] = value;
  }
  return flags;
}

async function generate(flags: Flags, out: Print, err: Print): Promise<number> {
  const quiet = flags.quiet === true || flags.silent === true;
  if (quiet && flags.verbose) throw new ArgumentError('use either --quiet or --verbose, not both');
  if (flags.watch && flags.check) throw new ArgumentError('use either --watch or --check, not both');
  const verbose = flags.verbose === true || ['1', 'true'].includes(process.env.XGEN_TIMING ?? '');
  // The status line (a terminal only) steps aside for every other line.
  const progress = Progress.forTerminal(quiet);
  const log: Print = quiet ? () => {} : (line) => progress.around(() => out(line));
  const warn: Print = quiet ? () => {} : (line) => progress.around(() => err(line));
  const onStage: StageListener = (pkg, stage, previous) => {
    if (verbose && previous) progress.around(() => err(`${pkg} ${previous.stage}: ${previous.ms.toFixed(0)} ms`));
    if (stage === 'done') progress.finish(pkg);
    else progress.stage(pkg, stage);
  };
  if (flags['no-cache'] && flags['cache-dir']) throw new ArgumentError('use either --no-cache or --cache-dir, not both');
  // Without the result cache every package is generated: the emit threads start before the rest
  // of the generator loads. They end with the last package emitted, or below if none was.
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
  { log, warn, err, onStage, progress }: { log: Print; warn: Print; err: Print; onStage: StageListener; progress: Progress },
): Promise<number> {
  const [{ generateAll }, settings, cache] = await Promise.all([import('./generate.ts'), config(), resultCache(flags)]);
  const readPackages = () => {
    // --strict (or --strict=false) overrides every package's own `strict`.
    const strict = flags.strict;
    return packagesFrom(flags, settings).map((c) => (typeof strict === 'boolean' ? { ...c, strict } : c));
  };
  if (flags.watch) {
    // Each regeneration finds the emit threads' libraries loaded.
    keepEmitThreads();
    const { watch } = await import('./watch.ts');
    return watch(readPackages, {
      configFile: flags.spec ? undefined : resolve(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml'),
      generate: (configs) => generateAll(configs, { check: false, log, warn, cache, onStage }),
      log,
      fail: (error) => progress.around(() => report(error, { debug: false, command: 'generate', err })),
    });
  }
  const configs = readPackages();
  let stale;
  try {
    ({ stale } = await generateAll(configs, { check: flags.check === true, log, warn, cache, onStage }));
  } finally {
    progress.clear();
  }
  if (stale.length === 0) return 0;
  for (const { out: where, staleness } of stale) {
    err(`${where} is stale: ${staleness.changed.length} changed, ${staleness.added.length} missing, ${staleness.removed.length} extra`);
    const lines = [
      ...staleness.changed.map((f) => `  changed  ${f}`),
      ...staleness.added.map((f) => `  missing  ${f}`),
      ...staleness.removed.map((f) => `  extra    ${f}`),
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
  const { defaultCacheDir, ResultCache } = await import('./cache/result-cache.ts');
  return new ResultCache(typeof flags['cache-dir'] === 'string' ? resolve(flags['cache-dir']) : defaultCacheDir());
}

function packagesFrom(flags: Flags, { classNameProblem, defaultClientName, packageNameProblem, readConfig }: typeof import('./config.ts')): PackageConfig[] {
  const single = ['spec', 'out', 'name'].filter((k) => typeof flags[k] === 'string');
  if (single.length > 0) {
    if (flags.config) throw new ArgumentError('use either --config or --spec/--out/--name, not both');
    const missing = ['spec', 'out', 'name'].filter((k) => typeof flags[k] !== 'string');
    if (missing.length > 0) throw new ArgumentError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
    const name = String(flags.name);
    const nameProblem = packageNameProblem(name);
    if (nameProblem) throw new ArgumentError(`--name "${name}" is not a valid npm package name: ${nameProblem}`);
    const clientProblem = typeof flags.client === 'string' ? classNameProblem(flags.client) : undefined;
    if (clientProblem) throw new ArgumentError(`--client ${clientProblem}`);
    const spec = String(flags.spec);
    // A missing spec is a mistake on the command line (exit 2), not a problem in a spec.
    if (!isUrl(spec) && !existsSync(spec)) throw new UsageError(`--spec ${spec}: file not found`);
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(spec) && !isUrl(spec)) throw new UsageError(`--spec ${spec}: only http(s) URLs and file paths are read`);
    return [
      {
        spec: isUrl(spec) ? spec : resolve(spec),
        out: resolve(String(flags.out)),
        name,
        client: typeof flags.client === 'string' ? flags.client : defaultClientName(name),
        templates: {},
      },
    ];
  }
  if (flags.client) throw new ArgumentError('--client goes with --spec/--out/--name');
  return readConfig(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml', { specsMustExist: true });
}

/**
 * The `xgen` command as a process: SIGINT and SIGTERM stop it cleanly (write/interrupt.ts: its
 * temporary folders removed, no package replaced after the signal, one line, exit 130 or 143), and
 * it exits only once stdout and stderr have been written out whole, whatever reads them.
 */
export function runAsProcess(argv: string[]): void {
  handleSignals((signal) => {
    process.stderr.write(`\r\x1b[K`.repeat(process.stderr.isTTY ? 1 : 0));
    console.error(`xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal`);
    exitWhenFlushed(signalExitCode(signal));
  });
  main(argv).then(exitWhenFlushed, (error: unknown) => {
    console.error(`xgen: ${error instanceof Error ? error.message : String(error)}`);
    exitWhenFlushed(1);
  });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0');
if (invokedDirectly) runAsProcess(process.argv.slice(2));
