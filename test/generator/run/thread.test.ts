/**
 * The emit threads start wherever xgen runs (issue 38, item 2), through the `xgen` command: from the
 * sources in a checkout (bin/xgen.js's build of them in .build/, or, where none is made, through tsx's
 * API, whose module URLs carry a query), from a built dist/, and from the sources of an install without
 * a build or tsx (bin/ts-loader.js).
 * The spec is a small one of the corpus (operations, parameters and schemas: every emitter has work)
 * made big (over the 1 MB from which a spec gets threads of its own: an unused `x-padding`), so that
 * every thread runs: the spec's, the schema types' and the emitters'. What is checked here is where
 * the work runs, not what it makes of a big API (the threads' output on Ads v12, byte for byte, is
 * emit-threads*.test.ts's and spec-thread.test.ts's). Ads v12 padded so cost the file 44-45 s of
 * processor, against 33-34 s.
 * Each run loads a probe (`--require`) that lists the libraries the main thread loads: when the threads
 * run, ts-morph and openapi-typescript are loaded on them only; when a thread silently fails, its work
 * comes back to the main thread, which then loads its library, and the test fails. The package is the
 * same byte for byte with and without threads (XGEN_THREADS=0), from the sources and from dist/. A
 * thread that cannot start is a warning under --verbose, and only there. A small spec's schema types
 * are rendered on the emitters' thread, after its emitters, with the TypeScript ts-morph bundles
 * (run/emit-threads.ts): the main thread loads no TypeScript at all.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../../helpers/uvu.ts';
import { parse } from 'yaml';
import * as assert from 'uvu/assert';
import type { ResourceLimits } from 'node:worker_threads';
import { removeDir, ROOT, treeSummary } from '../../helpers/cli.ts';
import { EmitThread, THREAD_LIMITS } from '../../../generator/run/thread.ts';
import { runModule } from '../../helpers/module-process.ts';

const exec = promisify(execFile);
const SMALL_SPEC = join(ROOT, 'test', 'fixtures', 'specs', 'corpus', 'reserved-names.yaml');
/** SMALL_SPEC as JSON, over 1 MB (test.before). */
let bigSpec = '';
let work = '';
let probe = '';

/** Records the modules the main thread requires (ts-morph and openapi-typescript are CommonJS, loaded by `require`). */
const PROBE = `
const { isMainThread } = require('node:worker_threads');
const Module = require('node:module');
const { writeFileSync } = require('node:fs');
if (isMainThread && process.env.XGEN_PROBE_OUT) {
  const seen = new Set();
  const load = Module._load;
  Module._load = function (request, ...rest) { seen.add(request); return load.call(this, request, ...rest); };
  process.on('exit', () => writeFileSync(process.env.XGEN_PROBE_OUT, JSON.stringify([...seen])));
}
`;

test.before(() => {
  // Outside the checkout: a node_modules/ above a layout would let it find tsx where it must not.
  work = realpathSync(mkdtempSync(join(tmpdir(), 'xgen-threads-')));
  probe = join(work, 'probe.cjs');
  writeFileSync(probe, PROBE);
  bigSpec = join(work, 'big.json');
  const spec = parse(readFileSync(SMALL_SPEC, 'utf8')) as Record<string, unknown>;
  writeFileSync(bigSpec, JSON.stringify({ ...spec, 'x-padding': 'x'.repeat(1 << 20) }));
});
test.after(() => removeDir(work));

/** A folder laid out like xgen: a copy of the bin, and each part linked to this checkout's or copied. */
function layout(name: string, linked: string[], copied: string[] = []): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const file of readdirSync(join(ROOT, 'bin'))) cpSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const part of linked) symlinkSync(join(ROOT, part), join(dir, part));
  for (const part of copied) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  return dir;
}

interface Run {
  code: number;
  stderr: string;
  /** The libraries of the emit threads that the main thread loaded. */
  onMain: string[];
  /** Every module the main thread required. */
  loaded: string[];
  /** The package written, as `path hash` lines. */
  tree: string;
}

async function generate(
  dir: string,
  out: string,
  env: Record<string, string> = {},
  extra: string[] = [],
  spec = bigSpec,
): Promise<Run> {
  const seen = join(work, `${out}.seen.json`);
  const args = [
    '--require',
    probe,
    join(dir, 'bin', 'xgen.js'),
    'generate',
    '--spec',
    spec,
    '--out',
    join(work, out),
    '--name',
    '@test/ads',
    '--client',
    'AdsClient',
    '--no-cache',
    ...extra,
  ];
  let code = 0;
  let stderr = '';
  try {
    ({ stderr } = await exec(process.execPath, args, {
      cwd: dir,
      timeout: 180_000,
      env: { ...process.env, XGEN_CACHE_DIR: join(work, 'cache'), XGEN_PROBE_OUT: seen, ...env },
    }));
  } catch (error) {
    const e = error as { code?: number; stderr?: string };
    code = typeof e.code === 'number' ? e.code : -1;
    stderr = e.stderr ?? '';
  }
  const loaded = JSON.parse(readFileSync(seen, 'utf8')) as string[];
  const onMain = loaded.filter(
    (request) => request === 'ts-morph' || request.startsWith('openapi-typescript'),
  );
  return { code, stderr, onMain, loaded, tree: code === 0 ? treeSummary(join(work, out)) : '' };
}

