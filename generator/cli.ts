#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ResultCache } from './cache/result-cache.ts';
import { classNameProblem, defaultClientName, didYouMean, type PackageConfig, packageNameProblem, readConfig } from './config.ts';
import { DIFF_USAGE, runDiff } from './diff/command.ts';
import { CompileError, OutputError, SpecError, SpecErrors, UsageError } from './errors.ts';
import { generateAll } from './generate.ts';
import { MIGRATE_HELP, MIGRATE_USAGE, runMigrate } from './migrate/command.ts';

const EXIT_CODES = `Exit codes: 0 done, 1 a spec or check problem, 2 a usage error.
  2 also when the output folder may not or cannot be written (nothing is touched);
  1 also for an unexpected error (a bug: --debug or XGEN_DEBUG=1 shows its stack trace).`;

const GENERATE_USAGE = `  xgen generate [--config xgen.config.yaml] [--check] [--strict] [--no-cache | --cache-dir <dir>]
  xgen generate --spec <file> --out <dir> --name <package-name> [--client <ClassName>] [--check] [--strict]`;

const GENERATE_HELP = `Usage:
${GENERATE_USAGE}

Generates every package xgen.config.yaml (or --config) lists, or one package from --spec.
  --check            write nothing; exit 1 when the output on disk differs from what the spec generates
  --strict           every located warning (a recoverable spec problem) is an error; --strict=false
                     turns off a package's \`strict: true\`
  --no-cache         run every stage (also XGEN_CACHE=off)
  --cache-dir <dir>  keep the result cache there (default node_modules/.cache/xgen, or XGEN_CACHE_DIR)
  --debug            show the stack trace of an unexpected error (also XGEN_DEBUG=1)

Packages whose inputs are unchanged since a run are taken from the result cache.
--out (or a config's out) replaces only a folder xgen generated (it holds a .xgen-generated file),
an empty folder, or a missing one; anything else is refused and left as it is.

${EXIT_CODES}`;

const DIFF_HELP = `Usage:
  ${DIFF_USAGE}

Compares the clients two specs would generate and prints each change a consumer sees (breaking, feature
or patch) and the semver bump they call for: the first line states the bump, then the changes by level.
  --json                     print {"bump": ..., "changes": [{"level", "operationId"?, "message", "location"?}]}
  --fail-on breaking|feature exit 1 when a change at that level or above exists

Exit codes: 0 done, 1 a spec problem or a --fail-on level reached, 2 a usage error.`;

const USAGE = `Usage:
${GENERATE_USAGE}
  ${DIFF_USAGE}
  ${MIGRATE_USAGE}
  xgen help [<command>] | xgen <command> --help
  xgen --version

Packages whose inputs are unchanged since a run are taken from the result cache
(node_modules/.cache/xgen, or XGEN_CACHE_DIR); --no-cache or XGEN_CACHE=off runs every stage.
--debug (or XGEN_DEBUG=1) shows the stack trace of an unexpected error.

${EXIT_CODES}`;

const MAX_SHOWN = 20;

type Print = (line: string) => void;
type Flags = Record<string, string | boolean>;

/**
 * A flag a command takes: `value` flags are `--name value` or `--name=value`, the others are switches;
 * a `toggle` switch also takes `--name=true` or `--name=false`.
 */
interface FlagSpec {
  value: boolean;
  toggle?: boolean;
}

/** One subcommand: its help text, and what it does with its arguments (returns the exit code). */
interface Command {
  help: string;
  run(args: string[], out: Print, err: Print): Promise<number>;
}

const GENERATE_FLAGS: Record<string, FlagSpec> = {
  config: { value: true },
  spec: { value: true },
  out: { value: true },
  name: { value: true },
  client: { value: true },
  check: { value: false },
  strict: { value: false, toggle: true },
  'no-cache': { value: false },
  'cache-dir': { value: true },
};

const COMMANDS: Record<string, Command> = {
  generate: { help: GENERATE_HELP, run: (args, out, err) => generate(parseFlags(args, GENERATE_FLAGS), out, err) },
  // diff reads two positional specs besides its flags, so it parses its own arguments.
  diff: { help: DIFF_HELP, run: async (args, out) => runDiff(args, out) },
  migrate: { help: MIGRATE_HELP, run: (args, out, err) => runMigrate(args, out, err) },
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
      out(USAGE);
      return 2;
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      const topic = rest[0];
      if (topic === undefined) out(USAGE);
      else if (COMMANDS[topic]) out(COMMANDS[topic].help);
      else throw unknownCommand(topic);
      return 0;
    }
    if (first === '--version' || first === '-v' || first === 'version') {
      out(xgenVersion());
      return 0;
    }
    const command = COMMANDS[first];
    if (!command) throw unknownCommand(first);
    commandName = first;
    if (rest.includes('--help') || rest.includes('-h')) {
      out(command.help);
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
    err('Nothing was written.');
    return 1;
  }
  if (error instanceof SpecError) {
    err(error.message);
    err('Nothing was written.');
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

function unknownCommand(name: string): ArgumentError {
  const guess = didYouMean(name, Object.keys(COMMANDS));
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

function parseFlags(args: string[], known: Record<string, FlagSpec>): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new ArgumentError(`unexpected argument "${arg}"`);
    const name = match[1] ?? '';
    const spec = known[name];
    if (!spec) {
      const guess = didYouMean(name, Object.keys(known));
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
  // --strict (or --strict=false) overrides every package's own `strict`.
  const strict = flags.strict;
  const configs = packagesFrom(flags).map((c) => (typeof strict === 'boolean' ? { ...c, strict } : c));
  const { stale } = await generateAll(configs, { check: flags.check === true, log: out, warn: err, cache: resultCache(flags) });
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

/** The result cache to use: `--cache-dir`, else none with `--no-cache` or XGEN_CACHE=off, else XGEN_CACHE_DIR or the project's `node_modules/.cache/xgen`. */
function resultCache(flags: Flags): ResultCache | undefined {
  if (flags['no-cache'] && flags['cache-dir']) throw new ArgumentError('use either --no-cache or --cache-dir, not both');
  if (typeof flags['cache-dir'] === 'string') return new ResultCache(resolve(flags['cache-dir']));
  if (flags['no-cache'] || process.env.XGEN_CACHE === 'off') return undefined;
  if (process.env.XGEN_CACHE_DIR) return new ResultCache(resolve(process.env.XGEN_CACHE_DIR));
  const modules = resolve('node_modules');
  return existsSync(modules) ? new ResultCache(join(modules, '.cache', 'xgen')) : undefined;
}

function packagesFrom(flags: Flags): PackageConfig[] {
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
    return [
      {
        spec: resolve(String(flags.spec)),
        out: resolve(String(flags.out)),
        name,
        client: typeof flags.client === 'string' ? flags.client : defaultClientName(name),
        templates: {},
      },
    ];
  }
  if (flags.client) throw new ArgumentError('--client goes with --spec/--out/--name');
  return readConfig(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml');
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0');
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`xgen: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
