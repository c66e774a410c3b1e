/**
 * Documented error bodies (generator/model/error-bodies.ts): per operation, the type of each error
 * status's JSON body; the package's list, one entry a type; problems and legacy `{ code, message }`
 * errors left to `ApiError.problem` and `legacyErrors`; a lone `default` is the success.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';

const SPEC = `openapi: 3.1.0
info: { title: Errors, version: '1.0' }
paths:
  /charges:
    post:
      operationId: createCharge
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '429': { description: slow down, content: { application/json: { schema: { $ref: '#/components/schemas/RateLimited' } } } }
        4XX: { $ref: '#/components/responses/Failed' }
        default: { $ref: '#/components/responses/Failed' }
    get:
      operationId: listCharges
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: object } } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object, properties: { reason: { type: string } } } } } }
        '404': { description: gone, content: { application/problem+json: { schema: { type: object } } } }
        '409': { description: legacy, content: { application/json: { schema: { $ref: '#/components/schemas/Legacy' } } } }
        '410': { description: legacy list, content: { application/json: { schema: { type: object, properties: { errors: { type: array, items: { $ref: '#/components/schemas/LegacyItem' } } } } } } }
        '422': { description: problem, content: { application/json: { schema: { $ref: '#/components/schemas/InvalidProblem' } } } }
        default: { $ref: '#/components/responses/Failed' }
  /charges/{id}:
    post:
      operationId: updateCharge
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '422': { description: invalid, content: { application/json: { schema: { $ref: '#/components/schemas/LooseItems' } } } }
  /ping:
    get:
      operationId: ping
      responses:
        default: { description: the only answer, content: { application/json: { schema: { $ref: '#/components/schemas/Failure' } } } }
components:
  responses:
    Failed: { description: failed, content: { application/json: { schema: { $ref: '#/components/schemas/Failure' } } } }
  schemas:
    Failure:
      type: object
      required: [error]
      properties: { error: { type: object, properties: { type: { type: string, enum: [card_error, api_error] } } } }
    RateLimited: { type: object, properties: { retryAfter: { type: integer } } }
    Legacy: { type: object, properties: { code: { type: integer }, message: { type: string } } }
    LegacyItem: { type: object, required: [code, message], properties: { code: { type: integer }, message: { type: string } } }
    LooseItems:
      type: object
      properties: { errors: { type: array, items: { type: object, required: [code], properties: { code: { type: string }, message: { type: string } } } } }
    InvalidProblem: { type: object, properties: { type: { type: string }, title: { type: string } } }
`;

let dir = '';
let model: ReturnType<typeof buildModel>;
test.before(() => {
  dir = tempDir('error-bodies-model');
  writeFileSync(join(dir, 'spec.yaml'), SPEC);
  model = buildModel(loadSpec(join(dir, 'spec.yaml')), { packageName: '@t/e', clientName: 'EClient' });
});
test.after(() => removeDir(dir));

const op = (id: string) => model.operations.find((o) => o.id === id)!;

test('each error status of an operation names its body type; a `$ref`d response is read through', () => {
  assert.equal(op('createCharge').errorBodies, [
    { status: '429', code: 429, typeName: 'RateLimited' },
    { status: '4XX', typeName: 'Failure' },
    { status: 'default', typeName: 'Failure' },
  ]);
});

test('problems, problem+json and legacy `{ code, message }` bodies are left out; an inline schema is named', () => {
  const bodies = op('listCharges').errorBodies;
  assert.equal(
    bodies.map((b) => b.status),
    ['400', 'default'],
  );
  assert.ok(model.schemas.some((s) => s.name === bodies[0]!.typeName));
});

test('the statuses declared without a body typed here: problems, legacy errors', () => {
  assert.equal(op('listCharges').untypedErrors, ['404', '409', '410', '422']);
  assert.equal(op('createCharge').untypedErrors, []);
});

test('inline bodies are named by their status in words, never by a number: one name per status', () => {
  const spec = `openapi: 3.1.0
info: { title: Merge, version: '1.0' }
paths:
  /pulls/{n}/merge:
    put:
      operationId: pulls/merge
      parameters: [{ name: n, in: path, required: true, schema: { type: integer } }]
      responses:
        '200': { description: merged, content: { application/json: { schema: { type: object } } } }
        '405': { description: not mergeable, content: { application/json: { schema: { type: object, properties: { message: { type: string } } } } } }
        '409': { description: head moved, content: { application/json: { schema: { type: object, properties: { sha: { type: string } } } } } }
        '422': { description: invalid, content: { application/json: { schema: { type: object, properties: { field: { type: string } } } } } }
        '499': { description: odd, content: { application/json: { schema: { type: object, properties: { why: { type: string } } } } } }
        5xx: { description: down, content: { application/json: { schema: { type: object, properties: { retry: { type: boolean } } } } } }
        default: { description: other, content: { application/json: { schema: { type: object, properties: { note: { type: string } } } } } }
`;
  writeFileSync(join(dir, 'merge.yaml'), spec);
  const merge = buildModel(loadSpec(join(dir, 'merge.yaml')), { packageName: '@t/m', clientName: 'MClient' });
  assert.equal(
    merge.operations[0]!.errorBodies.map((b) => [b.status, b.code, b.typeName]),
    [
      ['405', 405, 'PullsMergeMethodNotAllowedError'],
      ['409', 409, 'PullsMergeConflictError'],
      ['422', 422, 'PullsMergeUnprocessableError'],
      ['499', 499, 'PullsMergeStatus499Error'],
      ['5XX', undefined, 'PullsMergeServerError'],
      ['default', undefined, 'PullsMergeError'],
    ],
  );
});

test("a list of `{ code, message }` is legacy only with both required, as `legacyErrors` reads it (GitHub's is a body)", () => {
  assert.equal(op('updateCharge').errorBodies, [{ status: '422', code: 422, typeName: 'LooseItems' }]);
});

test('a lone `default` is the success, not an error', () => {
  assert.equal(op('ping').errorBodies, []);
});

test('the package lists each body type once, by name, with every status that declares it', () => {
  assert.equal(
    model.errorBodies.map((b) => [b.typeName, b.statuses]),
    [
      ['Failure', ['4XX', 'default']],
      ['ListChargesBadRequestError', ['400']],
      ['LooseItems', ['422']],
      ['RateLimited', ['429']],
    ],
  );
});

test("X's packages document only problems and legacy errors: nothing more to type", () => {
  for (const name of ['core-v2', 'ads-v12']) {
    const x = buildModel(loadSpec(join(ROOT, 'spec', `${name}.yaml`)), {
      packageName: '@t/x',
      clientName: 'XClient',
    });
    assert.equal(x.errorBodies, [], name);
  }
});

test.run();
