/**
 * bin/xgen.js, the `xgen` command: runs dist/ when built and current (the sources hash to what `npm run dist`
 * recorded; modification times do not count: npm unpacks in its own order), else the sources compiled once
 * into .build/ (bin/build.js, tested in build.test.ts), else the sources as they are: through tsx in a
 * checkout, through bin/ts-loader.js (the `typescript` dependency) where only xgen's dependencies are
 * installed (a git dependency or a tarball: no devDependencies). Each case runs a copy of the bin in a layout of
 * its own (links to this checkout's generator/, node_modules/, templates/), so whether this checkout has a
 * dist/ does not matter.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT } from '../helpers/cli.ts';
// @ts-expect-error: plain JavaScript without declarations (the bin's own helper)
import { RECORD, sourcesHash } from '../../bin/sources-hash.js';

const exec = promisify(execFile);
let work = '';
test.before(() => {
  // Outside the checkout: a node_modules/ above the layout would let it find tsx anyway.
  work = realpathSync(mkdtempSync(join(tmpdir(), 'xgen-bin-')));
});
test.after(() => removeDir(work));

/** A checkout-like folder with a copy of the bin and links to the given parts of this checkout. */
function layout(name: string, parts: string[]): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const file of readdirSync(join(ROOT, 'bin')))
    copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const part of parts) symlinkSync(join(ROOT, part), join(dir, part));
  return dir;
}

async function xgen(
  dir: string,
  args: string[],
  more: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const env = { ...process.env, XGEN_CACHE_DIR: join(work, 'cache'), ...more };
    const { stdout, stderr } = await exec(process.execPath, [join(dir, 'bin', 'xgen.js'), ...args], {
      cwd: dir,
      timeout: 180_000,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

test('without dist/: runs the sources, built once (help, version, and a real generation)', async () => {
  const dir = layout('checkout', ['generator', 'node_modules', 'templates']);
  const version = await xgen(dir, ['--version']);
  assert.is(version.code, 0, version.stderr);
  assert.is(version.stdout.trim(), JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  const help = await xgen(dir, ['generate', '--help']);
  assert.is(help.code, 0, help.stderr);
  assert.match(help.stdout, /^Usage:\n {2}xgen generate/);
  const run = await xgen(dir, [
    'generate',
    '--spec',
    join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml'),
    '--out',
    'out',
    '--name',
    'pets',
    '--no-cache',
  ]);
  assert.is(run.code, 0, run.stderr);
  assert.match(run.stdout, 'out: wrote pets');
  const usage = await xgen(dir, ['generate', '--nope']);
  assert.is(usage.code, 2);
  assert.is(usage.stderr, 'xgen: unknown option --nope\nRun "xgen help generate" for usage.\n');
});

test('an installed package (no sources) runs dist/; with sources, dist/ runs while they hash to its record, whatever the times', async () => {
  const fakeDist = (dir: string, record?: string) => {
    mkdirSync(join(dir, 'dist', 'generator', 'cli'), { recursive: true });
    writeFileSync(
      join(dir, 'dist', 'generator', 'cli', 'main.js'),
      "export function runAsProcess() { console.log('from dist'); }\n",
    );
    if (record !== undefined) writeFileSync(join(dir, RECORD as string), `${record}\n`);
  };
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
  const installed = layout('installed', ['templates']);
  fakeDist(installed);
  assert.is((await xgen(installed, ['--version'])).stdout, 'from dist\n');
  // As npm unpacks a tarball: dist/ first, the sources after it (newer), the record matching them.
  const unpacked = layout('unpacked', ['generator', 'node_modules', 'templates']);
  fakeDist(unpacked, (sourcesHash as (dir: string) => string)(join(ROOT, 'generator')));
  const old = new Date('2001-01-01');
  utimesSync(join(unpacked, 'dist', 'generator', 'cli', 'main.js'), old, old);
  utimesSync(join(unpacked, RECORD as string), old, old);
  assert.is(
    (await xgen(unpacked, ['--version'])).stdout,
    'from dist\n',
    'dist/ ran: the sources are what it was built from',
  );
  // Sources changed since the build (another hash), or a build that recorded none: the sources run.
  for (const [name, record] of [
    ['stale', '0'.repeat(64)],
    ['unrecorded', undefined],
  ] as const) {
    const dir = layout(name, ['generator', 'node_modules', 'templates']);
    fakeDist(dir, record);
    const run = await xgen(dir, ['--version']);
    assert.is(run.stdout.trim(), version, `${name}: the sources ran, not dist/`);
  }
});

test('before npm ci (no node_modules): one line saying to run npm ci, not a module-not-found trace', async () => {
  const dir = layout('fresh-clone', ['generator', 'templates']);
  copyFileSync(join(ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
  for (const args of [['--help'], ['generate']]) {
    const run = await xgen(dir, args);
    assert.is(run.code, 1);
    assert.is(
      run.stderr,
      `xgen: xgen's dependencies are not installed (no package "typescript"): run \`npm ci\` in ${dir}/ first\n`,
    );
  }
});

test('without dist/ and without tsx (installed with its dependencies only): builds with the native tsc dependency; without a build, runs the sources through the typescript dependency', async () => {
  const dir = layout('dependencies-only', ['generator', 'templates']);
  // Only xgen's own dependencies, as npm installs them for a git dependency or a tarball.
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  mkdirSync(join(dir, 'node_modules'));
  for (const name of Object.keys(manifest.dependencies))
    symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  for (const attempt of ['compiles the sources', 'reads them from the cache']) {
    // bin/ts-loader.js: what runs when the sources cannot be built.
    const version = await xgen(dir, ['--version'], { XGEN_BUILD: 'off' });
    assert.is(version.code, 0, `${attempt}: ${version.stderr}`);
    assert.is(
      version.stdout.trim(),
      (manifest as { version?: string }).version ??
        JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version,
    );
  }
  const generate = ['generate', '--spec', join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml')];
  for (const build of ['off', 'on']) {
    const run = await xgen(dir, [...generate, '--out', 'out', '--name', 'pets', '--no-cache'], {
      XGEN_BUILD: build,
    });
    assert.is(run.code, 0, `XGEN_BUILD=${build}: ${run.stderr}`);
    assert.match(run.stdout, 'out: wrote pets');
    assert.is(
      existsSync(join(dir, '.build', (sourcesHash as (dir: string) => string)(join(ROOT, 'generator')))),
      build === 'on',
    );
  }
});

test('neither dist/ nor the sources (a broken install): one line saying to reinstall', async () => {
  const dir = layout('broken', ['templates']);
  const run = await xgen(dir, ['--version']);
  assert.is(run.code, 1);
  assert.is(run.stderr, `xgen: ${dir}/ has neither dist/ nor generator/: reinstall xgen\n`);
});

test.run();
