/**
 * Ctrl-C at once (issue 39, item 4), through the `xgen` command on GitHub's 13 MB spec, where every
 * stage takes long enough to be hit in its middle from outside (as a user would): SIGINT or SIGTERM
 * ends the run promptly in every stage (the spec, emit and compile threads and the native compiler
 * child included), with the guarantees of interrupt.test.ts: one line, exit 130 / 143, the package
 * on disk untouched, no folder left beside it or in the temp folder, no compiler still running.
 *
 * The target is half a second on a quiet machine; the bound here is 1 s, for a loaded CI machine
 * (the main thread used to be busy for 2.3 to 3.1 s at a time on this spec).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { markerText } from '../../../generator/write/marker.ts';
import { removeDir, ROOT, tempDir, treeSummary } from '../../helpers/cli.ts';

const GITHUB = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const BOUND_MS = 1000;
let work = '';
let tmp = '';
let out = '';
let before = '';

test.before(() => {
  work = tempDir('interrupt-big');
  tmp = `${work}-tmp`;
  mkdirSync(tmp);
  // A package from an earlier run, which a stopped run must leave as it is.
  out = join(work, 'out');
  mkdirSync(out);
  writeFileSync(join(out, '.xgen-generated'), markerText('@bench/github', ['package.json']));
  writeFileSync(join(out, 'package.json'), '{ "name": "@bench/github" }\n');
  before = treeSummary(out);
});
test.after(() => {
  removeDir(work);
  removeDir(tmp);
});

/** Every process below `pid`. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean)) {
        found.push(Number(child), ...descendants(Number(child)));
      }
    }
  } catch {
    // Gone meanwhile.
  }
  return found;
}

interface Stopped {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From the signal to the end of the process. */
  ms: number;
  /** The processes the run had started when it was signalled (the native compiler, tsx's service). */
  children: number[];
}

/**
 * Runs `xgen generate` on GitHub's spec with --verbose (a line as each stage ends) and sends `signal`
 * `delay` ms after the line that ends the stage before `stage`, that is, in `stage`.
 */
function stopIn(stage: string, signal: NodeJS.Signals, delay: number): Promise<Stopped> {
  const previous = { model: 'load', emit: 'model', format: 'emit', compile: 'format' }[stage];
  return new Promise((resolve, reject) => {
    const args = [join(ROOT, 'bin', 'xgen.js'), 'generate', '--spec', GITHUB, '--out', out, '--name', '@bench/github', '--no-cache', '--verbose'];
    const child = spawn(process.execPath, args, { cwd: work, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent: number | undefined;
    let children: number[] = [];
    const send = (): void => {
      if (sent !== undefined) return;
      sent = 0;
      setTimeout(() => {
        children = descendants(child.pid!);
        sent = performance.now();
        child.kill(signal);
      }, delay);
    };
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (previous !== undefined && stderr.includes(` ${previous}: `)) send();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: sent ? performance.now() - sent : Number.NaN, children }));
  });
}

/** What is in the temp folder and beside the output, besides the output itself. */
function debris(): string[] {
  return [...readdirSync(work).filter((name) => name !== 'out'), ...readdirSync(tmp).filter((name) => !name.startsWith('tsx-')).map((name) => `TMPDIR/${name}`)];
}

for (const [stage, signal, delay] of [
  // The load stage is not hit from outside: nothing marks its start, and a signal sent a fixed time
  // after the spawn lands in Node's start-up on a loaded machine. The spec thread keeps the main
  // thread free there as in the model stage (interrupt.test.ts signals the load stage from inside).
  ['model', 'SIGTERM', 400],
  ['emit', 'SIGINT', 300],
  ['format', 'SIGTERM', 0],
  ['compile', 'SIGINT', 800],
] as const) {
  test(`${signal} in the middle of the ${stage} stage on GitHub's spec: ends within ${BOUND_MS} ms, nothing left`, async () => {
    const run = await stopIn(stage, signal, delay);
    const code = signal === 'SIGINT' ? 130 : 143;
    assert.is(run.code, code, run.stderr);
    assert.ok(run.ms <= BOUND_MS, `${signal} took ${run.ms.toFixed(0)} ms to end the run`);
    if (process.env.XGEN_TEST_SHOW) console.log(`${stage}: ${run.ms.toFixed(0)} ms`);
    assert.match(run.stderr, new RegExp(`xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal\n$`));
    assert.is(run.stdout, '');
    assert.is(treeSummary(out), before, 'the package on disk is the one before the run');
    assert.equal(debris(), []);
    for (const pid of run.children) assert.not.ok(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '), `process ${pid} still runs`);
  });
}

test.run();
