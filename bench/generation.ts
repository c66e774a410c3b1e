/**
 * 1. Generation: wall time and peak memory of each generator on the same spec files, run alternately.
 * Also `ensureOutputs`, which the other benchmarks use to get each tool's output without timing it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alternate, type CommandResult, mb, median, ms, ratio, runCommand } from './lib/measure.ts';
import { BENCH, ensureXgenBuilt, outDir, PEERS, SPECS, SPEC_NAMES, type SpecName, XGEN_BIN } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

export const GENERATORS = ['xgen', 'openapi-typescript', 'heyapi', 'orval'] as const;
export type Generator = (typeof GENERATORS)[number];

export const LABELS: Record<Generator, string> = {
  xgen: 'xgen',
  'openapi-typescript': 'openapi-typescript (types only)',
  heyapi: '@hey-api/openapi-ts',
  orval: 'orval (fetch)',
};

/** The command that runs one generator on one spec, writing to `outDir(tool, spec)`. */
type Run = Generator | 'xgen-both' | 'xgen-both-cached';

/**
 * The command that runs one generator on one spec, writing to `outDir(tool, spec)`. xgen runs
 * with `--no-cache` (every stage, as on a first run) except in `xgen-both-cached`, which measures
 * regenerating with unchanged inputs through the result cache.
 */
function command(tool: Run, spec: SpecName | 'both'): { args: string[]; env?: Record<string, string> } {
  const out = outDir(tool, spec);
  const env = { BENCH_SPEC: spec === 'both' ? '' : SPECS[spec], BENCH_OUT: out };
  switch (tool) {
    case 'xgen':
      return { args: [XGEN_BIN, 'generate', '--config', join(BENCH, `configs/xgen.${spec}.yaml`), '--no-cache'] };
    case 'xgen-both':
      return { args: [XGEN_BIN, 'generate', '--config', join(BENCH, 'configs/xgen.both.yaml'), '--no-cache'] };
    case 'xgen-both-cached':
      return { args: [XGEN_BIN, 'generate', '--config', join(BENCH, 'configs/xgen.both.yaml'), '--cache-dir', join(out, 'cache')] };
    case 'openapi-typescript':
      return { args: [join(PEERS, 'openapi-typescript/bin/cli.js'), SPECS[spec as SpecName], '-o', join(out, 'schema.ts')] };
    case 'heyapi':
      return { args: [join(PEERS, '@hey-api/openapi-ts/bin/run.js'), '-f', join(BENCH, 'configs/heyapi.config.mjs')], env };
    case 'orval':
      return { args: [join(PEERS, 'orval/dist/bin/orval.mjs'), '--config', join(BENCH, 'configs/orval.config.mjs')], env };
  }
}

async function generate(tool: Run, spec: SpecName | 'both'): Promise<CommandResult> {
  mkdirSync(outDir(tool, spec), { recursive: true });
  const { args, env } = command(tool, spec);
  // From bench/, not the root: openapi-typescript would lint with the root's redocly.yaml, which is
  // strict about our own specs, and refuse the reference spec.
  return runCommand(process.execPath, args, { cwd: BENCH, ...(env ? { env } : {}) });
}

/** The first lines of a failed run's output that say why (xgen prints the tsc errors). */
function why(result: CommandResult): string {
  const lines = (result.stderr + result.stdout).split('\n').filter((l) => l.trim() !== '');
  return lines.slice(0, 3).join(' / ');
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
      const marker = tool === 'xgen' ? join(outDir(tool, spec), 'src/index.ts') : tool === 'openapi-typescript' ? join(outDir(tool, spec), 'schema.ts') : tool === 'orval' ? join(outDir(tool, spec), 'client.ts') : join(outDir(tool, spec), 'index.ts');
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
  await runCommand(process.execPath, ['--import', 'tsx', join(BENCH, 'lib/xgen-unchecked.ts'), SPECS[spec], out], { cwd: BENCH });
}

