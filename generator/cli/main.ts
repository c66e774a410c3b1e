#!/usr/bin/env node
// First: V8's optimizing budget is set before anything else loads (see jit-budget.ts).
import '../run/jit-budget.ts';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ArgumentError, didYouMean, parseFlags } from './arguments.ts';
import type { CommandName, Flags, Print } from './flags.ts';
import { generate } from './generate.ts';
import { diffHelp, generateHelp, migrateHelp, usage } from './help.ts';
import { report } from './report.ts';
import { codeCacheLine, enableCodeCache, saveCodeCache, takeCodeCache } from '../code-cache.ts';
import { exitWhenFlushed } from '../exit.ts';
import { redactUrls } from '../urls.ts';
import { handleSignals, interruptedBy, signalExitCode } from '../interrupt.ts';

/*
 * The command line: which command runs, with what, and the process around it. Its parts are in cli/
 * (the flag table, the parser, the help, each command, the error report). Each command's modules are
 * imported when it runs, not with this one: a cold `xgen generate` starts the emit threads
 * (run/emit-threads.ts) before it loads the rest of the generator, so that they load their libraries while
 * this thread loads its own, then the spec.
 */

/** One subcommand: its help text, and what it does with its flags and other arguments (returns the exit code). */
interface Command {
  help(): Promise<string>;
  run(flags: Flags, positionals: string[], out: Print, err: Print): Promise<number>;
}

const COMMANDS: Record<CommandName, Command> = {
  generate: {
    help: async () => generateHelp(),
    run: async (flags, _, out, err) => generate(flags, out, err),
  },
  diff: { help: diffHelp, run: async (...args) => (await import('./diff.ts')).diff(...args) },
  migrate: { help: migrateHelp, run: async (...args) => (await import('./migrate.ts')).migrate(...args) },
};

/** Runs the command line; returns the exit code. */
export async function main(
  argv: string[],
  out: Print = console.log,
  printErr: Print = console.error,
): Promise<number> {
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

async function unknownCommand(name: string): Promise<ArgumentError> {
  const guess = await didYouMean(name, Object.keys(COMMANDS));
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
 * The `xgen` command as a process: SIGINT and SIGTERM stop it cleanly (interrupt.ts: its
 * temporary folders removed, no package replaced after the signal, one line, exit 130 or 143), and
 * it exits only once stdout and stderr have been written out whole, whatever reads them.
 */
export function runAsProcess(argv: string[]): void {
  // The big libraries this thread loads (handlebars' compiler) compile from the code cache.
  enableCodeCache();
  handleSignals((signal) => {
    process.stderr.write(`\r\x1b[K`.repeat(process.stderr.isTTY ? 1 : 0));
    console.error(
      `xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal`,
    );
    exitWhenFlushed(signalExitCode(signal));
  });
  main(argv).then(
    (code) => {
      // This thread's entries, made now that its work compiled what it uses (a first run only); none
      // after a signal (its handler is ending the process), as on the threads (run/thread.ts).
      if (!interruptedBy()) saveCodeCache(takeCodeCache());
      if (process.env.XGEN_PROFILE) console.error(codeCacheLine());
      exitWhenFlushed(code);
    },
    (error: unknown) => {
      console.error(redactUrls(`xgen: ${error instanceof Error ? error.message : String(error)}`));
      exitWhenFlushed(1);
    },
  );
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0');
if (invokedDirectly) runAsProcess(process.argv.slice(2));
