/**
 * `npm test [-- <fragment or file> ...]`: the selected `*.test.ts` files (test/helpers/test-files.ts),
 * run by uvu in test processes side by side (test/run-files.ts, XGEN_TEST_JOBS of them at once, one
 * per core by default), the slowest first (their last times, test/timings.json), the quick ones
 * several to a process. Each process's output is shown whole when it ends; a closing
 * `N passed, N failed` line adds them up, and the exit is non-zero when a test, a hook, a file's
 * load, a test never queued, an unhandled rejection, a hang or a test process itself failed.
 *
 * The suites that talk HTTP run a second time through the global fetch (the browser path), under
 * the xgen-fetch condition; XGEN_TEST_TRANSPORT=node (or fetch) runs one pass only. `--quick` keeps
 * the files whose last time was under QUICK_MS, for the inner loop (`npm run test:quick`).
 *
 * The processes share a temporary folder of this run (TMPDIR), removed at the end, so that nothing
 * a test leaves there outlives the run.
 */
import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { SITE_FIXTURE, SITE_READERS } from './docs/site-fixture.ts';
import { BatchQueue } from './helpers/batch-queue.ts';
import { fixtureBuilt } from './helpers/shared-fixture.ts';
import { selectTestFiles, TALLY, type TestFile } from './helpers/test-files.ts';

const root = import.meta.dirname;
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const args = argv.filter((a) => a !== '--quick');

/** The files `--quick` runs: those whose last time is under this. */
const QUICK_MS = 5_000;
/**
 * A process takes files until their times add up to this (the slow ones go alone). Each process costs
 * about 1.2 s of processor before its first test (Node, tsx, the generator's modules again): at 12 s
 * the suite ran in 120 processes, at 30 s in 95, with the same longest-first finish (by timings.json).
 */
const BATCH_MS = Number(process.env.XGEN_TEST_BATCH_MS) || 30_000;
/** What a file without a recorded time is taken to need. */
const UNKNOWN_MS = 4_000;

// The generated clients send through node:http on Node; these run again through the global fetch.
const THROUGH_FETCH = /^(runtime|contract)\/|^generated\/ads-v12\.test\.ts$/;

const committedTimings = join(root, 'timings.json');
const lastTimings = join(root, '..', 'node_modules', '.cache', 'xgen-test', 'timings.json');
const lastCpu = join(root, '..', 'node_modules', '.cache', 'xgen-test', 'cpu.json');

type Transport = 'node' | 'fetch';
interface Job extends TestFile {
  transport: Transport;
  key: string;
  estimate: number;
}
interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  times: Record<string, number>;
  cpu: Record<string, number>;
}

