/**
 * 12. Spec bumps on real histories (issue 48): `xgen diff`'s rename verdicts against reviewed lists
 * kept as data (bench/bump-truth/reviewed.json: each rename the bump really makes, judged by reading
 * both specs, with a one-line reason, and each false pairing the diff has ever claimed), and on the
 * real pairs (bench/bump-truth/corpus.ts: five APIs, every version pinned, fetched with npm) `xgen
 * migrate` on a consumer of the old package (bench/bump-truth/pair.ts): the errors the bump causes,
 * the renames migrate applied checked against the list, the uses left and whether each is listed
 * with its cause, and migrate's time against `tsc --noEmit` of the same project.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { diffSpecs } from '../generator/diff/compare.ts';
import { specLabel, specPath } from './bump-truth/corpus.ts';
import { applied, type PairRun, renameWords, runPair, stillCompiles, used } from './bump-truth/pair.ts';
import { renameKey, type ReviewedPair, scoreRenames } from './bump-truth/score.ts';
import { ms } from './lib/measure.ts';
import { ensureXgenBuilt, ROOT } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

export const REVIEWED = join(ROOT, 'bench', 'bump-truth', 'reviewed.json');
/** Issue 48's bounds per pair. */
const EXPLAINED = 0.95;
const TIME = 2;

export function reviewedPairs(): ReviewedPair[] {
  return (JSON.parse(readFileSync(REVIEWED, 'utf8')) as { pairs: ReviewedPair[] }).pairs;
}

/** BUMP_TRUTH_ONLY=<substring> narrows the run to the pairs whose name holds it. */
const ONLY = process.env.BUMP_TRUTH_ONLY;

