/**
 * 10. `xgen migrate` on X's published 2.147 -> 2.159: a consumer program derived from the 2.147
 * package (every operation called, every result field read, every exported type used; see
 * test/generator/migrate/derived-consumer.ts), migrated after regenerating from 2.159. Beside it,
 * `tsc --noEmit` on the same project: the one type-check any type-aware migration cannot do without.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { derivedProject, generateProjects } from '../test/generator/migrate/consumer-project.ts';
import { alternate, mb, median, ms, ratio, runCommand } from './lib/measure.ts';
import { ensureXgenBuilt, OUT, ROOT, XGEN_BIN } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const REFERENCE = join(ROOT, 'test/fixtures/reference');
const CONTENDERS = ['migrate', 'tsc'] as const;

export async function run(options: { runs: number }): Promise<Section> {
  ensureXgenBuilt();
  const dir = join(OUT, 'migrate', 'x');
  rmSync(dir, { recursive: true, force: true });
  const program = await derivedProject(dir, join(REFERENCE, 'x-openapi-2.147.json'));
  await generateProjects([{ dir, spec: join(REFERENCE, 'x-openapi-2.159.json') }]);
  const consumer = join(dir, 'src', 'consumer.ts');
  const args = {
    migrate: [XGEN_BIN, 'migrate'],
    tsc: [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
  };
  const results = await alternate(CONTENDERS, { warmup: 1, runs: options.runs }, (which) =>
    runCommand(process.execPath, args[which], { cwd: dir }),
  );
  const notes: string[] = [];
  const failures: string[] = [];
  // migrate exits 1 when uses are left to migrate by hand (this pair has some), tsc 2 on type errors.
  const expected = { migrate: 1, tsc: 2 };
  for (const which of CONTENDERS) {
    const failed = results.get(which)!.find((r) => r.code !== expected[which]);
    if (failed)
      failures.push(
        `${which} on x-2.147 -> x-2.159: exited ${failed.code}: ${(failed.stderr + failed.stdout).split('\n').slice(0, 3).join(' / ')}`,
      );
  }
  const wall = (which: (typeof CONTENDERS)[number]) => median(results.get(which)!.map((r) => r.ms));
  const peak = (which: (typeof CONTENDERS)[number]) =>
    median(results.get(which)!.map((r) => r.peakKb ?? Number.NaN));
  const last = results.get('migrate')!.at(-1);
  const listed = (last?.stdout ?? '').split('\n').filter((line) => /^\S+:\d+:\d+: /.test(line)).length;
  const migrated = /(\d+) uses? migrated/.exec(`${last?.stdout ?? ''}${last?.stderr ?? ''}`)?.[1] ?? '?';
  const lines = existsSync(consumer) ? readFileSync(consumer, 'utf8').split('\n').length : 0;
  const rows = [
    [
      'xgen migrate (x-2.147 consumer, after regenerating x-2.159)',
      ms(wall('migrate')),
      mb(peak('migrate')),
      ratio(wall('migrate'), wall('tsc')),
    ],
    ['tsc --noEmit on the same project', ms(wall('tsc')), mb(peak('tsc')), '1.00x'],
  ];
  const body = [
    table(['command', 'wall (median)', 'peak RSS', 'vs tsc'], rows, 1),
    '',
    `The consumer: ${lines} lines, ${program.ranges.length} operations. Each runs as the published \`bin/xgen.js\` (or tsc) in a fresh process in the consumer's folder, ${options.runs} runs after a warm-up, alternating. migrate ${migrated} uses migrated (the pair renames nothing) and listed ${listed} left to migrate by hand, the pair's 11 breaking changes where the consumer meets them. No peer migrates code: oasdiff and Stainless stop at the report.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  return { title: 'Migrate: xgen migrate on a consumer of X 2.147 after 2.159', body, failures };
}
