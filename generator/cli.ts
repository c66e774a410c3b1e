#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ResultCache } from './cache/result-cache.ts';
import type { PackageConfig } from './config.ts';
import { CompileError, OutputError, SpecError, SpecErrors, UsageError } from './errors.ts';
import { keepEmitThreads, prestartEmitThreads, stopIdleEmitThreads, warnThreadFailures } from './emit/index.ts';
import { exitWhenFlushed } from './exit.ts';
import type { StageListener } from './generate.ts';
import { hasUserInfo, isUrl, redactUrls, shownUrl, USER_INFO_REFUSED } from './urls.ts';
import { Progress } from './progress.ts';
import { handleSignals, Interrupted, signalExitCode } from './interrupt.ts';

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

const generateHelp = (): string => `Usage:
${GENERATE_USAGE}

Generates every package xgen.config.yaml (or --config: YAML or JSON) lists, or one package from --spec.
${optionLines('generate')}

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
${optionLines('diff')}

Exit codes: 0 done, 1 a spec problem or a --fail-on level reached, 2 a usage error (a missing spec too).`;

const migrateHelp = async (): Promise<string> => {
  const { MIGRATE_ABOUT, MIGRATE_EXIT_CODES, MIGRATE_USAGE } = await import('./migrate/command.ts');
  return `Usage:\n  ${MIGRATE_USAGE}\n\n${MIGRATE_ABOUT}\n${optionLines('migrate')}\n\n${MIGRATE_EXIT_CODES}`;
};

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
 * A flag a command takes: `value` flags are `--name <placeholder>` or `--name=<value>`, the others are
 * switches; a `toggle` switch also takes `--name=true` or `--name=false`; `choices` are the only values
 * a flag takes; an `alias` is another name of the flag it names (left out of the help). `help` is what
 * the help says of it, a line each.
 */
export interface FlagSpec {
  readonly value: boolean;
  readonly placeholder?: string;
  readonly toggle?: boolean;
  readonly choices?: readonly string[];
  readonly alias?: string;
  readonly help: readonly string[];
}

/** The commands, in the order the usage lists them. */
export type CommandName = 'generate' | 'diff' | 'migrate';

/**
 * Every flag of the command line, by command; `global` ones go with any command, or none. The one
 * table that the parser, the "did you mean" suggestions, each command's help and the reference docs
 * read: a flag exists when it is here.
 */
export const FLAGS: { readonly [C in CommandName | 'global']: Readonly<Record<string, FlagSpec>> } = {
  global: {
    help: { value: false, help: ['print the usage, of xgen or of the command (also -h, or xgen help <command>)'] },
    version: { value: false, help: ["print xgen's version (also -v, or xgen version)"] },
    debug: { value: false, help: ['show the stack trace of an unexpected error (also XGEN_DEBUG=1)'] },
  },
  generate: {
    config: { value: true, placeholder: 'file', help: ['the config listing the packages (default xgen.config.yaml; YAML or JSON)'] },
    spec: { value: true, placeholder: 'file', help: ['one spec (a path or an http(s) URL) instead of a config; with --out and --name'] },
    out: { value: true, placeholder: 'dir', help: ["the package's folder (with --spec)"] },
    name: { value: true, placeholder: 'name', help: ["the package's npm name (with --spec)"] },
    client: { value: true, placeholder: 'ClassName', help: ["the client class's name (with --spec; default from --name)"] },
    check: { value: false, help: ['write nothing; exit 1 when the output on disk differs from what the spec generates'] },
    watch: {
      value: false,
      help: [
        'generate, then regenerate a package whenever its spec, overlays or templates change',
        '(a failing regeneration prints its error and leaves the last good package); Ctrl-C ends it',
      ],
    },
    strict: { value: false, toggle: true, help: ['every located warning (a recoverable spec problem) is an error; --strict=false', "turns off a package's `strict: true`"] },
    quiet: { value: false, help: ['print only errors (also --silent)'] },
    silent: { value: false, alias: 'quiet', help: ['the same as --quiet'] },
    verbose: {
      value: false,
      help: ['also print how long each stage of each package took, and each note (an inferred', 'field selection) with its location, where a run prints one line a package'],
    },
    'no-cache': { value: false, help: ['run every stage (also XGEN_CACHE=off)'] },
    'cache-dir': { value: true, placeholder: 'dir', help: ['keep the result cache there (default XGEN_CACHE_DIR, else $XDG_CACHE_HOME/xgen,', 'else ~/.cache/xgen)'] },
  },
  diff: {
    json: { value: false, help: ['print {"bump": ..., "changes": [{"level", "operationId"?, "operationIds"?, "message", "location"?}]}'] },
    'fail-on': { value: true, choices: ['breaking', 'feature'], help: ['exit 1 when a change at that level or above exists (saying so on stderr)'] },
    config: { value: true, placeholder: 'file', help: ["name methods as this xgen config's package does (its `names:`)"] },
    package: { value: true, placeholder: 'name', help: ['the package of that config, when it lists several'] },
  },
  migrate: {
    'dry-run': { value: false, help: ['print the changes as a unified diff; write nothing'] },
    project: { value: true, placeholder: 'file', help: ['the tsconfig.json of the code to migrate (default: tsconfig.json)'] },
    config: { value: true, placeholder: 'file', help: ['the xgen config listing the packages (default: xgen.config.yaml)'] },
    package: { value: true, placeholder: 'name', help: ['only this package of the config'] },
    from: {
      value: true,
      placeholder: 'file|version',
      help: [
        'migrate from this old spec or api-snapshot.json instead of the one kept at the',
        "last major version (with one package: the config's only one, or --package); with",
        'installed packages, the version the code was written for (one package named)',
      ],
    },
    to: { value: true, placeholder: 'file', help: ["migrate to this spec or snapshot instead of the package's own api-snapshot.json"] },
  },
};

