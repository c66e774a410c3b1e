import { CompileError, OutputError, SpecError, SpecErrors, UsageError } from '../errors.ts';
import { Interrupted, signalExitCode } from '../interrupt.ts';
import { ArgumentError } from './arguments.ts';
import type { Print } from './flags.ts';

/** The most problems (or stale files) a run lists before "... and N more". */
export const MAX_SHOWN = 20;

/** Prints an error the way its kind calls for and returns the exit code. */
export function report(
  error: unknown,
  { debug, command, err }: { debug: boolean; command: string | undefined; err: Print },
): number {
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
  err(
    'This is a bug in xgen. Re-run with --debug (or XGEN_DEBUG=1) to see its stack trace, and please report it.',
  );
  return 1;
}
