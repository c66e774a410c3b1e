#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ResultCache } from './cache/result-cache.ts';
import { defaultClientName, type PackageConfig, readConfig } from './config.ts';
import { DIFF_USAGE, runDiff } from './diff/command.ts';
import { CompileError, SpecError, SpecErrors, UsageError } from './errors.ts';
import { generateAll } from './generate.ts';

const USAGE = `Usage:
  xgen generate [--config xgen.config.yaml] [--check] [--no-cache | --cache-dir <dir>]
  xgen generate --spec <file> --out <dir> --name <package-name> [--client <ClassName>] [--check]
  ${DIFF_USAGE}

Packages whose inputs are unchanged since a run are taken from the result cache
(node_modules/.cache/xgen, or XGEN_CACHE_DIR); --no-cache or XGEN_CACHE=off runs every stage.

Exit codes: 0 done, 1 a spec or check problem, 2 a usage error.`;

const MAX_SHOWN = 20;

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], out = console.log, err = console.error): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === 'diff') return runDiff(rest, out);
    if (command !== 'generate') throw new UsageError(`unknown command "${command}"`);
    const flags = parseFlags(rest);
    const configs = packagesFrom(flags);
    const { stale } = await generateAll(configs, { check: flags.check === true, log: out, cache: resultCache(flags) });
    if (stale.length > 0) {
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
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`xgen: ${error.message}\n\n${USAGE}`);
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
      return 1;
    }
    if (error instanceof CompileError) {
      err(`xgen: ${error.message}`);
      err('Nothing was written. This is a generator bug: please report it with the spec.');
      return 1;
    }
    throw error;
  }
}

type Flags = Record<string, string | true>;

function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  const valued = new Set(['config', 'spec', 'out', 'name', 'client', 'cache-dir']);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1] ?? '';
    if (name === 'check' || name === 'no-cache') {
      if (match[2] !== undefined) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    if (!valued.has(name)) throw new UsageError(`unknown option --${name}`);
    const value = match[2] ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return flags;
}

/** The result cache to use: `--cache-dir`, else none with `--no-cache` or XGEN_CACHE=off, else XGEN_CACHE_DIR or the project's `node_modules/.cache/xgen`. */
function resultCache(flags: Flags): ResultCache | undefined {
  if (flags['no-cache'] && flags['cache-dir']) throw new UsageError('use either --no-cache or --cache-dir, not both');
  if (typeof flags['cache-dir'] === 'string') return new ResultCache(resolve(flags['cache-dir']));
  if (flags['no-cache'] || process.env.XGEN_CACHE === 'off') return undefined;
  if (process.env.XGEN_CACHE_DIR) return new ResultCache(resolve(process.env.XGEN_CACHE_DIR));
  const modules = resolve('node_modules');
  return existsSync(modules) ? new ResultCache(join(modules, '.cache', 'xgen')) : undefined;
}

function packagesFrom(flags: Flags): PackageConfig[] {
  const single = ['spec', 'out', 'name'].filter((k) => typeof flags[k] === 'string');
  if (single.length > 0) {
    if (flags.config) throw new UsageError('use either --config or --spec/--out/--name, not both');
    const missing = ['spec', 'out', 'name'].filter((k) => typeof flags[k] !== 'string');
    if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
    const name = String(flags.name);
    if (typeof flags.client === 'string' && !/^[A-Za-z_$][\w$]*$/.test(flags.client)) {
      throw new UsageError(`--client must be a class name, got "${flags.client}"`);
    }
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
  if (flags.client) throw new UsageError('--client goes with --spec/--out/--name');
  return readConfig(typeof flags.config === 'string' ? flags.config : 'xgen.config.yaml');
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0');
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
