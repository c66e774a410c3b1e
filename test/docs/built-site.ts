/** The documentation site built for a test: `npm run docs:build` into a folder of the test's own, or shared by the run. */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { sharedFixture } from '../helpers/shared-fixture.ts';
import { SITE_FIXTURE } from './site-fixture.ts';

/**
 * The site as `npm run docs:build` builds it (base `/`), built once per `npm test` for the files that
 * read it (test/helpers/shared-fixture.ts); alone, a file builds it into `join(ownDir(), 'dist')`.
 */
export function builtSite(ownDir: () => string): Promise<string> {
  return sharedFixture(SITE_FIXTURE, buildSite, () => join(ownDir(), 'dist'));
}

/**
 * Builds the site into `outDir` (extra arguments go to `vitepress build`, e.g. `--base /xgen/`); returns
 * `outDir`.
 */
export function buildSite(outDir: string, ...args: string[]): string {
  return build(outDir, false, args);
}

/**
 * `buildSite` without its first step (docs/scripts/reference.ts, which writes the pages generated from
 * the code into docs/): for a second build once a `buildSite` or `builtSite` of this run has written them.
 */
export function rebuildSite(outDir: string, ...args: string[]): string {
  return build(outDir, true, args);
}

/**
 * The site with a sample of each kind of API page only (docs/.vitepress/api-sample.ts), as `buildSite`
 * (`pagesWritten`: as `rebuildSite`); a twelfth of a whole build's pages, about a third of its processor.
 */
export function buildSiteSample(outDir: string, pagesWritten: boolean, ...args: string[]): string {
  return build(outDir, pagesWritten, args, { XGEN_DOCS_API_SAMPLE: '1' });
}

function build(outDir: string, pagesWritten: boolean, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const started = performance.now();
  const command = pagesWritten
    ? ['exec', '--', 'vitepress', 'build', 'docs', '--outDir', outDir, ...args]
    : ['run', 'docs:build', '--', '--outDir', outDir, ...args];
  const build = spawnSync('npm', command, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', XGEN_DOCS_CODE_CACHE: codeCache(outDir), ...env },
  });
  if (build.status !== 0)
    throw new Error(`npm ${command.join(' ')} failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  console.log(
    `${pagesWritten ? 'vitepress build' : 'docs:build'} ${args.join(' ')}${env.XGEN_DOCS_API_SAMPLE ? ' (API pages sampled)' : ''} took ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return outDir;
}

/**
 * Where the builds of a run (or of a test file run alone) keep each code block's highlighted HTML
 * (docs/.vitepress/code-cache.ts): the second build of the same sources (the site under /xgen/)
 * highlights and compiles no block again. It goes with the run's folder, or with the file's own.
 */
function codeCache(outDir: string): string {
  return join(process.env.XGEN_TEST_SHARED || dirname(outDir), 'docs-code-cache');
}
