/**
 * `npm run bench [-- <name>...] [-- --runs N]`: xgen against its peers, side by side.
 * Benchmarks: generation, quality, bundle, requests, oauth, typecheck, big-spec, diff, narrowing, migrate, migrate-deep, mock, bump-truth, names (all when none is named).
 * A full run rewrites bench/RESULTS.md; a partial run only prints.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentLine, load, machine } from './lib/environment.ts';
import { ensurePeers } from './lib/setup.ts';
import { benchExitCode, printSection, type Section, table, targetStatus } from './lib/table.ts';

const BENCHMARKS = {
  generation: async (runs: number) => (await import('./generation.ts')).run({ runs }),
  quality: async (runs: number) => (await import('./quality.ts')).run({ runs }),
  bundle: async () => (await import('./bundle.ts')).run(),
  requests: async () => (await import('./requests.ts')).run(),
  oauth: async () => (await import('./oauth.ts')).run(),
  typecheck: async (runs: number) => (await import('./typecheck.ts')).run({ runs }),
  'big-spec': async (runs: number) => (await import('./big-spec.ts')).run({ runs }),
  diff: async (runs: number) => (await import('./diff.ts')).run({ runs }),
  narrowing: async (runs: number) => (await import('./narrowing.ts')).run({ runs }),
  migrate: async (runs: number) => (await import('./migrate.ts')).run({ runs }),
  'migrate-deep': async (runs: number) => (await import('./migrate-deep.ts')).run({ runs }),
  mock: async (runs: number) => (await import('./mock.ts')).run({ runs }),
  'bump-truth': async (runs: number) => (await import('./bump-truth.ts')).run({ runs }),
  names: async () => (await import('./names.ts')).run(),
} satisfies Record<string, (runs: number) => Promise<Section>>;
type Name = keyof typeof BENCHMARKS;
const NAMES = Object.keys(BENCHMARKS) as Name[];

function parseArgs(argv: string[]): { names: Name[]; runs: number } {
  const names: Name[] = [];
  let runs = 3;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg.startsWith('--runs=')) runs = Number(arg.slice(7));
    else if ((NAMES as string[]).includes(arg)) names.push(arg as Name);
    else {
      console.error(`unknown benchmark "${arg}"; benchmarks: ${NAMES.join(', ')} (and --runs N)`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs takes a positive integer');
    process.exit(2);
  }
  return { names: names.length > 0 ? names : NAMES, runs };
}

const { names, runs } = parseArgs(process.argv.slice(2));
ensurePeers();
const started = performance.now();
const sections: Section[] = [];
for (const name of names) {
  const t0 = performance.now();
  const loadAtStart = load();
  process.stdout.write(`running ${name}...\n`);
  const section = await BENCHMARKS[name](runs);
  section.body += `\n\n_${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s_\n\n${environmentLine(loadAtStart)}`;
  printSection(section);
  sections.push(section);
}
const targets = sections.flatMap((s) => s.targets ?? []);
if (targets.length > 0) {
  const section: Section = {
    title: 'Targets',
    body: table(
      ['target (issue)', 'measured (median)', 'status'],
      targets.map(([target, measured, met]) => [target, measured, targetStatus(met)]),
      3,
    ),
  };
  printSection(section);
  sections.unshift(section);
}
const seconds = (performance.now() - started) / 1000;
console.log(`bench: ${names.join(', ')} in ${seconds.toFixed(0)} s`);
// A contender that failed is a failure of the bench, not a figure.
process.exitCode = benchExitCode(sections);
const failures = sections.flatMap((s) => s.failures ?? []);
if (process.exitCode)
  console.error(
    `bench: FAILED: ${failures.length > 0 ? failures.join('; ') : 'a target could not be measured'}`,
  );

if (names.length === NAMES.length) {
  const header = [
    '# Benchmark results',
    '',
    `- date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- machine: ${machine()} (shared, noisy: read ratios, not absolute numbers)`,
    `- Node ${process.version}`,
    `- command: \`npm run bench${runs === 3 ? '' : ` -- --runs ${runs}`}\` (${(seconds / 60).toFixed(1)} min in all)`,
    '',
    'Medians; "vs xgen" is the contender\'s number divided by ours. Rerun any table with `npm run bench -- <name>` (see bench/README.md).',
  ].join('\n');
  const text = [header, ...sections.map((s) => `## ${s.title}\n\n${s.body}`)].join('\n\n') + '\n';
  writeFileSync(join(import.meta.dirname, 'RESULTS.md'), text);
  console.log('wrote bench/RESULTS.md');
}
