/**
 * The schema types rendered on the second thread are the ones rendered here, byte for byte; a
 * thread that cannot start leaves the work to this thread instead of failing it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { emitSchemaTypes } from '../../../generator/emit/schema-types.ts';
import { forgetSchemaTypesThread, schemaTypes, schemaTypesThreadRunning, startSchemaTypesThread } from '../../../generator/emit/schema-types-thread.ts';
import { ROOT } from '../../helpers/cli.ts';

const spec = loadSpec(join(ROOT, 'spec/ads-v12.yaml'));
const model = buildModel(spec, { packageName: '@test/ads', clientName: 'AdsClient' });

test('the thread renders what this thread renders', async () => {
  forgetSchemaTypesThread();
  startSchemaTypesThread();
  const onThread = await schemaTypes(model, spec.version);
  assert.is(onThread, emitSchemaTypes(model, spec.version));
  assert.ok(onThread.includes('export interface components'), onThread.slice(0, 200));
  assert.ok(schemaTypesThreadRunning(), 'rendered on the thread, which is still up');
});

test('a thread that cannot start: the work is done here', async () => {
  forgetSchemaTypesThread();
  process.env.XGEN_SCHEMA_WORKER = join(ROOT, 'test/.tmp/no-such-worker.ts');
  try {
    startSchemaTypesThread();
    assert.is(await schemaTypes(model, spec.version), emitSchemaTypes(model, spec.version));
    assert.not.ok(schemaTypesThreadRunning(), 'the thread is given up');
  } finally {
    delete process.env.XGEN_SCHEMA_WORKER;
    forgetSchemaTypesThread();
  }
});

test.run();
