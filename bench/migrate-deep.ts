/**
 * 11. `xgen migrate` on X's published 2.147 -> 2.159 with a consumer as users write one: every
 * operation of the 2.147 package called in three idioms and its results read 3 properties deep,
 * in annotated locals, typed reads, destructurings and switches (test/generator/migrate/deep-consumer.ts),
 * migrated after regenerating from 2.159. Beside it, `tsc --noEmit` on the same project; the
 * issue's target is migrate within 2x of it. Also measured: how many of tsc's errors migrate lists,
 * and how many listings name the failing field (test/generator/migrate/listing-quality.ts).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileProject, deepProject, generateProjects } from '../test/generator/migrate/consumer-project.ts';
import { listingQuality } from '../test/generator/migrate/listing-quality.ts';
import { alternate, mb, median, ms, ratio, runCommand } from './lib/measure.ts';
import { ensureXgenBuilt, OUT, ROOT, XGEN_BIN } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const REFERENCE = join(ROOT, 'test/fixtures/reference');
const CONTENDERS = ['migrate', 'tsc'] as const;
/** Issue 36's target: migrate takes at most this many times a plain `tsc --noEmit` of the consumer. */
const TARGET = 2;

export async function run(options: { runs: number }): Promise<Section> {
  ensureXgenBuilt();
  const dir = join(OUT, 'migrate-deep', 'x');
  rmSync(dir, { recursive: true, force: true });
  const program = await deepProject(dir, join(REFERENCE, 'x-openapi-2.147.json'));
  await generateProjects([{ dir, spec: join(REFERENCE, 'x-openapi-2.159.json') }]);
  const consumer = join(dir, 'src', 'consumer.ts');
  const args = {
    migrate: [XGEN_BIN, 'migrate', '--dry-run'],
    tsc: [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
  };
  const results = await alternate(CONTENDERS, { warmup: 1, runs: options.runs }, (which) =>
    runCommand(process.execPath, args[which], { cwd: dir }),
  );
  const failures: string[] = [];
  // migrate exits 1 when uses are left to migrate by hand (this pair has some), tsc 2 on type errors.
  const expected = { migrate: 1, tsc: 2 };
  for (const which of CONTENDERS) {
    const failed = results.get(which)!.find((r) => r.code !== expected[which]);
    if (failed)
      failures.push(
        `${which} on the deep x-2.147 consumer after x-2.159: exited ${failed.code}: ${(failed.stderr + failed.stdout).split('\n').slice(0, 3).join(' / ')}`,
      );
  }
  const wall = (which: (typeof CONTENDERS)[number]) => median(results.get(which)!.map((r) => r.ms));
  const peak = (which: (typeof CONTENDERS)[number]) =>
    median(results.get(which)!.map((r) => r.peakKb ?? Number.NaN));
  const last = results.get('migrate')!.at(-1);
  const lines = existsSync(consumer) ? readFileSync(consumer, 'utf8').split('\n').length : 0;
  const quality = listingQuality(program.text, compileProject(dir), (last?.stdout ?? '').split('\n'));
  const share = quality.errors === 0 ? 1 : quality.named / quality.errors;
  const measured = wall('migrate') / wall('tsc');
  const rows = [
    [
      'xgen migrate --dry-run (deep x-2.147 consumer, after regenerating x-2.159)',
      ms(wall('migrate')),
      mb(peak('migrate')),
      ratio(wall('migrate'), wall('tsc')),
    ],
    ['tsc --noEmit on the same project', ms(wall('tsc')), mb(peak('tsc')), '1.00x'],
  ];
  const body = [
    table(['command', 'wall (median)', 'peak RSS', 'vs tsc'], rows, 1),
    '',
    `The consumer: ${lines} lines, ${program.ranges.length} operations, each called three ways. Each command runs as the published \`bin/xgen.js\` (or tsc) in a fresh process in the consumer's folder, ${options.runs} runs after a warm-up, alternating. Against tsc's ${quality.errors} errors, migrate listed ${quality.listed}: ${quality.unlisted.length} left unlisted, ${quality.named} naming the failing field (${(share * 100).toFixed(0)}%), ${quality.unexplained} with only the compiler's text.`,
    ...(quality.misnamed.length > 0
      ? ['', 'Listings not naming the failing field:', ...quality.misnamed.slice(0, 5).map((m) => `- ${m}`)]
      : []),
  ].join('\n');
  return {
    title: 'Migrate (deep consumer): xgen migrate on a consumer reading X 2.147 results 3 deep, after 2.159',
    body,
    failures,
    targets: [
      [
        `migrate at most ${TARGET}x tsc --noEmit (issue 36)`,
        `${measured.toFixed(2)}x`,
        Number.isFinite(measured) ? measured <= TARGET : 'failed',
      ],
      [
        'every compile error listed; >= 95% of listings name the failing field (issue 36)',
        `${quality.unlisted.length} unlisted, ${(share * 100).toFixed(0)}% named`,
        quality.unlisted.length === 0 && share >= 0.95,
      ],
    ],
  };
}
