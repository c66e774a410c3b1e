/**
 * Loaded before tsx by `npm test` (package.json): the runner's own TypeScript is compiled without tsx's
 * cache, which would otherwise stay in the temporary folder (`tsx-<uid>`) after the run. The test
 * processes keep the cache, in the run's own temporary folder (test/run.ts), removed with it.
 */
if (process.env.TSX_DISABLE_CACHE === undefined) {
  process.env.TSX_DISABLE_CACHE = '1';
  // Said, so that the runner gives its test processes back the cache (and keeps a user's own setting).
  process.env.XGEN_TEST_RUNNER_TSX_CACHE_OFF = '1';
}
