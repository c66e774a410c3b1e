/**
 * One test process of `npm test` (test/run.ts starts it on a batch of files): runs the given
 * `*.test.ts` files with uvu in this process and ends with one `@@xgen-tally {...}` line (passed,
 * failed, skipped, each file's milliseconds) that test/run.ts adds up. It counts as failed a test, a
 * hook (test/helpers/uvu.ts records hooks: uvu would exit 0 when a `before` hook throws), a file's
 * load, a test never queued and an unhandled rejection. A test or hook running past
 * XGEN_TEST_TIMEOUT_MS (10 min), or the process alive XGEN_TEST_EXIT_MS (60 s) after its last test,
 * is named and fails the run. Started alone (`node --import tsx test/run-files.ts <file>...`) it
 * does the same, without the parallel scheduling.
 */
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { pathToFileURL } from 'node:url';
import { processCpu } from './helpers/process-cpu.ts';
import { selectTestFiles, TALLY } from './helpers/test-files.ts';
import type * as Guard from './helpers/uvu.ts';

// Every generation in the suite runs the whole pipeline (and so tests it); the cache's own tests
// pass --cache-dir, which overrides this.
process.env.XGEN_CACHE = 'off';

const root = import.meta.dirname;
const args = process.argv.slice(2);
const files = selectTestFiles(root, args);
if (files.length === 0) {
  const asked = args.map((a) => JSON.stringify(a)).join(', ');
  console.error(
    `no test file matched ${asked || '(no arguments)'}: an argument selects the *.test.ts files under test/ whose path contains it, or names a file`,
  );
  process.exit(1);
}

// UVU_DEFER must be set before uvu first loads: it makes test.run() queue the suite instead of running it.
type Result = [errors: string | true, passed: number, skipped: number, total: number];
type Queue = [string | null, ...(() => Promise<Result>)[]][];
const g = globalThis as unknown as { UVU_DEFER: number; UVU_QUEUE: Queue; UVU_INDEX: number };
g.UVU_DEFER = 1;
const uvu = await import('uvu');
// Test files take `test` and `suite` from the guard, which records hook errors, what runs, and unqueued tests.
const guard = (await import('./helpers/uvu.ts')) as typeof Guard;

let passed = 0;
let failed = 0;
let skipped = 0;
/** Each file's milliseconds: its load and its suites (test/run.ts schedules the slowest first with them). */
const times: Record<string, number> = {};
/**
 * Each file's CPU milliseconds (user and system, of this process and of the child processes it waited
 * for: tsc, npm, a registry, a browser), over its load and its suites; robust to other load on the
 * machine, where the milliseconds are not.
 */
const cpu: Record<string, number> = {};
/** Failures outside tests, each printed under "Failures outside tests" and counted once. */
const outside: string[] = [];
/** What else goes there: why tests did not run (those tests are counted as failed already). */
const notRun: string[] = [];
const shown = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : inspect(error));
const indented = (error: unknown) => shown(error).split('\n').join('\n    ');
const where = (file: string, suite: string) => `${file}${suite ? ` (suite "${suite}")` : ''}`;

/** The line test/run.ts reads: this process's tally and each file's time. */
function printTally(): void {
  console.log(`${TALLY}${JSON.stringify({ passed, failed, skipped, times, cpu })}`);
}

