/**
 * xgen never removes what it did not write: `--out` (or a config's `out`) replaces only a folder that holds
 * xgen's marker, an empty one or a missing one; anything else is refused with one line, exit 2, nothing
 * touched. File-system failures are one line too, and never spin (Node's recursive mkdir retries forever
 * under /proc).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { OutputError } from '../../../generator/errors.ts';
import { writePackageAtomically } from '../../../generator/write/files.ts';
import { PACKAGE_MARKER } from '../../../generator/write/marker.ts';
import { rejects } from '../../helpers/rejects.ts';
import { removeDir, ROOT, runCli, tempDir, treeSummary } from '../../helpers/cli.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');
let work = '';
test.before(() => {
  work = tempDir('refuse');
});
test.after(() => removeDir(work));

const rel = (dir: string) => relative(process.cwd(), dir) || '.';
const generate = (out: string, ...more: string[]) =>
  runCli(['generate', '--spec', SPEC, '--out', out, '--name', '@test/petstore', ...more]);
const files = () =>
  new Map([
    ['package.json', '{}\n'],
    [PACKAGE_MARKER, 'marker\n'],
  ]);

async function expectRefused(out: string, message: string): Promise<void> {
  const before = existsSync(out) ? treeSummary(work) : '';
  const run = await generate(out);
  assert.is(run.code, 2, run.text);
  assert.equal(run.err, [`xgen: ${message}`]);
  if (before) assert.is(treeSummary(work), before, 'nothing touched');
}

test("a folder with the user's own files is refused, and they stay", async () => {
  const mine = join(work, 'mine');
  mkdirSync(join(mine, 'notes'), { recursive: true });
  writeFileSync(join(mine, 'notes', 'todo.txt'), 'my own file\n');
  await expectRefused(
    mine,
    `refusing to replace ${rel(mine)}: it holds files xgen did not generate (no .xgen-generated marker). Choose an empty or new folder, or remove this one yourself`,
  );
  assert.is(readFileSync(join(mine, 'notes', 'todo.txt'), 'utf8'), 'my own file\n');
});

test('--out . (the current folder) and a folder holding it are refused', async () => {
  await expectRefused(
    '.',
    'refusing to replace .: it is the current folder. Choose a folder of its own for the package',
  );
  await expectRefused(
    '..',
    `refusing to replace ${join(ROOT, '..')}: it holds the current folder. Choose a folder of its own for the package`,
  );
  assert.ok(existsSync(join(ROOT, 'package.json')));
});

test('a folder holding the spec is refused, even when xgen generated it', async () => {
  const dir = join(work, 'with-spec');
  mkdirSync(dir);
  writeFileSync(join(dir, PACKAGE_MARKER), 'marker\n');
  writeFileSync(join(dir, 'api.yaml'), readFileSync(SPEC));
  const run = await runCli(['generate', '--spec', join(dir, 'api.yaml'), '--out', dir, '--name', 'p']);
  assert.is(run.code, 2, run.text);
  assert.equal(run.err, [
    `xgen: refusing to replace ${rel(dir)}: it holds the spec ${rel(join(dir, 'api.yaml'))}. Choose a folder of its own for the package`,
  ]);
});

test('a file, a symbolic link and the root are refused', async () => {
  const file = join(work, 'a-file');
  writeFileSync(file, 'x');
  await expectRefused(file, `refusing to replace ${rel(file)}: it is a file, not a folder`);
  const link = join(work, 'a-link');
  mkdirSync(join(work, 'target'));
  symlinkSync(join(work, 'target'), link);
  await expectRefused(
    link,
    `refusing to replace ${rel(link)}: it is a symbolic link; point --out (or out) at a real folder`,
  );
  await expectRefused('/', 'refusing to write a package to /: that is the root of the file system');
});

test('a config whose second package is refused writes neither', async () => {
  const mine = join(work, 'second-mine');
  mkdirSync(mine);
  writeFileSync(join(mine, 'keep.txt'), 'x');
  const config = join(work, 'two.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(SPEC)}\n    out: first-ok\n    name: a\n  - spec: ${JSON.stringify(SPEC)}\n    out: second-mine\n    name: b\n`,
  );
  const run = await runCli(['generate', '--config', config]);
  assert.is(run.code, 2, run.text);
  assert.match(run.err[0] ?? '', 'refusing to replace');
  assert.not.ok(existsSync(join(work, 'first-ok')), 'the first package was not written either');
  assert.equal(readdirSync(mine), ['keep.txt']);
});

test('two packages with overlapping folders are refused', async () => {
  const config = join(work, 'overlap.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(SPEC)}\n    out: pk\n    name: a\n  - spec: ${JSON.stringify(SPEC)}\n    out: pk/inner\n    name: b\n`,
  );
  const run = await runCli(['generate', '--config', config]);
  assert.is(run.code, 2, run.text);
  assert.equal(run.err, [
    `xgen: packages a and b write to overlapping folders (${rel(join(work, 'pk'))}, ${rel(join(work, 'pk', 'inner'))})`,
  ]);
});

test('a package xgen generated carries the marker and is replaced on the next run; an empty folder is fine', async () => {
  const out = join(work, 'generated');
  mkdirSync(out);
  const first = await generate(out, '--cache-dir', join(work, 'cache'));
  assert.is(first.code, 0, first.text);
  assert.match(
    readFileSync(join(out, PACKAGE_MARKER), 'utf8'),
    'This folder is the package @test/petstore, generated by xgen.',
  );
  writeFileSync(join(out, 'src', 'stray.ts'), 'export {};\n');
  const second = await generate(out, '--cache-dir', join(work, 'cache'));
  assert.is(second.code, 0, second.text);
  assert.is(
    readFileSync(join(out, 'src', 'stray.ts'), 'utf8'),
    'export {};\n',
    'a file xgen did not write is kept',
  );
  assert.match(second.text, `${rel(out)}: warning: kept a file xgen did not write: src/stray.ts`);
});

test('writePackageAtomically checks too (nothing touched)', async () => {
  const mine = join(work, 'direct');
  mkdirSync(mine);
  writeFileSync(join(mine, 'keep.txt'), 'x');
  await rejects(
    writePackageAtomically(mine, files()),
    (e: unknown) => e instanceof OutputError && /no \.xgen-generated marker/.test((e as Error).message),
  );
  assert.equal(readdirSync(mine), ['keep.txt']);
});

test('a file in the way of a parent: one line (was an EEXIST stack trace)', async () => {
  const file = join(work, 'afile');
  writeFileSync(file, 'x');
  const out = join(file, 'sub');
  await rejects(
    writePackageAtomically(out, files()),
    (e: unknown) =>
      e instanceof OutputError &&
      (e as Error).message ===
        `cannot write ${rel(out)}: a file is in the way (not a folder) (mkdir ${file})`,
  );
});

test('a folder that cannot be created (under /proc) fails at once instead of retrying forever', async () => {
  if (process.platform !== 'linux' || !existsSync('/proc/self')) return;
  const started = performance.now();
  await rejects(
    writePackageAtomically('/proc/xgen-cannot-be-here', files()),
    (e: unknown) =>
      e instanceof OutputError &&
      (e as Error).message ===
        'cannot write /proc/xgen-cannot-be-here: the folder cannot be created there (mkdir /proc)',
  );
  assert.ok(performance.now() - started < 5000, 'no endless retry');
});

test('an unwritable parent: permission denied, one line', async () => {
  if (process.getuid?.() === 0) return; // root writes anywhere
  const locked = join(work, 'locked');
  mkdirSync(locked, { mode: 0o555 });
  await rejects(
    writePackageAtomically(join(locked, 'pkg'), files()),
    (e: unknown) =>
      e instanceof OutputError && /^cannot write .*locked\/pkg: permission denied/.test((e as Error).message),
  );
});

test.run();
