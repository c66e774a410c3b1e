/**
 * For a test file that generates many packages in its own process: the emit threads started for its
 * first package serve all the others, as they do under `--watch` (generator/run/emit-threads.ts),
 * instead of a new thread loading ts-morph again for each package (0.6 s of processor each; the
 * packages are the same either way). The file's threads end after its last test, so that the next
 * file in the process finds none. Not for files that test the threads' lifetimes.
 */
import { releaseEmitThreads, startEmitThreads } from '../../generator/run/emit.ts';

type Hook = (handler: () => void | Promise<void>) => void;

/** Holds the emit threads from the suite's `before` to its `after`. */
export function holdEmitThreads(suite: { before: Hook; after: Hook }): void {
  suite.before(() => startEmitThreads());
  suite.after(() => releaseEmitThreads());
}