/** How many arguments that are not flags each command takes. */
const POSITIONALS: Record<CommandName, number> = { generate: 0, diff: 2, migrate: Infinity };

/** A command's options as its help lists them, from FLAGS (its own, then --debug). */
function optionLines(command: CommandName): string {
  const entries: [string, FlagSpec][] = [...Object.entries(FLAGS[command]), ['debug', FLAGS.global.debug!]];
  const shown = entries.filter(([, spec]) => !spec.alias);
  const label = (name: string, spec: FlagSpec): string => `--${name}${spec.choices ? ` ${spec.choices.join('|')}` : spec.value ? ` <${spec.placeholder ?? 'value'}>` : ''}`;
  const width = Math.max(...shown.map(([name, spec]) => label(name, spec).length)) + 2;
  return shown.map(([name, spec]) => `  ${label(name, spec).padEnd(width)}${spec.help.join(`\n  ${' '.repeat(width)}`)}`).join('\n');
}

/** One subcommand: its help text, and what it does with its flags and other arguments (returns the exit code). */
interface Command {
  help(): Promise<string>;
  run(flags: Flags, positionals: string[], out: Print, err: Print): Promise<number>;
}

const COMMANDS: Record<CommandName, Command> = {
  generate: { help: async () => generateHelp(), run: async (flags, _, out, err) => generate(flags, out, err) },
  diff: {
    help: diffHelp,
    run: async (flags, [old = '', next = ''], out, err) => {
      // A missing spec is a mistake on the command line (exit 2), as it is for generate.
      for (const spec of [old, next]) if (!isUrl(spec) && !existsSync(spec)) throw new UsageError(`${spec}: file not found`);
      const failOn = flags['fail-on'] as 'breaking' | 'feature' | undefined;
      const config = typeof flags.config === 'string' ? flags.config : undefined;
      const packageName = typeof flags.package === 'string' ? flags.package : undefined;
      if (packageName !== undefined && config === undefined) throw new UsageError('--package needs --config');
      const names = config === undefined ? {} : (await configNames())(config, packageName);
      return (await import('./diff/command.ts')).runDiff({ old, new: next, json: flags.json === true, ...(failOn ? { failOn } : {}), names }, out, err);
    },
  },
  migrate: {
    help: migrateHelp,
    run: async (flags, packages, out, err) => {
      const text = (name: string): string | undefined => (typeof flags[name] === 'string' ? flags[name] : undefined);
      const options = { dryRun: flags['dry-run'] === true, project: text('project') ?? 'tsconfig.json', packages };
      const more = Object.fromEntries(['config', 'package', 'from', 'to'].flatMap((name) => (text(name) === undefined ? [] : [[name, text(name)!]])));
      return (await import('./migrate/command.ts')).runMigrate({ ...options, ...more }, out, err);
    },
  },
};

