import { UsageError } from '../errors.ts';
import { type CommandName, FLAGS, type Flags, type FlagSpec, POSITIONALS } from './flags.ts';

/** A mistake on the command line itself (as opposed to in the config): its message points at the usage. */
export class ArgumentError extends UsageError {}

/** The nearest of `known` to a misspelt name, if one is near (the config reader's, loaded when needed). */
export async function didYouMean(name: string, known: string[]): Promise<string | undefined> {
  return (await import('../config.ts')).didYouMean(name, known);
}

/**
 * Reads a command's arguments by FLAGS (its own flags and the global ones) and POSITIONALS; every
 * mistake is an ArgumentError (exit 2), an unknown flag with the nearest known one.
 */
export async function parseFlags(
  command: CommandName | 'global',
  args: string[],
): Promise<{ flags: Flags; positionals: string[] }> {
  const known: Record<string, FlagSpec> = {
    ...FLAGS.global,
    ...(command === 'global' ? {} : FLAGS[command]),
  };
  const flags: Flags = {};
  const positionals: string[] = [];
  const most = command === 'global' ? 0 : POSITIONALS[command];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!match) {
      // A short flag xgen does not have (`-V`): the long one it may mean.
      const short = /^-([A-Za-z])$/.exec(arg)?.[1];
      if (short) {
        const guesses = Object.keys(known).filter(
          (name) => !known[name]?.alias && name.startsWith(short.toLowerCase()),
        );
        throw new ArgumentError(
          `unknown option ${arg}${guesses.length > 0 ? ` (did you mean ${guesses.map((g) => `--${g}`).join(' or ')}?)` : ''}`,
        );
      }
      // `-` alone is a file name: stdin.
      if ((arg.startsWith('-') && arg !== '-') || positionals.length >= most)
        throw new ArgumentError(`unexpected argument "${arg}"`);
      positionals.push(arg);
      continue;
    }
    const name = match[1] ?? '';
    const spec = Object.hasOwn(known, name) ? known[name] : undefined;
    if (!spec) {
      const guess = await didYouMean(name, Object.keys(known));
      throw new ArgumentError(`unknown option --${name}${guess ? ` (did you mean --${guess}?)` : ''}`);
    }
    if (spec.toggle) {
      if (match[2] !== undefined && match[2] !== 'true' && match[2] !== 'false')
        throw new ArgumentError(`--${name} takes true or false`);
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
      throw new ArgumentError(
        `--${name} takes ${spec.choices.join(' or ')}, got ${value === undefined ? 'nothing' : `"${value}"`}`,
      );
    }
    if (value === undefined || value === '' || value.startsWith('--'))
      throw new ArgumentError(`--${name} needs a value`);
    flags[name] = value;
  }
  if (command === 'diff' && typeof flags.base === 'string' && positionals.length !== 1)
    throw new ArgumentError('diff --base <ref> takes one spec, compared with itself at <ref>');
  if (command === 'diff' && typeof flags.base !== 'string' && positionals.length < most)
    throw new ArgumentError('diff takes two specs, the old and the new');
  return { flags, positionals };
}
