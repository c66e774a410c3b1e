/**
 * 12. `xgen diff`'s rename verdicts on spec histories, against reviewed lists kept as data
 * (bench/bump-truth/reviewed.json: each rename the bump really makes, judged by reading both specs,
 * with a one-line reason, and each false pairing the diff has ever claimed). A false rename is what
 * `xgen migrate` would apply silently; a missed one is hand work. Only the rename verdicts so far:
 * the migrate columns of issue 48 (rewrites, leftovers, % explained, time against tsc) and the
 * GitHub and Stripe histories are not measured here yet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffSpecs } from '../generator/diff/compare.ts';
import { type ReviewedPair, scoreRenames } from './bump-truth/score.ts';
import { ms } from './lib/measure.ts';
import { ROOT } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

export const REVIEWED = join(ROOT, 'bench', 'bump-truth', 'reviewed.json');

export function reviewedPairs(): ReviewedPair[] {
  return (JSON.parse(readFileSync(REVIEWED, 'utf8')) as { pairs: ReviewedPair[] }).pairs;
}

export async function run(): Promise<Section> {
  const rows: (string | number)[][] = [];
  const failures: string[] = [];
  for (const pair of reviewedPairs()) {
    const started = performance.now();
    const report = diffSpecs(join(ROOT, pair.old), join(ROOT, pair.next));
    const took = performance.now() - started;
    const claimed = report.changes.flatMap((c) => (c.rename ? [c.rename] : []));
    const score = scoreRenames(claimed, pair);
    rows.push([
      pair.name,
      score.claimed,
      `${score.found.length}/${pair.renames.length}`,
      score.missed.length,
      score.falseClaimed.length,
      score.unreviewed.length,
      ms(took),
    ]);
    for (const key of score.falseClaimed) failures.push(`${pair.name}: false rename claimed: ${key}`);
    for (const key of score.missed) failures.push(`${pair.name}: true rename missed: ${key}`);
    for (const key of score.unreviewed)
      failures.push(`${pair.name}: claimed, not in the reviewed list: ${key}`);
  }
  const body = [
    table(
      ['pair', 'renames claimed', 'true found', 'missed', 'false claimed', 'unreviewed', 'diff'],
      rows,
      1,
    ),
    '',
    'Target: every true rename found, no false one claimed, nothing claimed that the list does not judge.',
  ].join('\n');
  return { title: 'Bump truth: rename verdicts against reviewed lists', body, failures };
}
