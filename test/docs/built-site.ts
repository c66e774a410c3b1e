/** The documentation site built for a test: `npm run docs:build` into a folder of the test's own. */
import { spawnSync } from 'node:child_process';
import { ROOT } from '../helpers/cli.ts';

/** Builds the site into `outDir` (extra arguments go to `vitepress build`, e.g. `--base /xgen/`); returns `outDir`. */
export function buildSite(outDir: string, ...args: string[]): string {
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'docs:build', '--', '--outDir', outDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (build.status !== 0)
    throw new Error(`npm run docs:build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  console.log(`docs:build ${args.join(' ')} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return outDir;
}
