/** Which enums are open: read ones admit unlisted values, sent ones stay closed (generator/model/enum-sides.ts). */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const SPEC = `
openapi: 3.1.0
info: { title: sides, version: '1' }
paths:
  /things:
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ThingCreate' }
      parameters:
        - { name: sort, in: query, schema: { $ref: '#/components/schemas/Sort' } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
components:
  schemas:
    Status: { type: string, enum: [active, paused] }
    Sort: { type: string, enum: [asc, desc] }
    Level: { type: integer, enum: [1, 2] }
    Delivered: { type: string, enum: [a, b] }
    Filter:
      type: object
      properties:
        status: { $ref: '#/components/schemas/Status' }
    ThingCreate:
      type: object
      properties:
        status: { $ref: '#/components/schemas/Status' }
        filter: { $ref: '#/components/schemas/Filter' }
        level: { $ref: '#/components/schemas/Level' }
    Thing:
      type: object
      properties:
        status: { $ref: '#/components/schemas/Status' }
        filter: { $ref: '#/components/schemas/Filter' }
        level: { $ref: '#/components/schemas/Level' }
`;

const model = buildModel(loadSpec('sides.yaml', SPEC), { packageName: 'sides', clientName: 'SidesClient' });
const open = (name: string) => model.enums.find((e) => e.name === name)?.open;
const schema = (name: string) => model.schemas.find((s) => s.name === name)?.schema;

test('an enum read in a response, or reached by no operation, is open; one only sent is closed', () => {
  assert.is(open('Status'), true, 'read (and sent)');
  assert.is(open('Delivered'), true, 'reached by no operation: what a client may receive');
  assert.is(open('Sort'), false, 'only sent');
  assert.is(open('Level'), false, 'not a string enum');
});

test('what a request holds is closed: enum values inline, shared schemas as <Name>Input', () => {
  const create = schema('ThingCreate') as { properties: Record<string, Record<string, unknown>> };
  assert.equal(create.properties.status?.enum, ['active', 'paused']);
  assert.is(create.properties.filter?.$ref, '#/components/schemas/FilterInput');
  assert.equal(
    (schema('FilterInput') as { properties: { status: { enum: unknown } } }).properties.status.enum,
    ['active', 'paused'],
  );
  // The read side keeps the named (open) enum.
  assert.is(
    (schema('Thing') as { properties: { status: { $ref: string } } }).properties.status.$ref,
    '#/components/schemas/Status',
  );
  assert.is(
    (schema('Filter') as { properties: { status: { $ref: string } } }).properties.status.$ref,
    '#/components/schemas/Status',
  );
});

test.run();
