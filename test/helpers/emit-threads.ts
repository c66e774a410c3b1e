/**
 * For a test file that generates many packages in its own process: the emit threads started for its
 * first package serve all the others, as they do under `--watch` (generator/run/emit-threads.ts),
 * instead of a new thread loading ts-morph again for each package (0.6 s of processor each; the
 * packages are the same either way). The file's threads end after its last test, so that the next
 * file in the process finds none. Not for files that test the threads' lifetimes.
 *
 * `shareEmitThreads` goes further, for files that generate a package or a few: the threads stay for
 * the next files of the test process that share them too (test/run.ts runs the quick files several to
 * a process), instead of each file loading ts-morph and TypeScript on new threads again (about 1 s of
 * processor a file). An idle thread does not keep the process open, nor one never sent a job (a file
 * whose specs were all refused): the process ends after its last file with the threads still there.
 * A file that tests the threads' lifetimes calls `endSharedEmitThreads` first, and finds none.
 */
import { releaseEmitThreads, startEmitThreads } from '../../generator/run/emit.ts';

type Hook = (handler: () => void | Promise<void>) => void;

/** Holds the emit threads from the suite's `before` to its `after`. */
export function holdEmitThreads(suite: { before: Hook; after: Hook }): void {
  suite.before(() => startEmitThreads());
  suite.after(() => releaseEmitThreads());
}

// Per process, whichever way a file reached this module.
const store = globalThis as unknown as { __xgenSharedEmitThreads?: boolean };

/** Holds the emit threads from the suite's `before` on, for this file and the next ones of the process that share them. */
export function shareEmitThreads(suite: { before: Hook }): void {
  suite.before(() => {
    if (store.__xgenSharedEmitThreads) return;
    store.__xgenSharedEmitThreads = true;
    startEmitThreads();
  });
}

/** Ends the threads an earlier file of the process shared (`shareEmitThreads`), if any. */
export function endSharedEmitThreads(): void {
  if (!store.__xgenSharedEmitThreads) return;
  store.__xgenSharedEmitThreads = false;
  releaseEmitThreads();
}
