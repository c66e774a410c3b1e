/**
 * A model's bytes (emit/model-bytes.ts): read back, the model is the one serialized, its fields in
 * their order and an object two fields share still one object; the schema types' part is read
 * alone; the bytes are shared memory, which a thread receives without a copy; and the emit threads
 * sent a model as bytes (as the spec thread sends it) emit what this thread emits from the model.
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { runEmitters } from '../../../generator/emit/emitters.ts';
import {
  ModelHandle,
  readModel,
  readSchemaPart,
  serializeModel,
} from '../../../generator/run/model-bytes.ts';
import { emitSchemaTypes } from '../../../generator/emit/schema-types.ts';
import { warnThreadFailures } from '../../../generator/run/thread.ts';
import {
  emitted,
  forgetEmitThreads,
  releaseEmitThreads,
  requestEmit,
  schemaTypes,
  startEmitThreads,
  startSchemaTypesThread,
} from '../../../generator/run/emit-threads.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import type { ApiModel } from '../../../generator/model/types.ts';
import { ROOT } from '../../helpers/cli.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const spec = loadSpec(join(ROOT, 'spec/ads-v12.yaml'));
const model = buildModel(spec, { packageName: '@test/ads', clientName: 'AdsClient' });

test('read back, the model is the one serialized, its fields in their order', () => {
  const bytes = serializeModel(model);
  assert.instance(bytes.buffer, SharedArrayBuffer);
  assert.is(bytes.clientName, 'AdsClient');
  const read = readModel(bytes);
  assert.equal(Object.keys(read), Object.keys(model));
  assert.is(JSON.stringify(read), JSON.stringify(model));
  assert.equal(read, model);
});

test('an object reached from the schema part and from an operation is read back as one object', () => {
  const shared = { name: 'Pet', type: 'object' };
  const small = { ...model, schemas: [shared], operations: [{ body: shared }] } as unknown as ApiModel;
  const read = readModel(serializeModel(small)) as unknown as {
    schemas: unknown[];
    operations: { body: unknown }[];
  };
  assert.ok(read.schemas[0] === read.operations[0]!.body, 'one object, as a single clone gives');
});

test('the schema types part is read alone', () => {
  const part = readSchemaPart(serializeModel(model));
  assert.equal(Object.keys(part).sort(), ['enums', 'hasMoney', 'schemas', 'title', 'version']);
  assert.equal(part.schemas, model.schemas);
});

test('a handle serializes a model built here once, and reads received bytes only when asked', () => {
  const handle = ModelHandle.of(model);
  assert.is(ModelHandle.of(model), handle, 'one handle a model');
  assert.is(handle.bytes(), handle.bytes(), 'serialized once');
  assert.is(handle.model(), model, 'the model built here, not a copy');
  const received = ModelHandle.received(handle.bytes());
  assert.is(received.clientName, 'AdsClient');
  const read = received.model();
  assert.is(received.model(), read, 'read once');
  assert.equal(read, model);
});

test('the emit threads sent the bytes emit what this thread emits from the model', async () => {
  const failures: string[] = [];
  warnThreadFailures((line) => failures.push(line));
  forgetEmitThreads();
  startEmitThreads();
  startSchemaTypesThread();
  try {
    const received = ModelHandle.received(serializeModel(model));
    await requestEmit(received, spec.version, { license: 'MIT' });
    const files = await emitted(received, { license: 'MIT' });
    assert.equal([...files], [...runEmitters(model, { license: 'MIT' })]);
    assert.is(await schemaTypes(received, spec.version), emitSchemaTypes(model, spec.version));
    assert.equal(failures, [], 'both threads ran');
  } finally {
    warnThreadFailures(undefined);
    releaseEmitThreads();
  }
});

test('an emit thread that cannot start: a model received as bytes is read and emitted here', async () => {
  forgetEmitThreads();
  process.env.XGEN_EMITTERS_WORKER = join(ROOT, 'test/.tmp/no-such-worker.ts');
  process.env.XGEN_SCHEMA_WORKER = join(ROOT, 'test/.tmp/no-such-worker.ts');
  startEmitThreads();
  startSchemaTypesThread();
  try {
    const received = ModelHandle.received(serializeModel(model));
    await requestEmit(received, spec.version, {});
    assert.equal([...(await emitted(received, {}))], [...runEmitters(model, {})]);
    assert.is(await schemaTypes(received, spec.version), emitSchemaTypes(model, spec.version));
  } finally {
    delete process.env.XGEN_EMITTERS_WORKER;
    delete process.env.XGEN_SCHEMA_WORKER;
    releaseEmitThreads();
    forgetEmitThreads();
  }
});

test.run();
