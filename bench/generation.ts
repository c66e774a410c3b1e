/**
 * 1. Generation: wall time and peak memory of each generator on the same spec files, run alternately.
 * Also `ensureOutputs`, which the other benchmarks use to get each tool's output without timing it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  alternate,
  type CommandResult,
  mbOf,
  msOf,
  type Outcome,
  outcome,
  paired,
  pairedRatios,
  pairedSpread,
  ratio,
  runCommand,
  shortRunRounds,
  why,
} from './lib/measure.ts';
import {
  BENCH,
  ensureXgenBuilt,
  outDir,
  PEERS,
  ROOT,
  SPECS,
  SPEC_NAMES,
  type SpecName,
  XGEN_BIN,
} from './lib/setup.ts';
import { CODE_CACHE_NOTE, codeCacheEnv } from './lib/code-cache.ts';
import { contenderFolder } from './lib/contenders.ts';
import { type Section, table } from './lib/table.ts';

export const GENERATORS = ['xgen', 'openapi-typescript', 'heyapi', 'orval'] as const;
export type Generator = (typeof GENERATORS)[number];

export const LABELS: Record<Generator, string> = {
  xgen: 'xgen',
  'openapi-typescript': 'openapi-typescript (types only)',
  heyapi: '@hey-api/openapi-ts',
  orval: 'orval (fetch)',
};

/** What a generation run is: a generator, or xgen on both X packages (cold, or through its result cache). */
export type Run = Generator | 'xgen-both' | 'xgen-both-cached';

/**
 * The command that runs one generator on one spec, writing to `outDir(tool, spec)`. xgen runs
 * with `--no-cache` (every stage, as on a first run) except in `xgen-both-cached`, which measures
 * regenerating with unchanged inputs through the result cache.
 */
export function command(
  tool: Run,
  spec: SpecName | 'both',
): { args: string[]; env?: Record<string, string>; cwd: string } {
  // Each in an empty folder of its own outside the repository, its configuration by explicit path
  // (lib/contenders.ts): openapi-typescript started in the root would lint with its redocly.yaml.
  const config = PEER_CONFIGS[tool as keyof typeof PEER_CONFIGS];
  const cwd = contenderFolder(tool, ROOT, config ? [join(BENCH, 'configs', config)] : []);
  return { ...invocation(tool, spec, cwd), cwd };
}

/** The peers' configuration files in bench/configs, each copied into its working folder. */
export const PEER_CONFIGS = { heyapi: 'heyapi.config.mjs', orval: 'orval.config.mjs' } as const;

function invocation(
  tool: Run,
  spec: SpecName | 'both',
  cwd: string,
): { args: string[]; env?: Record<string, string> } {
  const out = outDir(tool, spec);
  const env = { BENCH_SPEC: spec === 'both' ? '' : SPECS[spec], BENCH_OUT: out };
  switch (tool) {
    case 'xgen':
      return {
        args: [XGEN_BIN, 'generate', '--config', join(BENCH, `configs/xgen.${spec}.yaml`), '--no-cache'],
      };
    case 'xgen-both':
      return {
        args: [XGEN_BIN, 'generate', '--config', join(BENCH, 'configs/xgen.both.yaml'), '--no-cache'],
      };
    case 'xgen-both-cached':
      return {
        args: [
          XGEN_BIN,
          'generate',
          '--config',
          join(BENCH, 'configs/xgen.both.yaml'),
          '--cache-dir',
          join(out, 'cache'),
        ],
      };
    case 'openapi-typescript':
      return {
        args: [
          join(PEERS, 'openapi-typescript/bin/cli.js'),
          SPECS[spec as SpecName],
          '-o',
          join(out, 'schema.ts'),
        ],
      };
    case 'heyapi':
      return {
        args: [join(PEERS, '@hey-api/openapi-ts/bin/run.js'), '-f', join(cwd, PEER_CONFIGS.heyapi)],
        env,
      };
    case 'orval':
      return {
        args: [join(PEERS, 'orval/dist/bin/orval.mjs'), '--config', join(cwd, PEER_CONFIGS.orval)],
        env,
      };
  }
}

async function generate(tool: Run, spec: SpecName | 'both'): Promise<CommandResult> {
  mkdirSync(outDir(tool, spec), { recursive: true });
  const { args, env = {}, cwd } = command(tool, spec);
  if (tool.startsWith('xgen')) Object.assign(env, codeCacheEnv());
  return runCommand(process.execPath, args, { cwd, env });
}

