import { CompileError, OutputError, SpecError, SpecErrors, UsageError } from '../errors.ts';
import { Interrupted, signalExitCode } from '../interrupt.ts';
import { ArgumentError } from './arguments.ts';
import type { GenerateReport, ReportText } from '../generate.ts';
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

/** A warning as printed: `file:line:column: warning: reason (at #/pointer)`. */
export function warningLine(warning: SpecError): string {
  return `${warning.file}:${warning.line ?? 1}:${warning.column ?? 1}: warning: ${warning.reason}${warning.pointer ? ` (at ${warning.pointer})` : ''}`;
}

/** A note as printed: `file:line:column: note: reason (at #/pointer)`. */
export function noteLine(note: SpecError): string {
  return warningLine(note).replace(': warning: ', ': note: ');
}

/** The summary's note of inferences, or '' when there were none. */
export function inferredNote({ paginated, streams }: GenerateReport['inferred']): string {
  if (paginated === 0 && streams === 0) return '';
  return `; ${paginated} paginated, ${streams} ${streams === 1 ? 'stream' : 'streams'} inferred`;
}

/** The most kept files a warning names. */
const MAX_NAMED = 10;

/** The one line of a package's notes. */
export function notesSummary(
  where: string,
  count: number,
  inferred: GenerateReport['selectionsInferred'],
): string {
  const params = inferred?.params ?? [];
  const what =
    params.length > 0
      ? `field selection inferred for ${params.length === 1 ? 'parameter' : `${params.length} parameters`} ${params.join(', ')}, followed by ${inferred?.operations ?? 0} ${inferred?.operations === 1 ? "operation's" : "operations'"} results`
      : `${count} ${count === 1 ? 'inference' : 'inferences'}`;
  return `${where}: note: ${what}; the package README ("Field selection") lists them, --verbose prints each with its location in the spec (x-field-selection there states it instead)`;
}

/** The warning for files in a generated folder that xgen did not write: they stay, named. */
export function keptWarning(where: string, files: string[]): string {
  const names =
    files.slice(0, MAX_NAMED).join(', ') +
    (files.length > MAX_NAMED ? ` and ${files.length - MAX_NAMED} more` : '');
  const count = files.length === 1 ? 'a file' : `${files.length} files`;
  return `${where}: warning: kept ${count} xgen did not write: ${names}. xgen regenerates this folder: move your own files out of it`;
}

/** What `xgen generate` prints about each package, in the command line's words. */
export const REPORT_TEXT: ReportText = {
  warning: warningLine,
  notes: (notes, where, inferred, verbose) =>
    verbose ? notes.map(noteLine) : [notesSummary(where, notes.length, inferred)],
  kept: keptWarning,
  inferred: inferredNote,
};
