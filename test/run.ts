/**
 * Runs every `*.test.ts` under test/ (or those whose path contains one of the arguments; an argument that
 * names an existing file runs that file even outside the collection) in one process with uvu, then prints
 * every hook failure and a closing `N passed, N failed` line. The exit code is non-zero when anything failed:
 * a test, a suite's `before`/`after` hook, or a file that could not be loaded.
 *
 * A test (or hook) still running after XGEN_TEST_TIMEOUT_MS (10 minutes unless set) is named and the run
 * stops with exit code 1; so does a run whose process is still alive XGEN_TEST_EXIT_MS (60 s) after its
 * last test, naming what keeps it open. A hang fails here, with its name, not at CI's time limit.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { inspect } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import type { HookFailure, Running } from './helpers/uvu-guard.ts';

// Every generation in the suite runs the whole pipeline (and so tests it); the cache's own tests
// pass --cache-dir, which overrides this.
process.env.XGEN_CACHE = 'off';

const root = resolve(import.meta.dirname);
const args = process.argv.slice(2);

function collect(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === 'fixtures' || name === '.tmp' || name === 'node_modules') continue;
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const named = args.filter((a) => a.endsWith('.ts') && existsSync(a) && statSync(a).isFile()).map((a) => resolve(a));
const filters = args.filter((a) => !named.includes(resolve(a)));
const collected = named.length > 0 && filters.length === 0 ? [] : collect(root).filter((f) => filters.length === 0 || filters.some((x) => relative(root, f).includes(x)));
const files = [...new Set([...collected, ...named])];
const suites = files.map((file) => ({ name: relative(root, file), file }));
if (suites.length === 0) {
  const asked = args.map((a) => JSON.stringify(a)).join(', ');
  console.error(`no test file matched ${asked || '(no arguments)'}: an argument selects the *.test.ts files under test/ whose path contains it, or names a file`);
  process.exit(1);
}

// What uvu/run does, plus a tally of each suite's result (uvu's own exit code misses hook failures).
// UVU_DEFER must be set before uvu first loads: it makes test.run() queue the suite instead of running it.
type Result = [errors: string | true, passed: number, skipped: number, total: number];
type Queue = [string | null, ...(() => Promise<Result>)[]][];
const g = globalThis as unknown as { UVU_DEFER: number; UVU_QUEUE: Queue; UVU_INDEX: number };
g.UVU_DEFER = 1;
const uvu = await import('uvu');
// Test files importing 'uvu' get the guard, which records what a suite's before/after hooks throw.
const guard = pathToFileURL(join(root, 'helpers', 'uvu-guard.ts')).href;
register('./helpers/uvu-resolve.mjs', import.meta.url, { data: { guard } });
const { hookFailures, running, startRunning } = (await import(guard)) as {
  hookFailures: () => HookFailure[];
  running: () => Running | undefined;
  startRunning: (what: string) => void;
};
const TIMEOUT_MS = Number(process.env.XGEN_TEST_TIMEOUT_MS) || 600_000;
const EXIT_MS = Number(process.env.XGEN_TEST_EXIT_MS) || 60_000;
/** Stops the run with a non-zero exit; what is printed goes to stdout, which the through-fetch parent relays. */
function stopRun(message: string): never {
  console.log(`\n  ${message}\n`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}
setInterval(() => {
  const now = running();
  if (now?.what && Date.now() - now.since > TIMEOUT_MS) {
    stopRun(`${now.what} has run for ${Math.round(TIMEOUT_MS / 1000)} s without finishing: the run stops here (XGEN_TEST_TIMEOUT_MS sets the limit)`);
  }
}, Math.min(1000, TIMEOUT_MS)).unref();
let passed = 0;
let failed = 0;
let skipped = 0;
const notRun: string[] = [];
const loadFailures: { file: string; error: unknown }[] = [];
for (const [index, suite] of suites.entries()) {
  g.UVU_INDEX = index;
  g.UVU_QUEUE.push([suite.name]);
  startRunning(`${suite.name}: loading the file`);
  try {
    await import(pathToFileURL(suite.file).href);
  } catch (error) {
    loadFailures.push({ file: suite.name, error });
  }
}
for (const group of g.UVU_QUEUE) {
  const file = group[0]; // uvu shifts it off the group before running the suites
  for (let i = 1; i < group.length; i++) {
    const once = group[i] as () => Promise<Result>;
    group[i] = async () => {
      const result = await once();
      const [, ran, skip, total] = result;
      passed += ran;
      failed += total - ran;
      skipped += skip;
      // Tests that neither passed nor printed a failure: uvu skipped them because a hook threw.
      if (result[0] === true && ran < total) notRun.push(`${file}: ${total - ran} of ${total} tests did not run`);
      return result;
    };
  }
}
await uvu.exec(false);
// The watchdog has nothing more to watch here (the through-fetch child below watches its own tests).
startRunning('');

const shown = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : inspect(error));
const hooks = hookFailures();
if (hooks.length > 0 || loadFailures.length > 0 || notRun.length > 0) {
  console.log('\n  Failures outside tests:\n');
  for (const { file, suite, hook, error } of hooks) {
    console.log(`  ${file}${suite ? ` (suite "${suite}")` : ''}: the ${hook} hook threw:\n    ${shown(error).split('\n').join('\n    ')}\n`);
  }
  for (const { file, error } of loadFailures) console.log(`  ${file}: could not be loaded:\n    ${shown(error).split('\n').join('\n    ')}\n`);
  for (const line of notRun) console.log(`  ${line}`);
  console.log('');
}
failed += hooks.filter((h) => h.hook === 'after').length + loadFailures.length;

// The generated clients send through node:http on Node; the suites that talk HTTP run again through
// the global fetch (the browser path), in a child resolving `#transport` under the xgen-fetch
// condition. XGEN_TEST_TRANSPORT=node skips that pass; the child runs with it set to fetch.
const THROUGH_FETCH = /^(runtime|contract)\/|^generated\/ads-v12\.test\.ts$/;
const again = process.env.XGEN_TEST_TRANSPORT ? [] : suites.filter((s) => THROUGH_FETCH.test(s.name)).map((s) => s.file);
if (again.length > 0) {
  console.log(`\nAgain through fetch (node --conditions=xgen-fetch): ${again.length} files\n`);
  const child = spawnSync(process.execPath, ['--conditions=xgen-fetch', '--import', 'tsx', fileURLToPath(import.meta.url), ...again], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, XGEN_TEST_TRANSPORT: 'fetch' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = child.stdout?.toString() ?? '';
  process.stdout.write(out);
  const tally = /(\d+) passed, (\d+) failed/.exec(out.trim().split('\n').at(-1) ?? '');
  if (tally) {
    passed += Number(tally[1]);
    failed += Number(tally[2]);
  } else failed += 1;
  if (child.status !== 0 && !(tally && Number(tally[2]) > 0)) failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// Decided from the tally, never from uvu (which leaves 0 when a hook throws).
process.exitCode = passed + failed === 0 || failed > 0 ? 1 : 0;
// Every test is done, and the process should now exit by itself.
setTimeout(() => {
  const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
  console.log(`\n  The test process is still running ${Math.round(EXIT_MS / 1000)} s after its last test: something keeps it open (${open.join(', ') || 'unknown'}). Failing the run (XGEN_TEST_EXIT_MS sets the wait).`);
  process.exit(1);
}, EXIT_MS).unref();