let reference = '';

test('from the sources through tsx: the threads run; without threads the package is the same', async () => {
  const checkout = layout('checkout', ['generator', 'node_modules', 'templates']);
  // Not built (bin/build.js): the sources as they are, as when no build can be made. With --verbose,
  // which would show a thread that failed (a test below): none does.
  const threaded = await generate(checkout, 'sources', { XGEN_BUILD: 'off' }, ['--verbose']);
  assert.is(threaded.code, 0, threaded.stderr);
  assert.equal(threaded.onMain, [], 'the emit threads did the work');
  assert.not.match(threaded.stderr, 'thread', 'no warning when the threads run');
  const alone = await generate(checkout, 'sources-alone', { XGEN_THREADS: '0', XGEN_BUILD: 'off' });
  assert.is(alone.code, 0, alone.stderr);
  assert.ok(alone.onMain.includes('ts-morph'), 'the probe sees work done on the main thread');
  assert.is(alone.tree, threaded.tree);
  reference = threaded.tree;
});

test('from the build of the sources (a checkout without dist/): the threads run, the same package', async () => {
  const checkout = layout('built-checkout', ['generator', 'node_modules', 'templates']);
  const run = await generate(checkout, 'built-sources');
  assert.is(run.code, 0, run.stderr);
  assert.ok(existsSync(join(checkout, '.build')), 'it ran the build');
  assert.equal(run.onMain, [], 'the emit threads did the work');
  assert.is(run.tree, reference);
});

test('from dist/: the threads run; the package is the one the sources make, with threads or without', async () => {
  const built = layout('built', ['generator', 'node_modules', 'templates']);
  // A dist/ with the hash of the sources it was built from, as `npm run dist` makes it (its compiler, the
  // native tsc; then bin/xgen.js runs it). Without its type check (`npm run lint` checks the sources):
  // the same files, for 0.8 s of processor instead of 2.2.
  await exec(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'),
      '-p',
      join(ROOT, 'tsconfig.build.json'),
      '--outDir',
      join(built, 'dist'),
      '--noCheck',
    ],
    { cwd: ROOT, timeout: 180_000 },
  );
  await exec(process.execPath, [join(built, 'bin', 'sources-hash.js'), '--write'], {
    cwd: built,
    timeout: 60_000,
  });
  const threaded = await generate(built, 'dist');
  assert.is(threaded.code, 0, threaded.stderr);
  assert.equal(threaded.onMain, [], 'the emit threads did the work');
  const alone = await generate(built, 'dist-alone', { XGEN_THREADS: '0' });
  assert.is(alone.code, 0, alone.stderr);
  assert.ok(alone.onMain.includes('ts-morph'));
  assert.is(threaded.tree, reference, 'dist/ makes what the sources make');
  assert.is(alone.tree, reference);
});

test('installed without a build or tsx (bin/ts-loader.js): the threads run', async () => {
  // The sources copied, not linked: Node follows links, and this checkout's node_modules has tsx.
  const installed = layout('dependencies-only', [], ['generator', 'templates']);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  mkdirSync(join(installed, 'node_modules'));
  for (const name of Object.keys(manifest.dependencies))
    symlinkSync(join(ROOT, 'node_modules', name), join(installed, 'node_modules', name));
  const run = await generate(installed, 'installed', { XGEN_BUILD: 'off' });
  assert.is(run.code, 0, run.stderr);
  assert.equal(run.onMain, [], 'the emit threads did the work');
  assert.is(run.tree, reference);
});

test('a thread that cannot start: a warning with --verbose (and none without), the same package', async () => {
  // The checkout the second test built (.build/): run from that build, not built a second time.
  const checkout = join(work, 'built-checkout');
  const missing = { XGEN_EMITTERS_WORKER: join(work, 'no-such-worker.ts') };
  const verbose = await generate(checkout, 'broken-verbose', missing, ['--verbose']);
  assert.is(verbose.code, 0, verbose.stderr);
  assert.match(
    verbose.stderr,
    /^xgen: warning: the thread for the emitters did not run \(.*no-such-worker\.ts.*\); its work is done on the main thread, slower$/m,
  );
  assert.ok(verbose.onMain.includes('ts-morph'), 'the emitters ran here');
  assert.is(verbose.tree, reference);
  const quiet = await generate(checkout, 'broken', missing);
  assert.is(quiet.code, 0, quiet.stderr);
  assert.not.match(quiet.stderr, 'thread');
  // With --verbose and the threads running, no warning: the first test's run.
});

