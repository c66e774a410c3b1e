/**
 * The emitters' thread of emit/threads.ts (one worker file serves both emit threads; the schema
 * types' is tested in threads-schema-types.test.ts) gives the files this thread gives, byte for byte
 * and in the same order; a thread that cannot start leaves the work to this thread; a job that
 * fails on the thread fails with this thread's own error (its class and fields, not only its
 * message); and without the threads the main thread never loads ts-morph.
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { runEmitters } from '../../../generator/emit/emitters.ts';
import {
  emitted,
  emittersThreadRunning,
  forgetEmitThreads,
  requestEmit,
  startEmitThread,
} from '../../../generator/run/emit-threads.ts';
import { ROOT } from '../../helpers/cli.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';
import { runModule } from '../../helpers/module-process.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const spec = loadSpec(join(ROOT, 'spec/ads-v12.yaml'));
const model = buildModel(spec, { packageName: '@test/ads', clientName: 'AdsClient' });
const here = runEmitters(model, { license: 'MIT' });

test('the thread emits what this thread emits, in the same order', async () => {
  forgetEmitThreads();
  startEmitThread('emitters');
  await requestEmit(model, spec.version, { license: 'MIT' });
  // (The schema types were requested too: on this thread after the emitters, where theirs does not run.)
  const onThread = await emitted(model, { license: 'MIT' });
  assert.equal([...onThread.keys()], [...here.keys()]);
  for (const [path, text] of here) assert.is(onThread.get(path), text, path);
  assert.ok(emittersThreadRunning(), 'emitted on the thread, which is still up');
});

test('a job that fails on the thread fails with the error this thread throws', async () => {
  forgetEmitThreads();
  startEmitThread('emitters');
  const broken = { ...model, groups: 7 } as unknown as typeof model;
  try {
    await emitted(broken, {});
    assert.unreachable('a model whose groups are not a list fails the job');
  } catch (error) {
    // The thread's reply carries a message only: the class shows the error was thrown here.
    assert.instance(error, TypeError, String(error));
  }
  assert.ok(emittersThreadRunning(), 'the thread stays up for the next job');
});

test('a thread that cannot start: the work is done here', async () => {
  forgetEmitThreads();
  process.env.XGEN_EMITTERS_WORKER = join(ROOT, 'test/.tmp/no-such-worker.ts');
  try {
    startEmitThread('emitters');
    const files = await emitted(model, { license: 'MIT' });
    assert.equal([...files], [...here]);
    assert.not.ok(emittersThreadRunning(), 'the thread is given up');
  } finally {
    delete process.env.XGEN_EMITTERS_WORKER;
    forgetEmitThreads();
  }
});

test('a generate run with threads loads ts-morph on the emit thread only', () => {
  // A child process that runs generate.ts with a hook listing the modules the main thread requires
  // (with XGEN_THREADS=0 the list has ts-morph).
  const probe = `
    import { createRequire, isBuiltin } from 'node:module';
    import { isMainThread } from 'node:worker_threads';
    const Module = createRequire(import.meta.url)('node:module');
    const load = Module._load;
    const seen = new Set();
    Module._load = function (request, ...rest) { if (isMainThread) seen.add(request); return load.call(this, request, ...rest); };
    const { generatePackage } = await import(${JSON.stringify(join(ROOT, 'generator/generate.ts'))});
    await generatePackage({ spec: ${JSON.stringify(join(ROOT, 'spec/ads-v12.yaml'))}, out: '/nonexistent', name: '@test/ads', client: 'AdsClient', templates: {} });
    console.log(JSON.stringify({ tsMorph: seen.has('ts-morph') }));
    process.exit(0);
  `;
  const run = runModule(probe);
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}'), { tsMorph: false });
});

test.run();
