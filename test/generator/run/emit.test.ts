/**
 * The emit threads' lifetime: started for each package being generated (the schema types' only for
 * a big spec or beside other packages), they end once no package needs them (their memory is free
 * for compile and write), start again for a later package, and outlive every package after
 * keepEmitThreads (watch mode). Jobs a thread held when it ended, and the schema types of a package
 * that did not start their thread, are done on this thread.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { runEmitters } from '../../../generator/emit/emitters.ts';
import {
  emitted,
  emittersThreadRunning,
  forgetEmitThreads,
  prestartEmitThreads,
  releaseEmitThreads,
  schemaTypes,
  schemaTypesThreadRunning,
  startEmitThreads,
  startSchemaTypesThread,
  stopIdleEmitThreads,
} from '../../../generator/run/emit-threads.ts';
import { emitSchemaTypes } from '../../../generator/emit/schema-types.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { ROOT, runCli } from '../../helpers/cli.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const running = () => [schemaTypesThreadRunning(), emittersThreadRunning()];

/** Ads v12's model, built here. */
const adsModel = () =>
  buildModel(loadSpec(join(ROOT, 'spec/ads-v12.yaml')), {
    packageName: '@test/ads',
    clientName: 'AdsClient',
  });

test.before(() => {
  forgetEmitThreads();
});

/** What generatePackage starts for a package with a big spec, or beside another package. */
function startBoth(): void {
  startEmitThreads();
  startSchemaTypesThread();
}

test('a package starts the emitters thread; the schema types thread only when asked', () => {
  startEmitThreads();
  assert.equal(running(), [false, true]);
  startSchemaTypesThread();
  assert.equal(running(), [true, true]);
  releaseEmitThreads();
  assert.equal(running(), [false, false]);
});

test('two packages side by side: the threads end when the second one releases them', () => {
  startBoth();
  startBoth();
  assert.equal(running(), [true, true]);
  releaseEmitThreads();
  assert.equal(running(), [true, true], 'one package still emits');
  releaseEmitThreads();
  assert.equal(running(), [false, false]);
  startBoth();
  assert.equal(running(), [true, true], 'a later package starts them again');
  releaseEmitThreads();
  assert.equal(running(), [false, false]);
});

test('a job the thread held when it ended is done here', async () => {
  const model = adsModel();
  startEmitThreads();
  const files = emitted(model, {});
  releaseEmitThreads();
  assert.equal([...(await files)], [...runEmitters(model, {})]);
});

test('with one package emitting, each thread ends as soon as it has handed its result', async () => {
  const model = adsModel();
  startBoth();
  try {
    await schemaTypes(model, '3.1');
    assert.equal(running(), [false, true], 'the schema types are done, the emitters not yet asked');
    await emitted(model, {});
    assert.equal(running(), [false, false]);
  } finally {
    releaseEmitThreads();
  }
  startBoth();
  startBoth();
  await schemaTypes(model, '3.1');
  assert.equal(running(), [true, true], 'a second package may still ask');
  releaseEmitThreads();
  releaseEmitThreads();
});

test('the schema types of a package that did not start their thread are rendered here: the same text', async () => {
  const model = adsModel();
  startEmitThreads();
  try {
    const text = schemaTypes(model, '3.1');
    assert.equal(running(), [false, true], 'no thread was started for them');
    assert.is(await text, emitSchemaTypes(model, '3.1'));
  } finally {
    releaseEmitThreads();
  }
});

test("threads started ahead of the packages (the emitters') end with the last package, or unused", () => {
  prestartEmitThreads();
  assert.equal(running(), [false, true]);
  startEmitThreads();
  stopIdleEmitThreads();
  assert.equal(running(), [false, true], 'a package uses it');
  releaseEmitThreads();
  assert.equal(running(), [false, false], 'the last package ended it');
  prestartEmitThreads();
  stopIdleEmitThreads();
  assert.equal(running(), [false, false], 'no package came');
});

test('a cold run that fails before generating ends the threads it started ahead', async () => {
  const run = await runCli([
    'generate',
    '--config',
    join(ROOT, 'test/.tmp/no-such-config.yaml'),
    '--no-cache',
  ]);
  assert.is(run.code, 2, run.text);
  assert.equal(running(), [false, false]);
});

test('after keepEmitThreads, the threads outlive the packages', () => {
  const probe = `
    const emit = await import(${JSON.stringify(join(ROOT, 'generator/run/emit.ts'))});
    const { emittersThreadRunning } = await import(${JSON.stringify(join(ROOT, 'generator/run/emit-threads.ts'))});
    emit.keepEmitThreads();
    emit.startEmitThreads();
    emit.releaseEmitThreads();
    console.log(JSON.stringify(emittersThreadRunning()));
    process.exit(0);
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.trim(), 'true');
});

test.run();
