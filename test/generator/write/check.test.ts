/**
 * `--check` compares what the spec produces with what is on disk and writes nothing; output is
 * byte-identical across runs; the committed `generated/` is up to date (what CI runs).
 */
import { appendFileSync, existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { hashTree, removeDir, ROOT, runCli, tempDir, treeSummary } from '../../helpers/cli.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');
let work = '';
let first = '';
let second = '';
test.before(() => {
  work = tempDir('check');
  first = join(work, 'first');
  second = join(work, 'second');
});
test.after(() => removeDir(work));
const generate = (out: string, ...more: string[]) =>
  runCli(['generate', '--spec', SPEC, '--out', out, '--name', '@test/petstore', ...more]);
const where = (dir: string) => relative(process.cwd(), dir) || '.';

/** Runs `--check` on `first`, asserting it wrote nothing; returns the run. */
async function check() {
  const before = treeSummary(first);
  const run = await generate(first, '--check');
  assert.is(treeSummary(first), before, '--check writes nothing');
  return run;
}

test('generates the petstore package', async () => {
  const run = await generate(first);
  assert.is(run.code, 0, run.text);
  assert.equal(run.out, [`${where(first)}: wrote @test/petstore (${hashTree(first).size} files)`]);
  for (const file of [
    'package.json',
    'README.md',
    'src/index.ts',
    'src/client.ts',
    'dist/index.js',
    'dist/index.d.ts',
  ]) {
    assert.ok(existsSync(join(first, file)), `${file} is generated`);
  }
  assert.equal(JSON.parse(readFileSync(join(first, 'package.json'), 'utf8')).name, '@test/petstore');
});

test('output is byte-identical across two runs', async () => {
  const run = await generate(second);
  assert.is(run.code, 0, run.text);
  const a = hashTree(first);
  const b = hashTree(second);
  assert.ok(a.size > 10, `a whole package (${a.size} files)`);
  assert.equal([...b], [...a]);
});

test('--check passes on fresh output', async () => {
  const run = await check();
  assert.is(run.code, 0, run.text);
  assert.equal(run.out, [`${where(first)}: up to date (${hashTree(first).size} files)`]);
  assert.equal(run.err, []);
});

test('--check fails on a hand-edited file and names it as changed', async () => {
  const file = join(first, 'src', 'client.ts');
  const original = readFileSync(file);
  appendFileSync(file, '// a hand edit\n');
  const run = await check();
  writeFileSync(file, original);
  assert.is(run.code, 1, run.text);
  assert.equal(run.err, [
    `${where(first)} is stale: 1 changed, 0 missing, 0 extra`,
    '  changed  src/client.ts',
    'Run `npm run generate` to regenerate.',
  ]);
});

test("--check names a file of the user's own as kept, not as stale (generate keeps it too)", async () => {
  writeFileSync(join(first, 'src', 'stray.ts'), 'export {};\n');
  const run = await check();
  unlinkSync(join(first, 'src', 'stray.ts'));
  assert.is(run.code, 0, run.text);
  assert.equal(run.err, [
    `${where(first)}: warning: kept a file xgen did not write: src/stray.ts. xgen regenerates this folder: move your own files out of it`,
  ]);
});

test('--check reports a file xgen wrote (listed in the marker) and no longer writes as extra', async () => {
  const marker = join(first, '.xgen-generated');
  const original = readFileSync(marker, 'utf8');
  writeFileSync(marker, `${original}src/retired.ts\n`);
  writeFileSync(join(first, 'src', 'retired.ts'), 'export {};\n');
  const run = await check();
  writeFileSync(marker, original);
  unlinkSync(join(first, 'src', 'retired.ts'));
  assert.is(run.code, 1, run.text);
  assert.equal(run.err, [
    `${where(first)} is stale: 1 changed, 0 missing, 1 extra`,
    '  changed  .xgen-generated',
    '  extra    src/retired.ts',
    'Run `npm run generate` to regenerate.',
  ]);
});

test('--check reports a deleted file as missing', async () => {
  const file = join(first, 'dist', 'index.d.ts');
  const original = readFileSync(file);
  unlinkSync(file);
  const run = await check();
  writeFileSync(file, original);
  assert.is(run.code, 1, run.text);
  assert.equal(run.err, [
    `${where(first)} is stale: 0 changed, 1 missing, 0 extra`,
    '  missing  dist/index.d.ts',
    'Run `npm run generate` to regenerate.',
  ]);
});

test('regenerating repairs every kind of drift, then --check passes', async () => {
  appendFileSync(join(first, 'README.md'), 'edited\n');
  writeFileSync(join(first, 'notes.txt'), 'stray\n');
  rmSync(join(first, 'src', 'resources'), { recursive: true });
  const stale = await check();
  assert.is(stale.code, 1);
  assert.match(stale.err.join('\n'), /kept a file xgen did not write: notes\.txt/);
  assert.match(stale.err.join('\n'), /is stale: 1 changed, \d+ missing, 0 extra$/m);

  const run = await generate(first);
  assert.is(run.code, 0, run.text);
  const again = await check();
  assert.is(again.code, 0, again.text);
  assert.is(readFileSync(join(first, 'notes.txt'), 'utf8'), 'stray\n', "a file of the user's own is kept");
  unlinkSync(join(first, 'notes.txt'));
  assert.equal([...hashTree(first)], [...hashTree(second)], 'the same bytes as a fresh run');
});

test('the committed generated/ is up to date with the config (what CI runs)', async () => {
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const run = await runCli(['generate', '--check']);
    assert.is(run.code, 0, `generated/ is stale; run \`npm run generate\`:\n${run.text}`);
    assert.ok(
      run.out.length > 0 && run.out.every((line) => / up to date \(\d+ files\)$/.test(line)),
      run.text,
    );
  } finally {
    process.chdir(cwd);
  }
});

test.run();