test("a small spec: its schema types are rendered on the emitters' thread, and the main thread loads no TypeScript; the same package", async () => {
  const checkout = join(work, 'built-checkout');
  const small = await generate(checkout, 'small', {}, ['--verbose'], SMALL_SPEC);
  assert.is(small.code, 0, small.stderr);
  assert.not.match(small.stderr, 'thread', 'no thread failed');
  assert.equal(small.onMain, [], "the emitters' thread did the emitters' work and the schema types");
  const typescript = small.loaded.filter((request) => /(^|[\\/])typescript(\.js)?$/.test(request));
  assert.equal(typescript, [], 'no TypeScript on the main thread');
  const alone = await generate(checkout, 'small-alone', { XGEN_THREADS: '0' }, [], SMALL_SPEC);
  assert.is(alone.code, 0, alone.stderr);
  assert.ok(alone.onMain.includes('ts-morph'), 'the probe sees work done on the main thread');
  assert.ok(
    alone.loaded.some((request) => /(^|[\\/])typescript(\.js)?$/.test(request)),
    'the probe sees TypeScript loaded on the main thread',
  );
  assert.is(small.tree, alone.tree);
});

test("a thread's young generation is THREAD_LIMITS' 16 MB (V8 gives a thread 48), its old one V8's", async () => {
  // An entry that answers a job with the limits its thread runs under (the protocol of serveJobs).
  const entry = join(work, 'limits-probe.mjs');
  writeFileSync(
    entry,
    "import { parentPort, resourceLimits } from 'node:worker_threads';\n" +
      'parentPort.on("message", ({ id }) => parentPort.postMessage({ id, result: resourceLimits }));\n',
  );
  const thread = new EmitThread<null, ResourceLimits>(
    'the limits probe',
    'no-such-entry',
    () => Promise.reject(new Error('the job ran on the main thread')),
    'XGEN_TEST_LIMITS_ENTRY',
  );
  process.env.XGEN_TEST_LIMITS_ENTRY = entry;
  const threads = process.env.XGEN_THREADS;
  delete process.env.XGEN_THREADS;
  try {
    thread.start();
    const limits = await thread.run(null);
    assert.is(limits.maxYoungGenerationSizeMb, THREAD_LIMITS.maxYoungGenerationSizeMb);
    assert.is(limits.maxYoungGenerationSizeMb, 16);
    // The old generation is left to V8 (4096 MB on this machine): only the young one is bounded.
    assert.ok(limits.maxOldGenerationSizeMb! >= 1024, String(limits.maxOldGenerationSizeMb));
  } finally {
    thread.stop();
    delete process.env.XGEN_TEST_LIMITS_ENTRY;
    if (threads !== undefined) process.env.XGEN_THREADS = threads;
  }
});

/**
 * Runs `code` (an ES module) in a process of its own (runModule), with the environment added, and
 * gives its exit code and output: it must end by itself, its threads idle (no `process.exit`).
 */
function probeProcess(
  code: string,
  env: Record<string, string> = {},
): { status: number | null; out: string } {
  const run = runModule(code, { timeout: 60_000, env: { XGEN_THREADS: '', ...env } });
  return { status: run.status, out: `${run.stdout}${run.stderr}${run.error ? String(run.error) : ''}` };
}

test('a thread started and never sent a job does not keep the process open', () => {
  // What a run refused before emitting leaves (the threads started for it, under --watch or shared).
  const run = probeProcess(`
    const { EmitThread } = await import(${JSON.stringify(join(ROOT, 'generator/run/thread.ts'))});
    const thread = new EmitThread('the emitters', 'emit-worker', async () => null, 'XGEN_TEST_UNUSED', 'emitters');
    thread.start();
    console.log(JSON.stringify({ running: thread.running(), jobs: thread.jobs() }));
  `);
  assert.is(run.status, 0, run.out);
  assert.is(run.out.trim(), '{"running":true,"jobs":0}');
});

test('a signal cancels the jobs a thread holds, and any sent after it: none is left waiting', () => {
  // A thread that never answers: only the signal can settle its job.
  const entry = join(work, 'silent-probe.mjs');
  writeFileSync(
    entry,
    "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => {});\n",
  );
  const run = probeProcess(
    `
    const { EmitThread } = await import(${JSON.stringify(join(ROOT, 'generator/run/thread.ts'))});
    const { handleSignals } = await import(${JSON.stringify(join(ROOT, 'generator/interrupt.ts'))});
    handleSignals(() => {}); // the process goes on: what becomes of the jobs is seen
    const thread = new EmitThread('the silent probe', 'no-such-entry', async () => 'done here', 'XGEN_TEST_SILENT_ENTRY');
    thread.start();
    const outcome = (job) => job.then((r) => 'answered ' + r, (e) => e.constructor.name + ': ' + e.message);
    const held = outcome(thread.run('held'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    console.log('held jobs: ' + thread.jobs());
    process.kill(process.pid, 'SIGINT');
    console.log('held: ' + (await held));
    console.log('after: ' + (await outcome(thread.run('after'))));
  `,
    { XGEN_TEST_SILENT_ENTRY: entry },
  );
  assert.is(run.status, 0, run.out);
  assert.equal(run.out.trim().split('\n'), [
    'held jobs: 1',
    'held: Interrupted: interrupted by SIGINT',
    'after: Interrupted: interrupted by SIGINT',
  ]);
});

test.run();
