/**
 * 7. `xgen diff` on X's published 2.147 -> 2.159, beside one cold generation of 2.159 (what a spec
 * bump costs: the diff a pull request runs, against the regeneration it announces).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { alternate, mb, median, ms, ratio, runCommand } from './lib/measure.ts';
import { ensureXgenBuilt, outDir, REFERENCE_SPEC, ROOT, XGEN_BIN } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const OLD_SPEC = join(ROOT, 'test/fixtures/reference/x-openapi-2.147.json');
const CONTENDERS = ['diff', 'generate'] as const;

export async function run(options: { runs: number }): Promise<Section> {
  ensureXgenBuilt();
  const out = outDir('xgen-diff', 'x-2.159');
  mkdirSync(out, { recursive: true });
  const args = {
    diff: [XGEN_BIN, 'diff', OLD_SPEC, REFERENCE_SPEC, '--json'],
    generate: [
      XGEN_BIN,
      'generate',
      '--spec',
      REFERENCE_SPEC,
      '--out',
      join(out, 'pkg'),
      '--name',
      '@bench/x',
      '--no-cache',
    ],
  };
  const results = await alternate(CONTENDERS, { warmup: 1, runs: options.runs }, (which) =>
    runCommand(process.execPath, args[which], { cwd: out }),
  );
  const notes: string[] = [];
  for (const which of CONTENDERS) {
    const failed = results.get(which)!.find((r) => r.code !== 0);
    if (failed)
      notes.push(
        `- ${which} exited ${failed.code}: ${(failed.stderr + failed.stdout).split('\n').slice(0, 3).join(' / ')}`,
      );
  }
  const wall = (which: (typeof CONTENDERS)[number]) => median(results.get(which)!.map((r) => r.ms));
  const peak = (which: (typeof CONTENDERS)[number]) =>
    median(results.get(which)!.map((r) => r.peakKb ?? Number.NaN));
  const diffReport = JSON.parse(results.get('diff')![0]?.stdout || '{"changes":[]}') as {
    bump?: string;
    changes: { operationId?: string; operationIds?: string[] }[];
  };
  const reached = new Set(
    diffReport.changes.flatMap((c) => c.operationIds ?? (c.operationId !== undefined ? [c.operationId] : [])),
  ).size;
  const rows = [
    [
      'xgen diff x-2.147 x-2.159 --json',
      ms(wall('diff')),
      mb(peak('diff')),
      ratio(wall('diff'), wall('generate')),
    ],
    ['xgen generate x-2.159 (cold: --no-cache)', ms(wall('generate')), mb(peak('generate')), '1.00x'],
  ];
  const body = [
    table(['command', 'wall (median)', 'peak RSS', 'vs generate'], rows, 1),
    '',
    `Each runs as the published \`bin/xgen.js\` in a fresh process, ${options.runs} runs after a warm-up, alternating. The diff loads and models both specs (no emit, format or compile) and found ${diffReport.changes.length} changes, each cause once, reaching ${reached} operations (bump: ${diffReport.bump ?? '?'}). No peer runs here: oasdiff is a Go binary, outside the npm-only toolchain.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  const targets: [string, string, boolean][] = [
    [
      'diff x-2.147 -> x-2.159 well under one cold generation of x-2.159 (≤ 0.5x)',
      `${ratio(wall('diff'), wall('generate'))} (${ms(wall('diff'))} vs ${ms(wall('generate'))})`,
      wall('diff') <= 0.5 * wall('generate'),
    ],
  ];
  return { title: 'Spec diff: xgen diff against one cold generation', body, targets };
}
