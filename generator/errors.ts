/** A problem in a spec, located by file, line, column and JSON pointer. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    readonly reason: string,
    readonly file: string,
    readonly pointer: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(`${file}:${line ?? 1}:${column ?? 1}: ${reason}${pointer ? ` (at ${pointer || '#'})` : ''}`);
  }
}

/** Several spec problems found in one pass; the first few are printed. */
export class SpecErrors extends Error {
  override readonly name = 'SpecErrors';
  constructor(readonly errors: SpecError[]) {
    super(errors.map((e) => e.message).join('\n'));
  }
}

/** The command line was used wrongly (exit code 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `--check` found generated output that differs from what the specs produce. */
export class StaleOutputError extends Error {
  override readonly name = 'StaleOutputError';
}

/** A generated package failed to type-check: a generator bug, reported with the file and line. */
export class CompileError extends Error {
  override readonly name = 'CompileError';
}

/**
 * The output folder may not or cannot be written: it holds files xgen did not write, it is the current
 * folder, or the file system refused (a file in the way, no permission, a read-only or virtual file
 * system). Exit code 2, one line, and nothing was touched.
 */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}
