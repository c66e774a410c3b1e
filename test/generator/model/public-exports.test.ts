/**
 * The package's public export list and the auth helpers' names, as data in the model: the index
 * emitter prints the one, the API snapshot lists the other, and both follow the spec.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { runtimeFilesFor } from '../../../generator/emit/runtime-files.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';

const core = buildModel(loadSpec(join(ROOT, 'spec', 'core-v2.yaml')), {
  packageName: '@xgen/core-v2',
  clientName: 'CoreClient',
});
const ads = buildModel(loadSpec(join(ROOT, 'spec', 'ads-v12.yaml')), {
  packageName: '@xgen/ads-v12',
  clientName: 'AdsClient',
});

test('the auth helpers are what the committed API snapshot lists', () => {
  for (const [model, dir] of [
    [core, 'core-v2'],
    [ads, 'ads-v12'],
  ] as const) {
    const snapshot = JSON.parse(readFileSync(join(ROOT, 'generated', dir, 'api-snapshot.json'), 'utf8')) as {
      helpers?: unknown;
    };
    assert.equal(model.authHelpers, snapshot.helpers ?? {}, dir);
  }
});

test('every runtime module the list exports from is one the package gets', () => {
  for (const model of [core, ads]) {
    const files = runtimeFilesFor(model);
    for (const e of model.publicExports)
      if (e.module.startsWith('runtime/'))
        assert.ok(files.includes(e.module.slice('runtime/'.length)), `${model.packageName}: ${e.module}`);
  }
});

test('names are data: a name and its kind, the client class first', () => {
  assert.equal(core.publicExports[0], {
    module: 'client',
    names: [
      { name: 'CoreClient', kind: 'value' },
      { name: 'CallArgs', kind: 'type' },
      { name: 'OptionalParamsOperationId', kind: 'type' },
    ],
  });
  assert.equal(
    core.publicExports.find((e) => e.module === 'models'),
    { module: 'models', typeOnly: true },
  );
});

test('a spec without security schemes, pages or streams: no auth helpers and none of their modules', () => {
  const dir = tempDir('public-exports');
  try {
    writeFileSync(
      join(dir, 'spec.yaml'),
      "openapi: 3.1.0\ninfo: { title: Plain, version: '1.0' }\npaths:\n  /ping:\n    get: { operationId: ping, responses: { '204': { description: done } } }\n",
    );
    const model = buildModel(loadSpec(join(dir, 'spec.yaml')), {
      packageName: '@t/plain',
      clientName: 'PlainClient',
    });
    assert.equal(model.authHelpers, {});
    assert.equal(
      model.publicExports.map((e) => e.module),
      [
        'client',
        'operations',
        'runtime/http',
        'runtime/auth',
        'runtime/errors',
        'runtime/types',
        'models',
        'enums',
        'schemas',
      ],
    );
  } finally {
    removeDir(dir);
  }
});

test.run();
