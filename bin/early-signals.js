// Imported first by bin/xgen.js (imports run in order, before xgen.js's own code): from here on
// SIGINT and SIGTERM get xgen's answer (one line, exit 130 or 143) while the generator loads, when
// nothing has been made yet. Only a signal in Node's own start-up, before any of xgen runs, ends
// the process by the signal itself (a shell reports that as 130 / 143 too).
// generator/cli/main.ts runAsProcess takes over with `releaseEarlySignals`.

/**
 * Ends the process once stdout and stderr are written out whole (a pipe may still hold some): the
 * twin of generator/exit.ts, for the bin before the generator has loaded.
 */
export function exitWhenFlushed(code) {
  process.exitCode = code;
  let pending = 2;
  const done = () => --pending === 0 && process.exit(code);
  for (const stream of [process.stdout, process.stderr]) {
    // A closed pipe (EPIPE) is the reader's choice; a stream already gone has nothing left to write.
    stream.on('error', done);
    if (stream.destroyed || !stream.writable) done();
    else stream.write('', () => done());
  }
}

/** What to undo before exiting on a signal (bin/build.js: its compiler and temporary folder). */
const cleanups = new Set();

/** Runs `cleanup` (it may return a promise) before the process exits on an early signal; returns its removal. */
export function onEarlySignal(cleanup) {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

let stopping = false;
const early = (signal) => {
  if (stopping) return;
  stopping = true;
  const pending = [...cleanups].map((cleanup) =>
    Promise.resolve()
      .then(cleanup)
      .catch(() => {}),
  );
  cleanups.clear();
  Promise.all(pending).then(() => {
    console.error(
      `xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal`,
    );
    exitWhenFlushed(signal === 'SIGINT' ? 130 : 143);
  });
};
process.on('SIGINT', early);
process.on('SIGTERM', early);

/** Hands the signals over to the generator's own handler (to be installed in the same tick). */
export function releaseEarlySignals() {
  process.off('SIGINT', early);
  process.off('SIGTERM', early);
}
