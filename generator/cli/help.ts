import { type CommandName, FLAGS, type FlagSpec } from './flags.ts';

const EXIT_CODES = `Exit codes: 0 done, 1 a spec or check problem, 2 a usage error.
  2 also when the output folder may not or cannot be written (nothing is touched);
  1 also for an unexpected error (a bug: --debug or XGEN_DEBUG=1 shows its stack trace).`;

const GENERATE_USAGE = `  xgen generate [--config xgen.config.yaml] [--check | --watch] [--strict] [--no-cache | --cache-dir <dir>] [--quiet | --verbose]
  xgen generate --spec <file or http(s) URL> --out <dir> --name <package-name> [--client <ClassName>] [options above]`;

export const generateHelp = (): string => `Usage:
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

export const diffHelp = async (): Promise<string> => `Usage:
  ${(await import('../diff/command.ts')).DIFF_USAGE}

Compares the clients two specs would generate and prints each change a consumer sees (breaking, feature
or patch), each cause once, and the semver bump: first the bump and counts, then renames, breaking, features, patches.
${optionLines('diff')}

Exit codes: 0 done, 1 a spec problem or a --fail-on level reached, 2 a usage error (a missing spec too).`;

export const migrateHelp = async (): Promise<string> => {
  const { MIGRATE_ABOUT, MIGRATE_EXIT_CODES, MIGRATE_USAGE } = await import('../migrate/command.ts');
  return `Usage:\n  ${MIGRATE_USAGE}\n\n${MIGRATE_ABOUT}\n${optionLines('migrate')}\n\n${MIGRATE_EXIT_CODES}`;
};

export const usage = async (): Promise<string> => `Usage:
${GENERATE_USAGE}
  ${(await import('../diff/command.ts')).DIFF_USAGE}
  ${(await import('../migrate/command.ts')).MIGRATE_USAGE}
  xgen help [<command>] | xgen <command> --help
  xgen --version

Packages whose inputs are unchanged since a run are taken from the result cache
(XGEN_CACHE_DIR, else $XDG_CACHE_HOME/xgen, else ~/.cache/xgen); --no-cache or XGEN_CACHE=off runs every stage.
--debug (or XGEN_DEBUG=1) shows the stack trace of an unexpected error.

${EXIT_CODES}`;

/** A command's options as its help lists them, from FLAGS (its own, then --debug). */
function optionLines(command: CommandName): string {
  const entries: [string, FlagSpec][] = [...Object.entries(FLAGS[command]), ['debug', FLAGS.global.debug!]];
  const shown = entries.filter(([, spec]) => !spec.alias);
  const label = (name: string, spec: FlagSpec): string =>
    `--${name}${spec.choices ? ` ${spec.choices.join('|')}` : spec.value ? ` <${spec.placeholder ?? 'value'}>` : ''}`;
  const width = Math.max(...shown.map(([name, spec]) => label(name, spec).length)) + 2;
  return shown
    .map(
      ([name, spec]) => `  ${label(name, spec).padEnd(width)}${spec.help.join(`\n  ${' '.repeat(width)}`)}`,
    )
    .join('\n');
}