export async function run(options: { runs: number }): Promise<Section> {
  ensureXgenBuilt();
  // Warm-up: every generator once (files into the page cache, the machine's caches warm).
  for (const tool of GENERATORS) await generate(tool, 'core-v2');
  const rows: string[][] = [];
  const notes: string[] = [];
  let refResults = new Map<Generator, CommandResult[]>();
  for (const spec of SPEC_NAMES) {
    const results = await alternate(GENERATORS, { warmup: 0, runs: options.runs }, (tool) => generate(tool, spec));
    if (spec === 'x-2.159') refResults = results;
    const ours = median(results.get('xgen')!.map((r) => r.ms));
    for (const tool of GENERATORS) {
      const rs = results.get(tool)!;
      const failed = rs.filter((r) => r.code !== 0);
      if (failed.length > 0) notes.push(`- ${LABELS[tool]} on ${spec} exited ${failed[0]!.code}: ${why(failed[0]!)}`);
      const wall = median(rs.map((r) => r.ms));
      const peak = median(rs.map((r) => r.peakKb ?? Number.NaN));
      rows.push([spec, LABELS[tool] + (failed.length > 0 ? ' (failed)' : ''), ms(wall), mb(peak), ratio(wall, ours)]);
    }
  }
  // The target: both X packages in one `xgen generate` (the root config's two packages), against
  // openapi-typescript run on the same two specs one after the other, the two alternating.
  const pair = await alternate(['xgen-both', 'openapi-typescript'] as const, { warmup: 0, runs: options.runs }, async (tool) => {
    if (tool === 'xgen-both') return generate('xgen-both', 'both');
    const [core, ads] = [await generate(tool, 'core-v2'), await generate(tool, 'ads-v12')];
    return { ...ads, ms: core.ms + ads.ms, peakKb: Math.max(core.peakKb ?? Number.NaN, ads.peakKb ?? Number.NaN), code: core.code || ads.code };
  });
  const both = pair.get('xgen-both')!;
  const bothWall = median(both.map((r) => r.ms));
  const peerPair = pair.get('openapi-typescript')!;
  const peerPairWall = median(peerPair.map((r) => r.ms));
  rows.push(['core-v2 + ads-v12', 'xgen (one config, both packages)', ms(bothWall), mb(median(both.map((r) => r.peakKb ?? Number.NaN))), '1.00x']);
  rows.push(['core-v2 + ads-v12', `${LABELS['openapi-typescript']}, two runs`, ms(peerPairWall), mb(median(peerPair.map((r) => r.peakKb ?? Number.NaN))), ratio(peerPairWall, bothWall)]);
  // Regenerating with unchanged inputs (a build step, a pre-commit `--check`): the result cache answers.
  rmSync(join(outDir('xgen-both-cached', 'both'), 'cache'), { recursive: true, force: true });
  await generate('xgen-both-cached', 'both');
  const cached: CommandResult[] = [];
  for (let i = 0; i < options.runs; i++) cached.push(await generate('xgen-both-cached', 'both'));
  const cachedWall = median(cached.map((r) => r.ms));
  rows.push(['core-v2 + ads-v12', 'xgen, inputs unchanged (result cache)', ms(cachedWall), mb(median(cached.map((r) => r.peakKb ?? Number.NaN))), '']);
  const body = [
    table(['spec', 'generator', 'wall (median)', 'peak RSS', 'vs xgen'], rows, 2),
    '',
    `Each generator runs as its CLI in a fresh process (xgen: the published \`bin/xgen.js\` on \`dist/\`), ${options.runs} runs per spec after a warm-up, contenders alternating. xgen runs with \`--no-cache\` (every stage, as on a first run) except in the last row, and also type-checks (strict) and compiles what it generates; openapi-typescript writes types only; hey-api and orval write types and an SDK and do not type-check. "core-v2 + ads-v12": one xgen run for both packages, alternating with openapi-typescript run on the two specs one after the other (wall summed, peak the larger). xgen compiles with TypeScript 7's native \`tsc\`, a child process: peak RSS is GNU time's, the larger of the two processes, not their sum.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  const ref = (tool: Generator) => median((refResults.get(tool) ?? []).map((r) => r.ms));
  const targets: [string, string, boolean][] = [
    ['both X packages generated in ≤ 2 s wall (every stage)', ms(bothWall), bothWall <= 2000],
    ['… regenerated with unchanged inputs (result cache)', ms(cachedWall), cachedWall <= 2000],
    ['x-2.159: ≤ 1.2x openapi-typescript\'s time', `${ratio(ref('xgen'), ref('openapi-typescript'))} (${ms(ref('xgen'))} vs ${ms(ref('openapi-typescript'))})`, ref('xgen') <= 1.2 * ref('openapi-typescript')],
    ['x-2.159: ≤ 0.3x hey-api\'s time', `${ratio(ref('xgen'), ref('heyapi'))} (${ms(ref('xgen'))} vs ${ms(ref('heyapi'))})`, ref('xgen') <= 0.3 * ref('heyapi')],
    ['both X packages cold: ≤ 1.5x openapi-typescript on the two specs (15)', `${ratio(bothWall, peerPairWall)} (${ms(bothWall)} vs ${ms(peerPairWall)})`, bothWall <= 1.5 * peerPairWall],
    ['x-2.159: ≤ 1.5x openapi-typescript\'s time (15)', `${ratio(ref('xgen'), ref('openapi-typescript'))} (${ms(ref('xgen'))} vs ${ms(ref('openapi-typescript'))})`, ref('xgen') <= 1.5 * ref('openapi-typescript')],
  ];
  return { title: 'Generation: wall time and peak memory', body, targets };
}