/** Stops the run with a non-zero exit, the tally counting one more failure. */
function stopRun(message: string): never {
  console.log(`\n  ${message}\n`);
  failed += 1;
  ended = true;
  printTally();
  process.exit(1);
}
const TIMEOUT_MS = Number(process.env.XGEN_TEST_TIMEOUT_MS) || 600_000;
const EXIT_MS = Number(process.env.XGEN_TEST_EXIT_MS) || 60_000;
setInterval(
  () => {
    const now = guard.running();
    if (now?.what && Date.now() - now.since > TIMEOUT_MS) {
      stopRun(
        `${now.what} has run for ${Math.round(TIMEOUT_MS / 1000)} s without finishing: the run stops here (XGEN_TEST_TIMEOUT_MS sets the limit)`,
      );
    }
  },
  Math.min(1000, TIMEOUT_MS),
).unref();
// Without a listener Node would end the run at the first one, with no tally; here it is named and counted.
process.on('unhandledRejection', (reason) => {
  outside.push(
    `${guard.running()?.what || 'between tests'}: a promise rejection nobody handled:\n    ${indented(reason)}\n`,
  );
});
// A test that ends the process itself (process.exit) would leave no tally: test/run.ts fails the
// batch then; here it says which test did it.
let ended = false;
process.on('exit', (code) => {
  if (!ended)
    console.log(
      `\n  ${guard.running()?.what || 'a test file'} ended the test process (exit code ${code}) before its tally\n`,
    );
});

for (const [index, { name, file }] of files.entries()) {
  g.UVU_INDEX = index;
  g.UVU_QUEUE.push([name]);
  guard.startRunning(`${name}: loading the file`);
  const loadStart = performance.now();
  const loadCpu = processCpu();
  // uvu's own `test` has none of the guards: a `before` hook's failure would pass unseen.
  if (/^import\s*\{[^}]*\}\s*from\s*'uvu';/m.test(readFileSync(file, 'utf8')))
    outside.push(
      `${name}: imports 'uvu' itself: take \`test\` and \`suite\` from test/helpers/uvu.ts, whose guards count what a hook throws and the tests never queued\n`,
    );
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    outside.push(`${name}: could not be loaded:\n    ${indented(error)}\n`);
    guard.takeUnqueued(); // what it registered before it threw: the load failure says enough
    continue;
  } finally {
    times[name] = performance.now() - loadStart;
    cpu[name] = processCpu() - loadCpu;
  }
  const unqueued = guard.takeUnqueued();
  for (const { suite, tests } of unqueued) {
    failed += tests;
    notRun.push(`${where(name, suite)}: ${tests} tests never ran: no test.run() after them`);
  }
  const group = g.UVU_QUEUE[index]!;
  if (group.length === 1 && unqueued.length === 0)
    outside.push(`${name}: ran no test (it queued no suite)\n`);
  for (let i = 1; i < group.length; i++) {
    const once = group[i] as () => Promise<Result>;
    group[i] = async () => {
      const start = performance.now();
      const startCpu = processCpu();
      const result = await once();
      times[name] = (times[name] ?? 0) + performance.now() - start;
      cpu[name] = (cpu[name] ?? 0) + processCpu() - startCpu;
      const [errors, ran, skip, total] = result;
      passed += ran;
      failed += total - ran;
      skipped += skip;
      // Tests that neither passed nor printed a failure: uvu skipped them because a hook threw.
      if (errors === true && ran < total)
        notRun.push(`${name}: ${total - ran} of ${total} tests did not run`);
      return result;
    };
  }
}
await uvu.exec(false);
// The watchdog has nothing more to watch.
guard.startRunning('');

for (const { file, suite, hook, error } of guard.hookFailures()) {
  // A `before` hook's tests are counted as failed already (they did not run).
  (hook === 'after' ? outside : notRun).push(
    `${where(file, suite)}: the ${hook} hook threw:\n    ${indented(error)}\n`,
  );
}
if (outside.length > 0 || notRun.length > 0) {
  console.log('\n  Failures outside tests:\n');
  for (const line of [...outside, ...notRun]) console.log(`  ${line}`);
  console.log('');
}
failed += outside.length;
ended = true;
printTally();
// Decided from the tally, never from uvu (which leaves 0 when a hook throws).
process.exitCode = passed + failed === 0 || failed > 0 ? 1 : 0;
// Every test is done, and the process should now exit by itself.
setTimeout(() => {
  const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
  console.log(
    `\n  The test process is still running ${Math.round(EXIT_MS / 1000)} s after its last test: something keeps it open (${open.join(', ') || 'unknown'}). Failing the run (XGEN_TEST_EXIT_MS sets the wait).`,
  );
  process.exit(1);
}, EXIT_MS).unref();
