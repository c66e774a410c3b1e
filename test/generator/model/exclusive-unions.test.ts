/** A `oneOf` the client sends takes one shape (generator/model/exclusive-unions.ts, and the body's exclusive fields). */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const SPEC = `
openapi: 3.1.0
info: { title: unions, version: '1' }
paths:
  /rules:
    post:
      operationId: changeRules
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - { $ref: '#/components/schemas/AddRules' }
                - { $ref: '#/components/schemas/DeleteRules' }
                - { type: object, required: [note], properties: { note: { type: string } } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Summary' }
components:
  schemas:
    AddRules:
      type: object
      required: [add]
      properties: { add: { type: array, items: { type: string } }, dry_run: { type: boolean } }
    DeleteRules:
      type: object
      required: [delete]
      properties: { delete: { type: array, items: { type: string } }, dry_run: { type: boolean } }
    Summary:
      oneOf:
        - { type: object, properties: { created: { type: integer } } }
        - { type: object, properties: { deleted: { type: integer } } }
`;

const model = buildModel(loadSpec('unions.yaml', SPEC), {
  packageName: 'unions',
  clientName: 'UnionsClient',
});
const op = model.operations.find((o) => o.id === 'changeRules');
const schema = (name: string) => model.schemas.find((s) => s.name === name)?.schema;

test('each shape of a sent oneOf marks the fields only other shapes have as absent', () => {
  const body = schema(op?.body?.typeName ?? '') as { oneOf: Record<string, unknown>[] };
  assert.equal(body.oneOf[0], {
    allOf: [
      { $ref: '#/components/schemas/AddRules' },
      { type: 'object', properties: { delete: { not: {} }, note: { not: {} } } },
    ],
  });
  assert.equal(body.oneOf[1], {
    allOf: [
      { $ref: '#/components/schemas/DeleteRules' },
      { type: 'object', properties: { add: { not: {} }, note: { not: {} } } },
    ],
  });
  // An inline shape gets them beside its own properties; a field every shape has (dry_run) is free.
  assert.equal(body.oneOf[2]?.properties, {
    note: { type: 'string' },
    add: { not: {} },
    delete: { not: {} },
    dry_run: { not: {} },
  });
  // The named shapes themselves are unchanged.
  assert.equal(Object.keys((schema('AddRules') as { properties: object }).properties), ['add', 'dry_run']);
});

test('what the client reads keeps its union as the schema states it', () => {
  assert.equal(schema('Summary'), {
    oneOf: [
      { type: 'object', properties: { created: { type: 'integer' } } },
      { type: 'object', properties: { deleted: { type: 'integer' } } },
    ],
  });
});

test('the body records the fields only one shape has, for the runtime check', () => {
  assert.equal(op?.body?.mode, 'fields');
  assert.equal(op?.body?.exclusive, [['add'], ['delete'], ['note']]);
});

test.run();