function readTimings(path: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
const known = { ...readTimings(committedTimings), ...readTimings(lastTimings) };

let files = selectTestFiles(root, args);
if (quick)
  // Only files measured quick: a file with no time yet may be slow.
  files = files.filter(
    (f) => (known[`node:${f.name}`] ?? Infinity) < QUICK_MS && (known[`fetch:${f.name}`] ?? 0) < QUICK_MS,
  );
if (files.length === 0) {
  const asked = args.map((a) => JSON.stringify(a)).join(', ');
  console.error(
    `no test file matched ${asked || '(no arguments)'}: an argument selects the *.test.ts files under test/ whose path contains it, or names a file`,
  );
  process.exit(1);
}

const only = process.env.XGEN_TEST_TRANSPORT as Transport | undefined;
const jobs: Job[] = [];
for (const transport of only ? [only] : (['node', 'fetch'] as const)) {
  for (const file of files) {
    if (transport === 'fetch' && !only && !THROUGH_FETCH.test(file.name)) continue;
    const key = `${transport}:${file.name}`;
    jobs.push({ ...file, transport, key, estimate: known[key] ?? UNKNOWN_MS });
  }
}
const runTmp = mkdtempSync(join(tmpdir(), 'xgen-test-'));
// A run started by a test of another run (test/run.test.ts) compiles the same files again: its test
// processes read and fill that run's tsx cache (tsx's folder name: `tsx-<euid>`), a link removed with
// this run's folder. A run of its own starts with an empty cache.
if (process.env.XGEN_TEST_SHARED) {
  const cache = `tsx-${process.geteuid?.() ?? userInfo().username}`;
  mkdirSync(join(tmpdir(), cache), { recursive: true });
  symlinkSync(join(tmpdir(), cache), join(runTmp, cache));
}
/** What several files build the same way, built once for the run (test/helpers/shared-fixture.ts). */
const shared = join(runTmp, '.shared');
// Stopped (Ctrl-C, a CI timeout): the test processes get the signal too; the run's folder goes.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    rmSync(runTmp, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
/**
 * The slowest first, so that the last to finish are short; the files reading the docs site the run builds
 * once (test/docs/site-fixture.ts) wait while one of them builds it. Not when CI hands a built site.
 */
const queue = new BatchQueue(
  jobs,
  BATCH_MS,
  (name) => SITE_READERS.test(name),
  () => Boolean(process.env.XGEN_DOCS_SITE) || fixtureBuilt(shared, SITE_FIXTURE),
);
const tally: Tally = { passed: 0, failed: 0, skipped: 0, times: {}, cpu: {} };
const failedBatches: string[] = [];

/** Runs one batch in a test process of its own; its output is printed whole when it ends. */
function runBatch(batch: Job[]): Promise<void> {
  const transport = batch[0]!.transport;
  const conditions = transport === 'fetch' ? ['--conditions=xgen-fetch'] : [];
  // tsx's cache stays on for the test processes (test/run-setup.mjs turns it off for the runner only);
  // a TSX_DISABLE_CACHE the user set is passed on.
  const env = { ...process.env };
  if (env.XGEN_TEST_RUNNER_TSX_CACHE_OFF === '1') delete env.TSX_DISABLE_CACHE;
  delete env.XGEN_TEST_RUNNER_TSX_CACHE_OFF;
  const child = spawn(
    process.execPath,
    [...conditions, '--import', 'tsx', join(root, 'run-files.ts'), ...batch.map((j) => j.file)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        XGEN_TEST_TRANSPORT: transport,
        // The fetch pass of files the node pass runs too: it skips what the transport cannot change.
        XGEN_TEST_SECOND_PASS: transport === 'fetch' && !only ? '1' : '0',
        TMPDIR: runTmp,
        XGEN_TEST_SHARED: shared,
      },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      const lines = output.split('\n');
      const tallyLine = lines.filter((l) => l.startsWith(TALLY)).at(-1);
      const shown = lines.filter((l) => !l.startsWith(TALLY)).join('\n');
      const names = batch.map((j) => j.name).join(', ');
      const through = transport === 'fetch' ? ' (through fetch: node --conditions=xgen-fetch)' : '';
      process.stdout.write(`\n── ${names}${through}\n${shown}`);
      const own = tallyLine ? (JSON.parse(tallyLine.slice(TALLY.length)) as Tally) : undefined;
      if (own) {
        tally.passed += own.passed;
        tally.failed += own.failed;
        tally.skipped += own.skipped;
        for (const [name, ms] of Object.entries(own.times))
          tally.times[`${transport}:${name}`] = Math.round(ms);
        for (const [name, ms] of Object.entries(own.cpu ?? {})) tally.cpu[`${transport}:${name}`] = ms;
      }
      // A process that failed without a failed test in its tally (it died, or stayed open) is one more.
      if (!own || (code !== 0 && own.failed === 0)) {
        tally.failed += 1;
        failedBatches.push(
          `${names}${through}: the test process ${signal ? `was killed (${signal})` : `exited with code ${code}`}${own ? ' after its tally' : ' before its tally'}`,
        );
      }
      done();
    });
  });
}

const width = Math.max(1, Number(process.env.XGEN_TEST_JOBS) || availableParallelism());
const started = performance.now();
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let batch = queue.next(); batch.length > 0; batch = queue.next()) await runBatch(batch);
  }),
);

// What the tests left in the temporary folder goes with the run.
const left = readdirSync(runTmp).filter((name) => name !== '.shared');
rmSync(runTmp, { recursive: true, force: true });
if (left.length > 0 && process.env.XGEN_TEST_SHOW_LEFT)
  console.log(`\n  Left in the temporary folder (removed): ${left.join(', ')}`);

if (failedBatches.length > 0) {
  console.log('\n  Test processes that failed:\n');
  for (const line of failedBatches) console.log(`  ${line}`);
}
// A whole run records its files' times, for the next run's order (and `--quick`'s choice).
if (args.length === 0 && !quick && !only) {
  mkdirSync(dirname(lastTimings), { recursive: true });
  writeFileSync(lastTimings, `${JSON.stringify(tally.times, null, 2)}\n`);
}
if (process.env.XGEN_TEST_CPU) {
  mkdirSync(dirname(lastCpu), { recursive: true });
  writeFileSync(lastCpu, `${JSON.stringify(tally.cpu, null, 2)}\n`);
  const top = Object.entries(tally.cpu).sort((a, b) => b[1] - a[1]);
  const sum = top.reduce((total, [, ms]) => total + ms, 0);
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  console.log(
    `\n  CPU of the test processes: ${Math.round(children)} s; of the test files: ${Math.round(sum / 1000)} s; the costliest:`,
  );
  for (const [key, ms] of top.slice(0, 30))
    console.log(
      `  ${String(Math.round(ms / 100) / 10).padStart(7)} s  ${String(Math.round((tally.times[key] ?? 0) / 100) / 10).padStart(7)} s wall  ${key}`,
    );
}
const seconds = Math.round((performance.now() - started) / 1000);
console.log(`\n  ${width} test processes at once, ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
console.log(
  `${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
);
process.exitCode = tally.passed + tally.failed === 0 || tally.failed > 0 ? 1 : 0;