/** Why a generator failed on a spec in `ensureOutputs`, kept beside the outputs for later runs. */
export function failure(tool: Generator, spec: SpecName): string | undefined {
  const file = `${outDir(tool, spec)}.failed`;
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Makes sure every generator's output exists for every spec (runs the generator once where it does not).
 * Where xgen refuses to write a package that does not type-check, writes its unchecked output instead,
 * so that the quality benchmark can count the errors.
 */
export async function ensureOutputs(): Promise<void> {
  ensureXgenBuilt();
  for (const spec of SPEC_NAMES) {
    for (const tool of GENERATORS) {
      const marker =
        tool === 'xgen'
          ? join(outDir(tool, spec), 'src/index.ts')
          : tool === 'openapi-typescript'
            ? join(outDir(tool, spec), 'schema.ts')
            : tool === 'orval'
              ? join(outDir(tool, spec), 'client.ts')
              : join(outDir(tool, spec), 'index.ts');
      if (existsSync(marker)) continue;
      const result = await generate(tool, spec);
      if (result.code !== 0) writeFileSync(`${outDir(tool, spec)}.failed`, why(result));
      else rmSync(`${outDir(tool, spec)}.failed`, { force: true });
      if (tool === 'xgen' && !existsSync(marker)) await writeUnchecked(spec);
    }
  }
}

/** Runs xgen's stages up to format (no compile, so no type-check) and writes the sources. */
async function writeUnchecked(spec: SpecName): Promise<void> {
  const out = outDir('xgen', spec);
  rmSync(out, { recursive: true, force: true });
  await runCommand(
    process.execPath,
    ['--import', 'tsx', join(BENCH, 'lib/xgen-unchecked.ts'), SPECS[spec], out],
    { cwd: BENCH },
  );
}

/** Rounds per spec: x-2.159's is the short run (see shortRunRounds). */
const roundsFor = (spec: SpecName, runs: number): number =>
  spec === 'x-2.159' ? shortRunRounds(runs) : runs;

export async function run(options: { runs: number }): Promise<Section> {
  ensureXgenBuilt();
  // Warm-up: every generator once (files into the page cache, the machine's caches warm).
  for (const tool of GENERATORS) await generate(tool, 'core-v2');
  const rows: string[][] = [];
  const failures: string[] = [];
  const fail = (label: string, result: Outcome) => {
    if (result.failed) failures.push(`${label} exited ${result.code}: ${result.why}`);
  };
  const wallOf = (result: Outcome) => (result.failed ? undefined : result.ms);
  let ref = new Map<Generator, Outcome>();
  let refRuns = new Map<Generator, CommandResult[]>();
  const bySpec = new Map<SpecName, Map<Generator, CommandResult[]>>();
  for (const spec of SPEC_NAMES) {
    const results = await alternate(GENERATORS, { warmup: 0, runs: roundsFor(spec, options.runs) }, (tool) =>
      generate(tool, spec),
    );
    bySpec.set(spec, results);
    const outcomes = new Map(GENERATORS.map((tool) => [tool, outcome(results.get(tool)!)] as const));
    if (spec === 'x-2.159') {
      ref = outcomes;
      refRuns = results;
    }
    const ours = wallOf(outcomes.get('xgen')!);
    for (const tool of GENERATORS) {
      const result = outcomes.get(tool)!;
      fail(`${LABELS[tool]} on ${spec}`, result);
      const runs = results.get(tool)!;
      rows.push([
        spec,
        LABELS[tool] + (result.failed ? ' (failed)' : ''),
        msOf(result),
        mbOf(result),
        ours === undefined || result.failed
          ? '—'
          : ratio(
              paired(
                runs.map((r) => r.ms),
                results.get('xgen')!.map((r) => r.ms),
              ),
              1,
            ),
      ]);
    }
  }
  // The target: both X packages in one `xgen generate` (the root config's two packages), against
  // openapi-typescript run on the same two specs one after the other, the two alternating.
  const pair = await alternate(
    ['xgen-both', 'openapi-typescript'] as const,
    { warmup: 0, runs: options.runs },
    async (tool) => {
      if (tool === 'xgen-both') return generate('xgen-both', 'both');
      const [core, ads] = [await generate(tool, 'core-v2'), await generate(tool, 'ads-v12')];
      return {
        ...(core.code !== 0 ? core : ads),
        ms: core.ms + ads.ms,
        peakKb: Math.max(core.peakKb ?? Number.NaN, ads.peakKb ?? Number.NaN),
      };
    },
  );
  const bothResult = outcome(pair.get('xgen-both')!);
  const peerPairResult = outcome(pair.get('openapi-typescript')!);
  const bothPaired = paired(
    pair.get('xgen-both')!.map((r) => r.ms),
    pair.get('openapi-typescript')!.map((r) => r.ms),
  );
  const peerPairLabel = `${LABELS['openapi-typescript']}, two runs`;
  fail('xgen (one config, both packages)', bothResult);
  fail(peerPairLabel, peerPairResult);
  rows.push([
    'core-v2 + ads-v12',
    'xgen (one config, both packages)',
    msOf(bothResult),
    mbOf(bothResult),
    '1.00x',
  ]);
  rows.push([
    'core-v2 + ads-v12',
    peerPairLabel,
    msOf(peerPairResult),
    mbOf(peerPairResult),
    ratio(
      paired(
        pair.get('openapi-typescript')!.map((r) => r.ms),
        pair.get('xgen-both')!.map((r) => r.ms),
      ),
      1,
    ),
  ]);
  // Regenerating with unchanged inputs (a build step, a pre-commit `--check`): the result cache answers.
  rmSync(join(outDir('xgen-both-cached', 'both'), 'cache'), { recursive: true, force: true });
  const seeded = await generate('xgen-both-cached', 'both');
  const cached: CommandResult[] = seeded.code !== 0 ? [seeded] : []; // a failed seeding run fails the row too
  for (let i = 0; i < options.runs; i++) cached.push(await generate('xgen-both-cached', 'both'));
  const cachedResult = outcome(cached);
  fail('xgen, inputs unchanged (result cache)', cachedResult);
  rows.push([
    'core-v2 + ads-v12',
    'xgen, inputs unchanged (result cache)',
    msOf(cachedResult),
    mbOf(cachedResult),
    '',
  ]);
  const body = [
    table(['spec', 'generator', 'wall (median)', 'peak RSS', 'vs xgen (paired)'], rows, 2),
    '',
    `Each generator runs as its CLI in a fresh process (xgen: the published \`bin/xgen.js\` on \`dist/\`), ${options.runs} runs per spec after a warm-up (x-2.159: ${roundsFor('x-2.159', options.runs)}), contenders alternating. "vs xgen (paired)": the contender's wall time over xgen's within each round (they ran back to back), then the median over the rounds; the ratio targets are judged on these paired ratios. xgen runs with \`--no-cache\` (every stage, as on a first run) except in the last row, and also type-checks (strict) and compiles what it generates; openapi-typescript writes types only; hey-api and orval write types and an SDK and do not type-check. A contender with any failed run shows FAILED, never a time. "core-v2 + ads-v12": one xgen run for both packages, alternating with openapi-typescript run on the two specs one after the other (wall summed, peak the larger). xgen compiles with TypeScript 7's native \`tsc\`, a child process: peak RSS is the whole process tree's (the largest sum of its processes' resident memory, sampled every 20 ms), or GNU time's single process where /proc is missing.`,
    '',
    CODE_CACHE_NOTE,
    ...(failures.length ? ['', ...failures.map((f) => `- ${f}`)] : []),
  ].join('\n');
  /** A target over outcomes: 'failed' when any of them failed, else whether `met` holds. */
  const target = (
    name: string,
    results: Outcome[],
    measured: () => string,
    met: () => boolean,
  ): [string, string, boolean | 'failed'] =>
    results.some((r) => r.failed)
      ? [
          name,
          `failed: ${results
            .filter((r) => r.failed)
            .map((r) => (r.failed ? `exit ${r.code}` : ''))
            .join(', ')}`,
          'failed',
        ]
      : [name, measured(), met()];
  // xgen's wall time over a peer's on x-2.159, paired by round.
  const refRatio = (tool: Generator) =>
    paired(
      (refRuns.get('xgen') ?? []).map((r) => r.ms),
      (refRuns.get(tool) ?? []).map((r) => r.ms),
    );
  const refMeasured = (tool: Generator) => () =>
    `${pairedSpread(
      (refRuns.get('xgen') ?? []).map((r) => r.ms),
      (refRuns.get(tool) ?? []).map((r) => r.ms),
    )}; medians ${msOf(ref.get('xgen')!)} vs ${msOf(ref.get(tool)!)}`;
  const bothMeasured = () =>
    `${pairedSpread(
      pair.get('xgen-both')!.map((r) => r.ms),
      pair.get('openapi-typescript')!.map((r) => r.ms),
    )}; medians ${msOf(bothResult)} vs ${msOf(peerPairResult)}`;
  // xgen against openapi-typescript on each spec, paired by round: wall time, and the process tree's peak.
  const versusPeer = (spec: SpecName, of: (r: CommandResult) => number | undefined) => {
    const runs = bySpec.get(spec)!;
    const ours = runs.get('xgen')!.map((r) => of(r) ?? Number.NaN);
    const theirs = runs.get('openapi-typescript')!.map((r) => of(r) ?? Number.NaN);
    return {
      median: paired(ours, theirs),
      ratios: pairedRatios(ours, theirs),
      text: pairedSpread(ours, theirs),
    };
  };
  const treeOf = (r: CommandResult) => r.treeKb ?? r.peakKb;
  const everySpec = (of: (r: CommandResult) => number | undefined, bound: number) => {
    const each = SPEC_NAMES.map((spec) => [spec, versusPeer(spec, of)] as const);
    return {
      measured: () => each.map(([spec, v]) => `${spec} ${v.text}`).join('; '),
      met: () =>
        each.every(([, v]) => v.ratios.length > 0 && v.ratios.every(Number.isFinite) && v.median <= bound),
    };
  };
  const everyWall = everySpec((r) => r.ms, 1.0);
  const everyTree = everySpec(treeOf, 1.5);
  const everyOutcome = () =>
    SPEC_NAMES.flatMap((spec) =>
      (['xgen', 'openapi-typescript'] as const).map((tool) => outcome(bySpec.get(spec)!.get(tool)!)),
    );
  const refOutcomes = (...tools: Generator[]) =>
    tools.map((t) => ref.get(t) ?? ({ failed: true, code: -1, why: 'not run' } as Outcome));
  const targets: [string, string, boolean | 'failed'][] = [
    target(
      'both X packages generated in ≤ 2 s wall (every stage)',
      [bothResult],
      () => msOf(bothResult),
      () => wall(bothResult) <= 2000,
    ),
    target(
      '… regenerated with unchanged inputs (result cache)',
      [cachedResult],
      () => msOf(cachedResult),
      () => wall(cachedResult) <= 2000,
    ),
    target(
      "x-2.159: ≤ 1.2x openapi-typescript's time",
      refOutcomes('xgen', 'openapi-typescript'),
      refMeasured('openapi-typescript'),
      () => refRatio('openapi-typescript') <= 1.2,
    ),
    target(
      "x-2.159: ≤ 0.3x hey-api's time",
      refOutcomes('xgen', 'heyapi'),
      refMeasured('heyapi'),
      () => refRatio('heyapi') <= 0.3,
    ),
    target(
      'both X packages cold: ≤ 1.0x openapi-typescript on the two specs (38)',
      [bothResult, peerPairResult],
      bothMeasured,
      () => bothPaired <= 1.0,
    ),
    target(
      "x-2.159: ≤ 1.0x openapi-typescript's time (38)",
      refOutcomes('xgen', 'openapi-typescript'),
      refMeasured('openapi-typescript'),
      () => refRatio('openapi-typescript') <= 1.0,
    ),
    target(
      'both X packages cold: ≤ 1.5x openapi-typescript on the two specs',
      [bothResult, peerPairResult],
      bothMeasured,
      () => bothPaired <= 1.5,
    ),
    target(
      "x-2.159: ≤ 1.5x openapi-typescript's time",
      refOutcomes('xgen', 'openapi-typescript'),
      refMeasured('openapi-typescript'),
      () => refRatio('openapi-typescript') <= 1.5,
    ),
    target(
      'every spec: cold wall ≤ 1.0x openapi-typescript (53)',
      everyOutcome(),
      everyWall.measured,
      everyWall.met,
    ),
    target(
      'every spec: process tree peak ≤ 1.5x openapi-typescript (53)',
      everyOutcome(),
      everyTree.measured,
      everyTree.met,
    ),
  ];
  return { title: 'Generation: wall time and peak memory', body, targets, failures };
}

/** A successful outcome's median wall time (NaN for a failed one, which no target may meet). */
function wall(result: Outcome): number {
  return result.failed ? Number.NaN : result.ms;
}
