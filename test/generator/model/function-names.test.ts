/**
 * Each operation's `/functions` export is decided once, in the model: its descriptor's name,
 * numbered past the names `functions.ts` itself declares or imports, unique ignoring case.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';

const SPEC = `openapi: 3.1.0
info: { title: Clashes, version: '1.0' }
paths:
  /core:
    post: { operationId: createCore, responses: { '204': { description: done } } }
  /request:
    get: { operationId: request, responses: { '204': { description: done } } }
  /build:
    get: { operationId: buildUrl, responses: { '204': { description: done } } }
  /pets:
    get: { operationId: listPets, tags: [Pets], responses: { '204': { description: done } } }
  /pets2:
    get: { operationId: ListPets, tags: [Pets], responses: { '204': { description: done } } }
`;

test("function names: the descriptor name, numbered past the module's own names, unique ignoring case", () => {
  const dir = tempDir('function-names');
  try {
    writeFileSync(join(dir, 'spec.yaml'), SPEC);
    const model = buildModel(loadSpec(join(dir, 'spec.yaml')), {
      packageName: '@t/clashes',
      clientName: 'ClashesClient',
    });
    const names = Object.fromEntries(model.operations.map((op) => [op.id, op.functionName]));
    assert.equal(names, {
      createCore: 'createCore2',
      request: 'request2',
      buildUrl: 'buildUrl2',
      listPets: 'listPets',
      ListPets: 'listPets2',
    });
  } finally {
    removeDir(dir);
  }
});

test.run();
