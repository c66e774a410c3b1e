/**
 * test/run.ts itself, run as CI runs it (a child process) on scratch suites under test/fixtures/runner/:
 * a failing test, hook or file load must show its error and make the exit code non-zero; a test that
 * never runs, a rejection nobody handled and a hang must be named and fail; a failure in one of the
 * test processes side by side fails the whole run; and which files an argument selects
 * (test/helpers/test-files.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from './helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers/cli.ts';
import { selectTestFiles } from './helpers/test-files.ts';

const exec = promisify(execFile);
const SCRATCH = join(ROOT, 'test', 'fixtures', 'runner');

/** Runs the runner on the given files (or filters); returns its exit code and output. */
export async function runRunner(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test', 'run.ts'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        maxBuffer: 16 * 1024 * 1024,
        timeout: 300_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: (e.stdout ?? '') + (e.stderr ?? '') };
  }
}

const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

test('a suite whose before hook throws: non-zero exit, the hook error printed, its tests counted as failed', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'before-throws.test.ts')]);
  assert.is.not(code, 0, output);
  assert.match(output, 'scratch before hook failed on purpose (XGEN-RUNNER-CHECK)');
  assert.match(plain(output), 'fixtures/runner/before-throws.test.ts: the before hook threw:');
  assert.match(plain(output), 'fixtures/runner/before-throws.test.ts: 2 of 2 tests did not run');
  assert.match(plain(output), /^0 passed, 2 failed$/m);
});

test('an after hook that throws is a failure, and the suites after it still run', async () => {
  const { code, output } = await runRunner([
    join(SCRATCH, 'after-throws.test.ts'),
    join(SCRATCH, 'passes.test.ts'),
  ]);
  assert.is.not(code, 0, output);
  assert.match(output, 'scratch after hook failed on purpose (XGEN-AFTER-CHECK)');
  assert.match(plain(output), '(suite "after-hook scratch"): the after hook threw:');
  assert.match(plain(output), /^2 passed, 1 failed$/m);
});

test('a passing suite exits 0', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'passes.test.ts')]);
  assert.is(code, 0, output);
  assert.match(plain(output), /^1 passed, 0 failed$/m);
  assert.not.match(output, 'Failures outside tests');
});

test('nothing to run is a failure (a filter that matches no file)', async () => {
  const { code, output } = await runRunner(['no-such-test-file-anywhere']);
  assert.is(code, 1, output);
  assert.match(plain(output), /^no test file matched "no-such-test-file-anywhere": an argument selects/m);
});

test('a failing test: non-zero exit, its assertion printed, counted in the tally', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'fails.test.ts')]);
  assert.is(code, 1, output);
  assert.match(output, 'scratch assertion failed on purpose (XGEN-FAIL-CHECK)');
  assert.match(plain(output), /^1 passed, 1 failed$/m);
});

test('a file that throws while it loads fails the run, named with its error, and the other files still run', async () => {
  const { code, output } = await runRunner([
    join(SCRATCH, 'throws-at-import.test.ts'),
    join(SCRATCH, 'passes.test.ts'),
  ]);
  assert.is(code, 1, output);
  assert.match(plain(output), 'fixtures/runner/throws-at-import.test.ts: could not be loaded:');
  assert.match(output, 'scratch file failed to load on purpose (XGEN-IMPORT-CHECK)');
  assert.match(plain(output), /^1 passed, 1 failed$/m);
});

test('tests registered without a test.run() after them fail the run: a suite never silently skipped', async () => {
  const { code, output } = await runRunner([
    join(SCRATCH, 'no-run.test.ts'),
    join(SCRATCH, 'passes.test.ts'),
  ]);
  assert.is(code, 1, output);
  assert.match(plain(output), 'fixtures/runner/no-run.test.ts: 2 tests never ran: no test.run() after them');
  assert.match(plain(output), /^1 passed, 2 failed$/m);
});

test('a promise rejection nobody handled is named with the test that left it, and fails the run', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'unhandled.test.ts')]);
  assert.is(code, 1, output);
  assert.match(
    plain(output),
    'fixtures/runner/unhandled.test.ts: test "leaves a rejection behind": a promise rejection nobody handled:',
  );
  assert.match(output, 'scratch rejection left unhandled on purpose (XGEN-UNHANDLED-CHECK)');
  assert.match(plain(output), /^1 passed, 1 failed$/m);
});

