/**
 * What a run has made that must not outlive it when SIGINT or SIGTERM stops it: temporary folders
 * (registered by temporary.ts) and child processes. Each is registered while it exists; `cleanUp`
 * undoes whatever is registered at the signal.
 */
const cleanups = new Set<() => void>();
let signal: NodeJS.Signals | undefined;

/** Registers an undo step; the returned function unregisters it (call it once the thing is gone). */
export function onInterrupt(undo: () => void): () => void {
  cleanups.add(undo);
  return () => void cleanups.delete(undo);
}

/** Work that is told to stop at a signal (a thread, a child process): before any undo step runs. */
const stops = new Set<() => void>();

/**
 * Registers a step that stops work going on beside this thread (it must return at once, as
 * `worker.terminate()` and `child.kill()` do): those run first, so that the work winds down while
 * the folders are removed.
 */
export function stopOnInterrupt(stop: () => void): () => void {
  stops.add(stop);
  return () => void stops.delete(stop);
}

/** The signal that stopped this run, if one did. */
export function interruptedBy(): NodeJS.Signals | undefined {
  return signal;
}

/** Thrown where work must not go on after a signal (no package is swapped in after it). */
export class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
  }
}

export function throwIfInterrupted(): void {
  if (signal) throw new Interrupted(signal);
}

/** The exit code of a run stopped by `sig`: 128 + its number, as shells report it. */
export function signalExitCode(sig: NodeJS.Signals): number {
  return sig === 'SIGINT' ? 130 : 143;
}

/**
 * Handles SIGINT and SIGTERM: marks the run stopped, undoes every registered step, then calls
 * `stopped` (which prints one line and exits). A second signal while that happens is ignored.
 */
export function handleSignals(stopped: (sig: NodeJS.Signals) => void): void {
  const on = (sig: NodeJS.Signals): void => {
    if (signal) return;
    signal = sig;
    cleanUp();
    stopped(sig);
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
}

/**
 * Lets the event loop take a signal in before the next step of long work on this thread. A signal is
 * read in the loop's poll phase; an immediate queued from that phase runs in the same turn, before
 * the next poll, so two in a row are needed to pass one.
 */
export function yieldToSignals(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Runs every stop step, then every undo step, newest first; one that fails does not stop the others. */
export function cleanUp(): void {
  for (const undo of [...stops, ...[...cleanups].reverse()]) {
    try {
      undo();
    } catch {
      // Best effort: the next run removes what is left (see stale.ts).
    }
  }
  stops.clear();
  cleanups.clear();
}

/**
 * For tests: with XGEN_SIGNAL_AT=<stage>:<SIGNAL> (SIGINT or SIGTERM), the run signals itself when
 * it reaches that stage and waits for the handler, so a kill in each stage is deterministic.
 */
export async function stageReached(stage: string): Promise<void> {
  const setting = process.env.XGEN_SIGNAL_AT;
  if (!setting) return;
  const [at, sig] = setting.split(':');
  if (at !== stage || (sig !== 'SIGINT' && sig !== 'SIGTERM')) return;
  process.kill(process.pid, sig);
  // The handler runs on the event loop; it ends the process. Give up after a while if it does not.
  for (let i = 0; i < 200 && !signal; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