/** For `xgen diff --config`: the `names:` of the package the config lists (`--package` picks one of several). */
async function configNames(): Promise<(config: string, packageName: string | undefined) => Pick<PackageConfig, 'names' | 'namesAt'>> {
  const { readConfig } = await import('./config.ts');
  return (config, packageName) => {
    const packages = readConfig(config);
    const chosen = packageName === undefined ? (packages.length === 1 ? packages[0] : undefined) : packages.find((p) => p.name === packageName);
    const listed = packages.map((p) => p.name).join(', ');
    if (!chosen) throw new UsageError(packageName === undefined ? `${config} lists several packages: name one with --package (${listed})` : `no package "${packageName}" in ${config} (${listed})`);
    return { ...(chosen.names ? { names: chosen.names } : {}), ...(chosen.namesAt ? { namesAt: chosen.namesAt } : {}) };
  };
}

/** A mistake on the command line itself (as opposed to in the config): its message points at the usage. */
class ArgumentError extends UsageError {}

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], out: Print = console.log, printErr: Print = console.error): Promise<number> {
  // Every message, whoever wrote it (fetch, node, a spec), shows URLs without user, password and query.
  const err: Print = (line) => printErr(redactUrls(line));
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
      else if (isCommand(topic)) out(await COMMANDS[topic].help());
      else throw await unknownCommand(topic);
      return 0;
    }
    if (first === '--version' || first === '-v' || first === 'version') {
      out(xgenVersion());
      return 0;
    }
    // A global flag misspelt (`--verison`): told like any other flag.
    if (first.startsWith('-')) await parseFlags('global', [first]);
    if (!isCommand(first)) throw await unknownCommand(first);
    const command = COMMANDS[first];
    commandName = first;
    if (rest.includes('--help') || rest.includes('-h')) {
      out(await command.help());
      return 0;
    }
    const { flags, positionals } = await parseFlags(first, rest);
    if (flags.version) {
      out(xgenVersion());
      return 0;
    }
    return await command.run(flags, positionals, out, err);
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

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
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

/**
 * Reads a command's arguments by FLAGS (its own flags and the global ones) and POSITIONALS; every
 * mistake is an ArgumentError (exit 2), an unknown flag with the nearest known one.
 */
async function parseFlags(command: CommandName | 'global', args: string[]): Promise<{ flags: Flags; positionals: string[] }> {
  const known: Record<string, FlagSpec> = { ...FLAGS.global, ...(command === 'global' ? {} : FLAGS[command]) };
  const flags: Flags = {};
  const positionals: string[] = [];
  const most = command === 'global' ? 0 : POSITIONALS[command];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!match) {
      if (arg.startsWith('-') || positionals.length >= most) throw new ArgumentError(`unexpected argument "${arg}"`);
      positionals.push(arg);
      continue;
    }
    const name = match[1] ?? '';
    const spec = Object.hasOwn(known, name) ? known[name] : undefined;
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
    if (spec.choices && (value === undefined || !spec.choices.includes(value))) {
      throw new ArgumentError(`--${name} takes ${spec.choices.join(' or ')}, got ${value === undefined ? 'nothing' : `"${value}"`}`);
    }
    if (value === undefined || value === '' || value.startsWith('--')) throw new ArgumentError(`--${name} needs a value`);
    flags[name] = value;
  }
  if (command === 'diff' && positionals.length < most) throw new ArgumentError('diff takes two specs, the old and the new');
  return { flags, positionals };
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
  { log, warn, err, onStage, progress }: { log: Print; warn: Print; err: Print; onStage: StageListener; progress: Progress },
): Promise<number> {
  const [{ generateAll }, settings, cache] = await Promise.all([import('./generate.ts'), config(), resultCache(flags)]);
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
    const { watch } = await import('./watch.ts');
    return watch(readPackages, {
      configFile: flags.spec ? undefined : resolve(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml'),
      generate: (configs) => generateAll(configs, { check: false, log, warn, cache, onStage, ...notes }),
      log,
      fail: (error) => progress.around(() => report(error, { debug: false, command: 'generate', err })),
    });
  }
  const configs = readPackages();
  let stale;
  try {
    ({ stale } = await generateAll(configs, { check: flags.check === true, log, warn, cache, onStage, ...notes }));
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
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(spec) && !isUrl(spec)) throw new UsageError(`--spec ${spec}: only http(s) URLs and file paths are read`);
    if (hasUserInfo(spec)) throw new UsageError(`--spec ${shownUrl(spec)}: ${USER_INFO_REFUSED}`);
    if (!isUrl(spec) && !existsSync(spec)) throw new UsageError(`--spec ${spec}: file not found`);
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
 * The `xgen` command as a process: SIGINT and SIGTERM stop it cleanly (interrupt.ts: its
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
    console.error(redactUrls(`xgen: ${error instanceof Error ? error.message : String(error)}`));
    exitWhenFlushed(1);
  });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0');
if (invokedDirectly) runAsProcess(process.argv.slice(2));
