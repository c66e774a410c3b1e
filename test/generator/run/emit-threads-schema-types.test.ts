/**
 * The schema-types thread of emit/threads.ts (the emitters' is in threads.test.ts) renders what this
 * thread renders, byte for byte; a thread that cannot start leaves the work to this thread instead
 * of failing it.
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { emitSchemaTypes } from '../../../generator/emit/schema-types.ts';
import {
  forgetEmitThreads,
  schemaTypes,
  schemaTypesThreadRunning,
  startEmitThread,
} from '../../../generator/run/emit-threads.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { ROOT } from '../../helpers/cli.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const spec = loadSpec(join(ROOT, 'spec/ads-v12.yaml'));
const model = buildModel(spec, { packageName: '@test/ads', clientName: 'AdsClient' });

test('the schema-types thread renders what this thread renders', async () => {
  forgetEmitThreads();
  startEmitThread('schema-types');
  const onThread = await schemaTypes(model, spec.version);
  assert.is(onThread, emitSchemaTypes(model, spec.version));
  assert.ok(onThread.includes('export interface components'), onThread.slice(0, 200));
  assert.ok(schemaTypesThreadRunning(), 'rendered on the thread, which is still up');
});

test('a schema-types thread that cannot start: the work is done here', async () => {
  forgetEmitThreads();
  process.env.XGEN_SCHEMA_WORKER = join(ROOT, 'test/.tmp/no-such-worker.ts');
  try {
    startEmitThread('schema-types');
    assert.is(await schemaTypes(model, spec.version), emitSchemaTypes(model, spec.version));
    assert.not.ok(schemaTypesThreadRunning(), 'the thread is given up');
  } finally {
    delete process.env.XGEN_SCHEMA_WORKER;
    forgetEmitThreads();
  }
});

test.run();
