/**
 * xgen's own tarball as `npm run pack` makes it in this checkout (dist/ built by tsconfig.build.json,
 * then `npm pack`; what `npm publish` makes too, its prepublishOnly being the same build), made once
 * per `npm test` for the files that install or publish it (test/helpers/shared-fixture.ts): each
 * build and pack costs seconds of processor, and two at once would write dist/ together.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './cli.ts';
import { sharedFixture } from './shared-fixture.ts';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** This environment without what the npm running the tests set for its scripts. */
function npmFreeEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_(config|package|lifecycle)_/i.test(key)),
  );
}

let made: Promise<string> | undefined;

/**
 * The path of the tarball (`<folder>/xgen-<version>.tgz`, the folder's only file). Outside `npm test`,
 * made once a process in `ownDir()`.
 */
export function xgenTarball(ownDir: () => string): Promise<string> {
  made ??= sharedFixture(
    'xgen tarball: npm run pack in the checkout',
    async (dir) => {
      mkdirSync(dir, { recursive: true });
      try {
        await run(NPM, ['run', 'pack', '--silent', '--', '--pack-destination', dir, '--silent'], {
          cwd: ROOT,
          env: npmFreeEnv(),
          timeout: 300_000,
          maxBuffer: 64 * 1024 * 1024,
        });
      } catch (error) {
        const e = error as { message: string; stdout?: string; stderr?: string };
        throw new Error(
          `npm run pack (dist/, then npm pack) failed:\n${e.stdout ?? ''}\n${e.stderr || e.message}`,
        );
      }
    },
    ownDir,
  ).then((dir) => {
    const tarballs = readdirSync(dir).filter((name) => name.endsWith('.tgz'));
    if (tarballs.length !== 1) throw new Error(`one tarball expected in ${dir}, got ${tarballs.join(', ')}`);
    return join(dir, tarballs[0]!);
  });
  return made;
}
