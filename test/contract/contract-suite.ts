/**
 * Registers one uvu suite for a package: Prism starts once before the suite, each operation of the
 * spec is one test, and a closing test prints the table of results with the duration.
 */
import { relative } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { suite } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ContractRun,
  exclusionReason,
  formatResults,
  specOperations,
  type ContractTarget,
  type OperationResult,
} from './harness.ts';
import { TMP_DIR } from './prism-spec.ts';

/**
 * A client defect the contract test found and that is not fixed yet: the operation must still fail
 * with a problem matching `match` (so the test notices the day it is fixed, and the entry goes).
 */
export interface KnownDefect {
  match: RegExp;
  /** Where the defect is and what the fix is. */
  note: string;
}

export function contractSuite(target: ContractTarget, knownDefects: Record<string, KnownDefect> = {}): void {
  const test = suite(`contract ${target.name}`);
  let run: ContractRun | undefined;
  const results: OperationResult[] = [];
  let started = 0;

  test.before(async () => {
    started = performance.now();
    run = await ContractRun.start(target);
  });
  test.after(async () => {
    await run?.stop();
  });

  for (const op of specOperations(target.doc)) {
    const excluded = exclusionReason(op);
    const label = excluded
      ? ' (excluded from calls; reason listed)'
      : knownDefects[op.id]
        ? ' (known client defect)'
        : '';
    test(`${op.id}${label}`, async () => {
      assert.ok(run, 'Prism did not start');
      const result = await run.check(op.id);
      results.push(result);
      const known = knownDefects[op.id];
      if (known) {
        assert.ok(
          result.outcome === 'failed' && result.problems.some((p) => known.match.test(p)),
          `${op.id} no longer fails with ${known.match}: the known defect looks fixed, remove it from the list (${known.note})`,
        );
        result.outcome = 'known-defect';
        result.problems.push(`known client defect (expected failure): ${known.note}`);
        return;
      }
      if (result.outcome === 'failed') {
        assert.unreachable(`${op.id} ${result.exchange ?? ''}\n  ${result.problems.join('\n  ')}`);
      }
      assert.is(result.outcome, excluded ? 'excluded' : 'passed');
    });
  }

  test('every operation was checked; summary', () => {
    const ms = Math.round(performance.now() - started); // Prism's start included
    console.log(
      `\n${formatResults(target.name, results, ms)}\n  Prism workarounds (copy under ${relative(ROOT, TMP_DIR)}/): ${run?.workarounds.join('; ')}`,
    );
    assert.is(results.length, specOperations(target.doc).length);
  });

  test.run();
}
