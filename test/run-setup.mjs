/**
 * Loaded before tsx by `npm test` (package.json): the runner's own TypeScript is compiled without tsx's
 * cache, which would otherwise stay in the temporary folder (`tsx-<uid>`) after the run. The test
 * processes keep the cache, in the run's own temporary folder (test/run.ts), removed with it.
 */
process.env.TSX_DISABLE_CACHE = '1';
