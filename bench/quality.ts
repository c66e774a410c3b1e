/**
 * 2. Output quality: `tsc --noEmit` over each generator's output for the same spec, all under the same
 * strict settings: the number of errors and how long the check takes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureOutputs, failure, GENERATORS, type Generator, LABELS } from './generation.ts';
import { alternate, type CommandResult, median, ms, ratio, runCommand } from './lib/measure.ts';
import { OUT, outDir, PEERS, SPEC_NAMES, type SpecName } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

/** The settings every output is checked with: strict, a modern target, DOM for fetch. */
export const STRICT_OPTIONS = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

export const TSC = join(PEERS, 'typescript/bin/tsc');

function project(tool: Generator, spec: SpecName): string {
  const dir = join(OUT, 'quality', tool, spec);
  mkdirSync(dir, { recursive: true });
  const source = outDir(tool, spec);
  const include =
    tool === 'xgen' ? [`${relative(dir, source)}/src/**/*.ts`] : [`${relative(dir, source)}/**/*.ts`];
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: STRICT_OPTIONS, include }, null, 2),
  );
  return dir;
}

export interface TscRun {
  result: CommandResult;
  errors: number;
  checkMs: number;
  firstError: string | undefined;
}

/** Runs tsc on a project folder with --extendedDiagnostics and reads errors and check time. */
export async function tsc(dir: string): Promise<TscRun> {
  const result = await runCommand(process.execPath, [
    TSC,
    '-p',
    dir,
    '--extendedDiagnostics',
    '--pretty',
    'false',
  ]);
  const errorLines = result.stdout.split('\n').filter((l) => /error TS\d+:/.test(l));
  const check = /Check time:\s+([\d.]+)s/.exec(result.stdout);
  return {
    result,
    errors: errorLines.length,
    checkMs: check ? Number(check[1]) * 1000 : Number.NaN,
    firstError: errorLines[0],
  };
}

export async function run(options: { runs: number }): Promise<Section> {
  await ensureOutputs();
  const rows: string[][] = [];
  const notes: string[] = [];
  let refErrors = Number.NaN;
  // Warm-up: one check (tsc and the lib files into the page cache).
  await tsc(project('xgen', 'core-v2'));
  for (const spec of SPEC_NAMES) {
    const dirs = new Map(GENERATORS.map((tool) => [tool, project(tool, spec)]));
    const results = await alternate(GENERATORS, { warmup: 0, runs: options.runs }, (tool) =>
      tsc(dirs.get(tool)!),
    );
    const ours = median(results.get('xgen')!.map((r) => r.result.ms));
    for (const tool of GENERATORS) {
      const rs = results.get(tool)!;
      const wall = median(rs.map((r) => r.result.ms));
      const failed = failure(tool, spec);
      if (failed)
        notes.push(
          tool === 'xgen'
            ? `- xgen refused to write ${spec} (\`${failed}\`); the row checks its unchecked output.`
            : `- ${LABELS[tool]} failed on ${spec}: \`${failed}\``,
        );
      if (rs[0]!.errors > 0)
        notes.push(`- ${LABELS[tool]} on ${spec}, first error: \`${rs[0]!.firstError}\``);
      if (tool === 'xgen' && spec === 'x-2.159') refErrors = rs[0]!.errors;
      rows.push([
        spec,
        LABELS[tool],
        String(rs[0]!.errors),
        ms(median(rs.map((r) => r.checkMs))),
        ms(wall),
        ratio(wall, ours),
      ]);
    }
  }
  const body = [
    table(['spec', 'output of', 'tsc errors', 'check time', 'tsc wall', 'vs xgen'], rows, 2),
    '',
    `\`tsc --noEmit\` (TypeScript 5.9.3) over each output with the same options: \`${JSON.stringify(STRICT_OPTIONS)}\`. Check time is tsc's own "Check time" (--extendedDiagnostics); wall is the whole tsc process. ${options.runs} runs per output after a warm-up check, alternating. xgen's output is its package \`src/\`.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  return {
    title: 'Output quality: tsc errors and check time',
    body,
    targets: [
      [
        "x-2.159: xgen's client has 0 tsc errors (strict)",
        `${refErrors} errors${failure('xgen', 'x-2.159') ? ' (xgen refused to write it)' : ''}`,
        refErrors === 0 && !failure('xgen', 'x-2.159'),
      ],
    ],
  };
}
