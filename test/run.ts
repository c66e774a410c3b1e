/**
 * `npm test [-- <fragment or file> ...]`: the selected `*.test.ts` files (test/helpers/test-files.ts) run
 * with uvu in this one process; a closing `N passed, N failed` line, and a non-zero exit when a test, a
 * hook, a file's load, a test never queued, an unhandled rejection or the selection itself failed. uvu's
 * CLI would exit 0 when a `before` hook throws, stop at the first file that cannot load, and take the
 * argument as a regular expression over every .ts file; so this does what uvu/run does (queue each file,
 * then `exec`) and keeps the tally. A test or hook running past XGEN_TEST_TIMEOUT_MS (10 min), or a
 * process alive XGEN_TEST_EXIT_MS (60 s) after its last test, is named and fails the run.
 */
import { spawn } from 'node:child_process';
import { register } from 'node:module';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { selectTestFiles } from './helpers/test-files.ts';
import type * as Guard from './helpers/uvu-guard.ts';

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
// Test files importing 'uvu' get the guard, which records hook errors, what runs, and unqueued tests.
const guardUrl = pathToFileURL(join(root, 'helpers', 'uvu-guard.ts')).href;
register('./helpers/uvu-resolve.mjs', import.meta.url, { data: { guard: guardUrl } });
const guard = (await import(guardUrl)) as typeof Guard;

let passed = 0;
let failed = 0;
let skipped = 0;
/** Failures outside tests, each printed under "Failures outside tests" and counted once. */
const outside: string[] = [];
/** What else goes there: why tests did not run (those tests are counted as failed already). */
const notRun: string[] = [];
const shown = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : inspect(error));
const indented = (error: unknown) => shown(error).split('\n').join('\n    ');
const where = (file: string, suite: string) => `${file}${suite ? ` (suite "${suite}")` : ''}`;

/** Stops the run with a non-zero exit; what is printed goes to stdout, which the through-fetch parent relays. */
function stopRun(message: string): never {
  console.log(`\n  ${message}\n`);
  console.log(`${passed} passed, ${failed + 1} failed`);
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

for (const [index, { name, file }] of files.entries()) {
  g.UVU_INDEX = index;
  g.UVU_QUEUE.push([name]);
  guard.startRunning(`${name}: loading the file`);
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    outside.push(`${name}: could not be loaded:\n    ${indented(error)}\n`);
    guard.takeUnqueued(); // what it registered before it threw: the load failure says enough
    continue;
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
      const result = await once();
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
// The watchdog has nothing more to watch here (the through-fetch child below watches its own tests).
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

// The generated clients send through node:http on Node; the suites that talk HTTP run again through
// the global fetch (the browser path), in a child resolving `#transport` under the xgen-fetch
// condition. XGEN_TEST_TRANSPORT=node skips that pass; the child runs with it set to fetch.
const THROUGH_FETCH = /^(runtime|contract)\/|^generated\/ads-v12\.test\.ts$/;
const again = process.env.XGEN_TEST_TRANSPORT
  ? []
  : files.filter((f) => THROUGH_FETCH.test(f.name)).map((f) => f.file);
if (again.length > 0) {
  console.log(`\nAgain through fetch (node --conditions=xgen-fetch): ${again.length} files\n`);
  const child = spawn(
    process.execPath,
    ['--conditions=xgen-fetch', '--import', 'tsx', fileURLToPath(import.meta.url), ...again],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, XGEN_TEST_TRANSPORT: 'fetch' },
    },
  );
  // Shown as it comes; its tally line ends its tests (its stays-open message may follow it).
  let tail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString()).slice(-4096);
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const tally = [...tail.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  passed += Number(tally?.[1] ?? 0);
  failed += Number(tally?.[2] ?? 0);
  if (code !== 0 && !(Number(tally?.[2]) > 0)) failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
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