export async function run(options: { runs: number } = { runs: 1 }): Promise<Section> {
  ensureXgenBuilt();
  const verdicts: (string | number)[][] = [];
  const real: (string | number)[][] = [];
  const failures: string[] = [];
  const notes: string[] = [];
  const targetFails = {
    falseApplied: [] as string[],
    silent: [] as string[],
    explained: [] as string[],
    missed: [] as string[],
    time: [] as string[],
  };
  const ratios: string[] = [];
  let realPairs = 0;
  const apis = new Set<string>();
  for (const pair of reviewedPairs()) {
    if (ONLY !== undefined && !pair.name.includes(ONLY)) continue;
    const oldSpec = specPath(pair.old);
    const newSpec = specPath(pair.next);
    const started = performance.now();
    const report = diffSpecs(oldSpec, newSpec);
    const took = performance.now() - started;
    const renames = report.changes.flatMap((c) => (c.rename ? [c.rename] : []));
    const score = scoreRenames(renames, pair);
    verdicts.push([
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
    if (pair.api === undefined) continue;
    realPairs++;
    apis.add(pair.api);
    const big = statSync(oldSpec).size > 4_000_000;
    const rounds = big ? { warmup: 0, runs: 1 } : { warmup: 1, runs: Math.max(2, options.runs) };
    const pairStarted = performance.now();
    let result: PairRun;
    try {
      result = await runPair(pair.name.replace(/[^A-Za-z0-9.-]+/g, '_'), oldSpec, newSpec, rounds);
    } catch (error) {
      failures.push(`${pair.name}: ${(error as Error).message.split('\n')[0]}`);
      real.push([pair.name, 'failed', '', '', '', '', '', '', '', '', '']);
      continue;
    }
    const pairSeconds = (performance.now() - pairStarted) / 1000;
    const falses = new Set(pair.falsePairings.map((r) => r.rename));
    const truths = new Set(pair.renames.map((r) => r.rename));
    let falseApplied = 0;
    let trueApplied = 0;
    let trueListed = 0;
    let trueUnused = 0;
    let trueKept = 0;
    const trueMissed: string[] = [];
    for (const rename of renames) {
      const key = renameKey(rename);
      const count = applied(rename, result.changed);
      if (falses.has(key) && count > 0) {
        falseApplied++;
        targetFails.falseApplied.push(`${pair.name}: ${key} (${count} lines)`);
      }
    }
    // Each true rename: applied in the consumer, listed with its reason, or never used by it.
    for (const key of truths) {
      const rename = renames.find((r) => renameKey(r) === key);
      if (rename && applied(rename, result.changed) > 0) trueApplied++;
      else if (rename && !used(rename, result.program)) trueUnused++;
      else if (rename && stillCompiles(rename, result.program, result.brokenLines)) trueKept++;
      else {
        const [from] = rename ? renameWords(rename) : [key.split(' ')[1]?.split('.').pop() ?? key];
        if (result.listing.some((l) => l.includes(from))) trueListed++;
        else trueMissed.push(key);
      }
    }
    const explained = result.listed === 0 ? 1 : (result.listed - result.unexplained) / result.listed;
    if (falseApplied > 0) failures.push(`${pair.name}: ${falseApplied} false renames applied`);
    if (result.silent.length > 0) {
      targetFails.silent.push(`${pair.name}: ${result.silent.length}`);
      notes.push(`${pair.name}: silent leftovers, e.g. ${result.silent.slice(0, 2).join(' | ')}`);
    }
    if (explained < EXPLAINED) {
      targetFails.explained.push(`${pair.name}: ${(explained * 100).toFixed(1)}%`);
      notes.push(
        `${pair.name}: unexplained listings, e.g. ${result.unexplainedSamples.slice(0, 2).join(' | ')}`,
      );
    }
    for (const key of trueMissed) targetFails.missed.push(`${pair.name}: ${key}`);
    if (!(result.ratio <= TIME)) targetFails.time.push(`${pair.name}: ${result.ratio.toFixed(2)}x`);
    ratios.push(`${pair.name.split(' ')[0]} ${result.ratio.toFixed(2)}x`);
    if (result.note) notes.push(`${pair.name}: migrate said "${result.note.replace(/^[^:]+: /, '')}"`);
    // A pair can take minutes (GitHub's): say each as it ends, so a long run shows where it is.
    console.log(
      `bump-truth: ${pair.name}: ${result.broken} errors, ${result.left} left, ${result.silent.length} silent, ${falseApplied} false renames applied, migrate ${result.ratio.toFixed(2)}x tsc (${pairSeconds.toFixed(0)} s)`,
    );
    real.push([
      pair.name,
      `${result.lines} / ${result.operations}`,
      result.broken,
      result.changed.length,
      `${falseApplied}`,
      `${trueApplied + trueListed + trueUnused + trueKept}/${truths.size}${[
        trueApplied > 0 ? `${trueApplied} applied` : '',
        trueListed > 0 ? `${trueListed} listed` : '',
        trueUnused > 0 ? `${trueUnused} unused` : '',
        trueKept > 0 ? `${trueKept} still compiling` : '',
      ]
        .filter((s) => s !== '')
        .join(', ')
        .replace(/^(.+)$/, ' ($1)')}`,
      result.left,
      result.silent.length,
      `${(explained * 100).toFixed(1)}%`,
      `${ms(result.migrateMs)} / ${ms(result.tscMs)} = ${result.ratio.toFixed(2)}x`,
      `${pairSeconds.toFixed(0)} s${result.cached ? ' (cached)' : ''}`,
    ]);
  }
  const versions = reviewedPairs()
    .filter((p) => p.api !== undefined)
    .map((p) => `${p.api}: ${specLabel(p.old)} -> ${specLabel(p.next)}`);
  const body = [
    table(
      [
        'pair',
        'consumer lines / operations',
        'errors after regenerating',
        'lines migrate rewrote',
        'false renames applied',
        'true renames applied, listed, unused or still compiling',
        'errors left',
        'silent (unlisted)',
        'listings naming their cause',
        'migrate --dry-run / tsc --noEmit (paired)',
        'pair time',
      ],
      real,
      1,
    ),
    '',
    `${realPairs} real pairs of ${apis.size} APIs (${versions.join('; ')}). "Errors after regenerating": tsc's errors of the consumer of the old package against the new one, the ground truth of what the bump breaks. A rename is applied where a line migrate changed held the old name and now holds the new one. "Listings naming their cause": of the errors left that migrate listed, those not saying "no change of the diff explains this". Time: \`xgen migrate --dry-run\` and \`tsc --noEmit\` as fresh processes in the consumer's folder, alternating, the ratio taken within each round (specs over 4 MB: one round, no warm-up).`,
    ...(notes.length > 0 ? ['', ...notes.map((n) => `- ${n}`)] : []),
    '',
    'Rename verdicts of `xgen diff` against the reviewed list (real pairs and the fixture pairs):',
    '',
    table(
      ['pair', 'renames claimed', 'true found', 'missed', 'false claimed', 'unreviewed', 'diff'],
      verdicts,
      1,
    ),
  ].join('\n');
  const met = (list: string[]) => (realPairs === 0 ? 'failed' : list.length === 0);
  const said = (list: string[]) =>
    list.length === 0
      ? `0 on ${realPairs} pairs`
      : list.slice(0, 4).join('; ') + (list.length > 4 ? `; +${list.length - 4}` : '');
  return {
    title: 'Spec bumps on real histories: rename verdicts, migrate against tsc',
    body,
    failures,
    targets: [
      [
        `bump-truth: >= 5 APIs, >= 12 real pairs (48)`,
        `${apis.size} APIs, ${realPairs} pairs`,
        apis.size >= 5 && realPairs >= 12,
      ],
      [
        'bump-truth, every pair: 0 false renames applied (48)',
        said(targetFails.falseApplied),
        met(targetFails.falseApplied),
      ],
      ['bump-truth, every pair: 0 silent leftovers (48)', said(targetFails.silent), met(targetFails.silent)],
      [
        `bump-truth, every pair: >= ${EXPLAINED * 100}% of listings name their cause (48)`,
        said(targetFails.explained),
        met(targetFails.explained),
      ],
      [
        'bump-truth, every pair: each true rename applied or listed (48)',
        said(targetFails.missed),
        met(targetFails.missed),
      ],
      [
        `bump-truth, every pair: migrate <= ${TIME}x tsc --noEmit (48)`,
        ratios.join(', '),
        met(targetFails.time),
      ],
    ],
  };
}
