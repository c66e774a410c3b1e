/** The bench's measuring and reporting: a contender whose command fails is a failed row, never a figure, and fails the bench. */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { mbOf, msOf, outcome, paired, pairedSpread, runCommand } from '../../../bench/lib/measure.ts';
import { benchExitCode, type Section, targetStatus } from '../../../bench/lib/table.ts';

const node = process.execPath;

test('a command that exits non-zero: its outcome is a failure with the reason, never a time', async () => {
  const failed = await runCommand(node, [
    '-e',
    'console.error("xgen: cannot write out: permission denied"); process.exit(3)',
  ]);
  assert.is(failed.code, 3);
  const result = outcome([failed]);
  assert.equal(result, { failed: true, code: 3, why: 'xgen: cannot write out: permission denied' });
  assert.is(msOf(result), 'FAILED (exit 3)');
  assert.is(mbOf(result), '—');
});

test('paired ratios: the median of the per-round ratios, not the ratio of the medians', () => {
  // Rounds 2 and 3 ran on a slow stretch: both sides in round 2, xgen alone in round 3. The ratio of
  // the medians (2.2 / 1.0) pairs xgen's slow rounds with the peer's fast ones; per round it is 1.1x
  // twice and 2.2x once.
  const xgen = [1.1, 2.2, 2.2];
  const peer = [1.0, 2.0, 1.0];
  assert.is(paired(xgen, peer).toFixed(2), '1.10');
  assert.is(paired([2, 4], [1, 1]), 3);
  // A round missing a side has no ratio: never a figure.
  assert.ok(Number.isNaN(paired([1, 2], [1])));
  assert.ok(Number.isNaN(paired([], [])));
});

test('a paired ratio as a target row states it: the median and the range a rerun is judged against', () => {
  assert.is(pairedSpread([1.1, 2.2, 2.2], [1.0, 2.0, 1.0]), '1.10x paired (1.10x-2.20x over 3 rounds)');
  assert.is(pairedSpread([3, 2], [2, 2]), '1.25x paired (1.00x-1.50x over 2 rounds)');
  // No figure from a round missing a side, nor from a failed one.
  assert.is(pairedSpread([1, 2], [1]), '—');
  assert.is(pairedSpread([1, Number.NaN], [1, 1]), '—');
});

test('one failed run among good ones fails the contender', async () => {
  const good = await runCommand(node, ['-e', '']);
  const bad = await runCommand(node, ['-e', 'process.exit(1)']);
  assert.is(good.code, 0);
  assert.ok(outcome([good, bad, good]).failed);
  const ok = outcome([good, good]);
  assert.not.ok(ok.failed);
  assert.match(msOf(ok), /^\d+ ms$|^\d+\.\d+ s$/);
});

test('a program that cannot start is a failed run, not a crash', async () => {
  const run = await runCommand('/nonexistent/generator', []);
  assert.is.not(run.code, 0);
  assert.ok(outcome([run]).failed);
});

test('the bench exit code: non-zero when a contender failed or a target could not be measured; a missed target is a figure', () => {
  const section = (extra: Partial<Section>): Section => ({ title: 't', body: '', ...extra });
  assert.is(benchExitCode([section({ targets: [['fast', '9 s', false]] })]), 0);
  assert.is(benchExitCode([section({ targets: [['fast', '1 s', true]] })]), 0);
  assert.is(benchExitCode([section({ targets: [['fast', 'failed: exit 1', 'failed']] })]), 1);
  assert.is(benchExitCode([section({}), section({ failures: ['xgen on core-v2 exited 1: boom'] })]), 1);
  assert.is(targetStatus('failed'), 'FAILED');
  assert.is(targetStatus(false), 'MISSED');
  assert.is(targetStatus(true), 'met');
});

test('the tree peak sums the process and its children; CPU is measured', async () => {
  // Each of the two processes holds 96 MB for a while, at the same time.
  const hold = 'const b = Buffer.alloc(96 << 20, 1); setTimeout(() => b.length, 1500);';
  const parent = `const { spawn } = require('node:child_process'); spawn(process.execPath, ['-e', ${JSON.stringify(hold)}], { stdio: 'inherit' }); ${hold}`;
  const result = await runCommand(process.execPath, ['-e', parent]);
  assert.is(result.code, 0, result.stderr);
  assert.ok(result.treeKb !== undefined && result.treeKb > 2 * 96 * 1024, `tree peak ${result.treeKb} KB`);
  if (result.peakKb !== undefined)
    assert.ok(result.peakKb < result.treeKb!, 'one process is less than the tree');
  if (result.cpuMs !== undefined) assert.ok(result.cpuMs > 0);
});

test.run();