test('an argument selects the *.test.ts files whose path under test/ contains it; a file path runs that file', () => {
  const root = join(ROOT, 'test');
  const diff = selectTestFiles(root, ['generator/diff']).map((f) => f.name);
  assert.ok(diff.length > 0, 'generator/diff selects some files');
  for (const name of diff) assert.ok(name.includes('generator/diff') && name.endsWith('.test.ts'), name);
  const all = selectTestFiles(root, []).map((f) => f.name);
  assert.ok(all.includes('run.test.ts') && all.length > diff.length, 'no argument: every test file');
  assert.ok(
    !all.some((name) => name.startsWith('fixtures/') || !name.endsWith('.test.ts')),
    'only *.test.ts files, none under fixtures/',
  );
  assert.equal(
    selectTestFiles(root, ['generator/diff', 'run.test']).map((f) => f.name),
    [...diff, 'run.test.ts'].sort(),
  );
  // A named file runs even outside the collection, alone unless fragments are given too.
  const scratch = join(SCRATCH, 'passes.test.ts');
  assert.equal(selectTestFiles(root, [scratch]), [{ name: 'fixtures/runner/passes.test.ts', file: scratch }]);
  assert.equal(selectTestFiles(root, ['no-such-test-file-anywhere']), []);
});

test('a test that never finishes is named and fails the run (XGEN_TEST_TIMEOUT_MS)', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'hangs.test.ts')], {
    XGEN_TEST_TIMEOUT_MS: '1500',
  });
  assert.is(code, 1, output);
  assert.match(
    plain(output),
    'fixtures/runner/hangs.test.ts: test "never finishes" has run for 2 s without finishing: the run stops here',
  );
  assert.match(plain(output), /^0 passed, 1 failed$/m);
});

test('a process that stays open after its last test fails the run and says what holds it (XGEN_TEST_EXIT_MS)', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'stays-open.test.ts')], {
    XGEN_TEST_EXIT_MS: '1000',
  });
  assert.is(code, 1, output);
  // The test passed; the process that stayed open is the failure.
  assert.match(plain(output), /^1 passed, 1 failed$/m);
  assert.match(
    plain(output),
    'fixtures/runner/stays-open.test.ts: the test process exited with code 1 after its tally',
  );
  assert.match(
    plain(output),
    /The test process is still running 1 s after its last test: something keeps it open \([^)]*\bTimeout\b/,
  );
});

test('a failure in one test process of several fails the run, and every process is counted', async () => {
  const { code, output } = await runRunner(
    [
      join(SCRATCH, 'passes.test.ts'),
      join(SCRATCH, 'fails.test.ts'),
      join(SCRATCH, 'before-throws.test.ts'),
      join(SCRATCH, 'after-throws.test.ts'),
    ],
    // Each file alone in its process, two at once.
    { XGEN_TEST_JOBS: '2', XGEN_TEST_BATCH_MS: '1' },
  );
  assert.is(code, 1, output);
  assert.equal(output.match(/^── /gm)?.length, 4, output);
  assert.match(output, 'scratch assertion failed on purpose (XGEN-FAIL-CHECK)');
  assert.match(plain(output), /^3 passed, 4 failed$/m);
  assert.match(plain(output), /^  2 test processes at once/m);
});

test('a test that ends its process before the tally fails the run, and names the test', async () => {
  const { code, output } = await runRunner(
    [join(SCRATCH, 'exits.test.ts'), join(SCRATCH, 'passes.test.ts')],
    {
      XGEN_TEST_JOBS: '2',
      XGEN_TEST_BATCH_MS: '1',
    },
  );
  assert.is(code, 1, output);
  assert.match(
    plain(output),
    'test "ends the process" ended the test process (exit code 0) before its tally',
  );
  assert.match(
    plain(output),
    /^  fixtures\/runner\/exits\.test\.ts: the test process exited with code \d+ before its tally$/m,
  );
  assert.match(plain(output), /^1 passed, 1 failed$/m);
});

test("a test file that takes uvu's own `test` (no guards) fails, saying what to import", async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'imports-uvu.test.ts')]);
  assert.is(code, 1, output);
  assert.match(plain(output), "fixtures/runner/imports-uvu.test.ts: imports 'uvu'");
});

test('the temporary folder keeps nothing a test left there', async () => {
  const { code, output } = await runRunner([join(SCRATCH, 'leaves-temp.test.ts')], {
    XGEN_TEST_SHOW_LEFT: '1',
  });
  assert.is(code, 0, output);
  const left = /Left in the temporary folder \(removed\): (.*)$/m.exec(plain(output));
  assert.ok(left, output);
  const folder = /^left in (.*)$/m.exec(plain(output))?.[1];
  assert.ok(folder && !existsSync(folder), `${folder} is gone`);
});

test('the browser test with XGEN_CHROMIUM naming no binary fails and says what to do', async () => {
  const { code, output } = await runRunner(['browser/browser.test.ts'], {
    XGEN_CHROMIUM: join(ROOT, 'test', '.tmp', 'no-such-chromium'),
  });
  assert.is.not(code, 0, output);
  assert.match(
    output,
    'no-such-chromium is missing: XGEN_CHROMIUM names a Chromium executable that is not there.',
  );
  assert.match(output, 'Unset it to use the Chromium that npm ci brings (@sparticuz/chromium).');
});

test.run();
