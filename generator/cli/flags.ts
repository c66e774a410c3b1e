/** A line of output (stdout or stderr). */
export type Print = (line: string) => void;
/** A command's flags as read: a value flag's text, a switch's true (or a toggle's false). */
export type Flags = Record<string, string | boolean>;

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
    help: {
      value: false,
      help: ['print the usage, of xgen or of the command (also -h, or xgen help <command>)'],
    },
    version: { value: false, help: ["print xgen's version (also -v, or xgen version)"] },
    debug: { value: false, help: ['show the stack trace of an unexpected error (also XGEN_DEBUG=1)'] },
  },
  generate: {
    config: {
      value: true,
      placeholder: 'file',
      help: ['the config listing the packages (default xgen.config.yaml; YAML or JSON)'],
    },
    spec: {
      value: true,
      placeholder: 'file',
      help: [
        'one spec (a path, an http(s) URL, or xgen:core-v2 / xgen:ads-v12, the X specs xgen',
        'ships) instead of a config; with --out and --name',
      ],
    },
    out: { value: true, placeholder: 'dir', help: ["the package's folder (with --spec)"] },
    name: { value: true, placeholder: 'name', help: ["the package's npm name (with --spec)"] },
    client: {
      value: true,
      placeholder: 'ClassName',
      help: ["the client class's name (with --spec; default from --name)"],
    },
    check: {
      value: false,
      help: ['write nothing; exit 1 when the output on disk differs from what the spec generates'],
    },
    watch: {
      value: false,
      help: [
        'generate, then regenerate a package whenever its spec, overlays or templates change',
        '(a failing regeneration prints its error and leaves the last good package); Ctrl-C ends it',
      ],
    },
    strict: {
      value: false,
      toggle: true,
      help: [
        'every located warning (a recoverable spec problem) is an error; --strict=false',
        "turns off a package's `strict: true`",
      ],
    },
    quiet: { value: false, help: ['print only errors (also --silent)'] },
    silent: { value: false, alias: 'quiet', help: ['the same as --quiet'] },
    verbose: {
      value: false,
      help: [
        'also print how long each stage of each package took, and each note (an inferred',
        'field selection) with its location, where a run prints one line a package',
      ],
    },
    'no-cache': { value: false, help: ['run every stage (also XGEN_CACHE=off)'] },
    'cache-dir': {
      value: true,
      placeholder: 'dir',
      help: [
        'keep the result cache there (default XGEN_CACHE_DIR, else $XDG_CACHE_HOME/xgen,',
        'else ~/.cache/xgen)',
      ],
    },
  },
  diff: {
    base: {
      value: true,
      placeholder: 'ref',
      help: [
        'compare the one spec given with itself at this git revision (and every file it $refs),',
        'as `git show <ref>:<file>` reads it; an old spec may also be `-` (stdin) or a FIFO',
        '(`<(git show HEAD~1:spec/x.yaml)`)',
      ],
    },
    json: {
      value: false,
      help: [
        'print {"bump": ..., "changes": [{"level", "operationId"?, "operationIds"?, "message", "location"?,',
        '"rename"?: {"kind", "from", "to"}}]}',
      ],
    },
    'fail-on': {
      value: true,
      choices: ['breaking', 'feature'],
      help: ['exit 1 when a change at that level or above exists (saying so on stderr)'],
    },
    config: {
      value: true,
      placeholder: 'file',
      help: ["name methods as this xgen config's package does (its `names:`)"],
    },
    package: {
      value: true,
      placeholder: 'name',
      help: ['the package of that config, when it lists several'],
    },
  },
  migrate: {
    'dry-run': { value: false, help: ['print the changes as a unified diff; write nothing'] },
    project: {
      value: true,
      placeholder: 'file',
      help: ['the tsconfig.json of the code to migrate (default: tsconfig.json)'],
    },
    config: {
      value: true,
      placeholder: 'file',
      help: ['the xgen config listing the packages (default: xgen.config.yaml)'],
    },
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
    to: {
      value: true,
      placeholder: 'file',
      help: ["migrate to this spec or snapshot instead of the package's own api-snapshot.json"],
    },
  },
};

/** How many arguments that are not flags each command takes. */
export const POSITIONALS: Record<CommandName, number> = { generate: 0, diff: 2, migrate: Infinity };
