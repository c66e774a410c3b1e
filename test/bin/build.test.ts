/**
 * bin/build.js: without a current dist/, bin/xgen.js compiles the sources once into `.build/<hash>/`
 * and runs that; a later run reuses it, changed sources get a build of their own, concurrent first
 * runs share one, the files are what `npm run dist` makes, a build that cannot be made falls back to
 * running the sources through tsx, and a signal during the build leaves nothing behind. Each case
 * runs a copy of the bin in a layout of its own (links to this checkout's node_modules/ and
 * templates/; generator/ linked, or copied where a case edits it).
 */
import { execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT } from '../helpers/cli.ts';
import { xgenTarball } from '../helpers/xgen-tarball.ts';
// @ts-expect-error: plain JavaScript without declarations (the bin's own helper)
import { sourcesHash } from '../../bin/sources-hash.js';

const exec = promisify(execFile);
const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');
const hashOf = sourcesHash as (dir: string) => string;
let work = '';
test.before(() => {
  // Outside the checkout, so that nothing above a layout is found by accident.
  work = realpathSync(mkdtempSync(join(tmpdir(), 'xgen-build-')));
});
test.after(() => removeDir(work));

/** A checkout without dist/: a copy of the bin and package.json, links to node_modules/ and templates/. */
function layout(name: string, copySources = false): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const file of readdirSync(join(ROOT, 'bin')))
    copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const part of ['node_modules', 'templates']) symlinkSync(join(ROOT, part), join(dir, part));
  if (copySources) cpSync(join(ROOT, 'generator'), join(dir, 'generator'), { recursive: true });
  else symlinkSync(join(ROOT, 'generator'), join(dir, 'generator'));
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function xgen(dir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(dir, 'bin', 'xgen.js'), ...args], {
      cwd: dir,
      timeout: 180_000,
      env: { ...process.env, XGEN_CACHE_DIR: join(work, 'cache'), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const generate = (dir: string, out: string, env: NodeJS.ProcessEnv = {}, more: string[] = []) =>
  xgen(dir, ['generate', '--spec', SPEC, '--out', out, '--name', 'pets', '--no-cache', ...more], env);

/** Every file under `dir` with its contents, by relative path. */
function files(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return found;
}

const builds = (dir: string) => readdirSync(join(dir, '.build')).sort();

test('without dist/: the first run builds the sources into .build/<hash>, the next one reuses that build', async () => {
  const dir = layout('checkout');
  const hash = hashOf(join(ROOT, 'generator'));
  const first = await generate(dir, 'out', {}, ['--verbose']);
  assert.is(first.code, 0, first.stderr);
  assert.match(first.stdout, 'out: wrote pets');
  assert.match(first.stderr, `xgen: compiled the sources into ${join(dir, '.build', hash)}`);
  assert.equal(builds(dir), [hash]);
  const cli = join(dir, '.build', hash, 'generator', 'cli', 'main.js');
  const made = statSync(cli, { bigint: true });
  const second = await generate(dir, 'out', {}, ['--verbose']);
  assert.is(second.code, 0, second.stderr);
  assert.not.match(second.stderr, 'compiled the sources');
  assert.equal(builds(dir), [hash], 'no second build');
  const again = statSync(cli, { bigint: true });
  assert.equal([again.ino, again.mtimeNs], [made.ino, made.mtimeNs], 'the same files, not rewritten');
});

test('the build is the JavaScript `npm run dist` makes, and generates the same package as the sources through tsx', async () => {
  const dir = layout('same');
  const built = await generate(dir, 'built');
  assert.is(built.code, 0, built.stderr);
  const asIs = await generate(dir, 'tsx', { XGEN_BUILD: 'off' });
  assert.is(asIs.code, 0, asIs.stderr);
  assert.equal(files(join(dir, 'built')), files(join(dir, 'tsx')));
  // What `npm run dist` makes (its compiler and settings, tsconfig.build.json), as xgen's tarball ships
  // it: the tarball npm test packs once for the files that need it, unpacked in a folder of the test's own.
  const unpacked = join(work, 'unpacked');
  mkdirSync(unpacked);
  await exec('tar', ['-xzf', await xgenTarball(() => join(work, 'tarball')), '-C', unpacked]);
  const build = join(dir, '.build', hashOf(join(ROOT, 'generator')), 'generator');
  assert.equal(files(build), files(join(unpacked, 'package', 'dist', 'generator')));
});

test('changed sources get a build of their own; the old one stays while it may be in use', async () => {
  const dir = layout('edited', true);
  const before = hashOf(join(dir, 'generator'));
  const first = await xgen(dir, ['--version']);
  assert.is(first.code, 0, first.stderr);
  appendFileSync(join(dir, 'generator', 'cli', 'main.ts'), '\n// edited\n');
  const after = hashOf(join(dir, 'generator'));
  const second = await xgen(dir, ['--version']);
  assert.is(second.code, 0, second.stderr);
  assert.equal(builds(dir), [before, after].sort());
  assert.match(readFileSync(join(dir, '.build', after, 'generator', 'cli', 'main.js'), 'utf8'), '// edited');
  assert.not.match(
    readFileSync(join(dir, '.build', before, 'generator', 'cli', 'main.js'), 'utf8'),
    '// edited',
  );
});

test('concurrent first runs all succeed with the same output, and leave one build', async () => {
  const dir = layout('concurrent');
  const runs = await Promise.all([1, 2, 3, 4].map((n) => generate(dir, `out-${n}`)));
  for (const run of runs) assert.is(run.code, 0, run.stderr);
  const first = files(join(dir, 'out-1'));
  for (const n of [2, 3, 4]) assert.equal(files(join(dir, `out-${n}`)), first, `out-${n}`);
  assert.equal(builds(dir), [hashOf(join(ROOT, 'generator'))], 'one build, no temporary folder left');
});

test("a run that finds the same sources being built waits for that build; a dead run's leftovers are removed", async () => {
  const hash = hashOf(join(ROOT, 'generator'));
  const donor = layout('donor');
  assert.is((await xgen(donor, ['--version'])).code, 0);
  const dir = layout('waits');
  mkdirSync(join(dir, '.build'));
  // A build at work in a live process (this test's), which lands 1.5 s later (after this run has started).
  const atWork = join(dir, '.build', `.tmp-${hash.slice(0, 16)}-${process.pid}-0123abcd`);
  mkdirSync(atWork);
  // What a killed run left (no such process).
  const dead = join(dir, '.build', `.tmp-${hash.slice(0, 16)}-999999999-0123abcd`);
  mkdirSync(dead);
  const landed = new Promise<string>((resolve) =>
    setTimeout(() => {
      try {
        renameSync(join(donor, '.build', hash), join(dir, '.build', hash));
        resolve('');
      } catch (error) {
        resolve(String(error));
      }
    }, 1500),
  );
  const run = await xgen(dir, ['--version', '--verbose']);
  const failed = await landed;
  assert.is(run.code, 0, run.stderr);
  assert.not.match(run.stderr, 'compiled the sources', 'it did not compile them itself');
  assert.is(failed, '', 'the build landed where the run waited for it');
  assert.equal(builds(dir), [`.tmp-${hash.slice(0, 16)}-${process.pid}-0123abcd`, hash].sort());
});

test('a build that cannot be made runs the sources through tsx, and says why only with --verbose', async () => {
  const dir = layout('unwritable');
  // Where the builds would go is a file: nothing can be made there (root ignores permissions).
  writeFileSync(join(dir, '.build'), 'not a folder\n');
  const quiet = await generate(dir, 'out');
  assert.is(quiet.code, 0, quiet.stderr);
  assert.is(quiet.stderr, '');
  assert.match(quiet.stdout, 'out: wrote pets');
  const verbose = await generate(dir, 'out', {}, ['--verbose']);
  assert.is(verbose.code, 0, verbose.stderr);
  assert.match(
    verbose.stderr,
    /^xgen: running the TypeScript sources as they are: .*\.build cannot be made/m,
  );
  const off = await xgen(dir, ['--version', '--verbose'], { XGEN_BUILD: 'off' });
  assert.match(off.stderr, 'running the TypeScript sources as they are: XGEN_BUILD is off');
});

test('sources that do not compile: no build, and the error is reported through tsx where it is', async () => {
  const dir = layout('broken', true);
  appendFileSync(join(dir, 'generator', 'cli', 'main.ts'), '\nexport const broken = ;\n');
  const run = await xgen(dir, ['--version', '--verbose']);
  assert.is(run.code, 1);
  assert.match(run.stderr, /the sources did not compile \(.*cli\/main\.ts\(\d+,\d+\): error TS\d+/);
  assert.match(run.stderr, /generator\/cli\/main\.ts:\d+:\d+: ERROR: Unexpected ";"/);
  assert.equal(builds(dir), [], 'nothing left of the failed build');
});

test('SIGINT or SIGTERM during the build: one line, exit 130 / 143, no build and no temporary folder left', async () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    const dir = layout(`signal-${signal}`);
    const run = await generate(dir, 'out', { XGEN_SIGNAL_AT: `build:${signal}` });
    assert.is(run.code, code, run.stderr);
    assert.is(
      run.stderr,
      `xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal\n`,
    );
    assert.equal(builds(dir), []);
  }
  // Killed as a user would, after a delay (before, during or after the build): nothing half-made.
  for (const delay of [50, 150, 300]) {
    const dir = layout(`killed-${delay}`);
    const child = spawn(process.execPath, [join(dir, 'bin', 'xgen.js'), '--version'], {
      cwd: dir,
      env: { ...process.env, XGEN_CACHE_DIR: join(work, 'cache') },
      stdio: 'ignore',
    });
    setTimeout(() => child.kill('SIGINT'), delay);
    await new Promise((resolve) => child.on('close', resolve));
    let left: string[] = [];
    try {
      left = builds(dir);
    } catch {
      // Killed before the build started.
    }
    assert.ok(
      left.every((name) => /^[0-9a-f]{64}$/.test(name)),
      `killed after ${delay} ms: ${left}`,
    );
    for (const name of left)
      assert.ok(statSync(join(dir, '.build', name, 'generator', 'cli', 'main.js')).isFile());
  }
});

test.run();
