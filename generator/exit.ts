/**
 * Ends the process with `code` once everything written to stdout and stderr has left it. On a pipe,
 * Node queues what the reader has not taken yet (past 64 KB); `process.exit()` at once would drop it.
 * A reader that went away (`xgen diff | head`) ends the wait too.
 */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = (): void => {
    if (--pending === 0) process.exit(code);
  };
  for (const stream of [process.stdout, process.stderr]) {
    // A closed pipe (EPIPE) is the reader's choice, not an xgen failure.
    stream.on('error', done);
    if (stream.destroyed || !stream.writable) done();
    else stream.write('', () => done());
  }
}
