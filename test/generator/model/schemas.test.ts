/**
 * Which named schemas get a variant without their hidden properties (generator/model/schemas.ts):
 * every schema that reaches a read-only property, through references and cycles, whichever
 * operation asks first, and none that reaches none.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

/** One POST a schema, in this order: each sends its schema as the body. */
function spec(order: string[]): string {
  const post = (name: string) => `
  /${name.toLowerCase()}:
    post:
      operationId: send${name}
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/${name}' }
      responses:
        '204': { description: done }`;
  return `
openapi: 3.1.0
info: { title: sides, version: '1' }
paths:${order.map(post).join('')}
components:
  schemas:
    # P reaches a read-only field through S; Q reaches it only back through P (a cycle).
    P:
      type: object
      properties:
        q: { $ref: '#/components/schemas/Q' }
        s: { $ref: '#/components/schemas/S' }
    Q:
      type: object
      properties:
        p: { $ref: '#/components/schemas/P' }
        r: { $ref: '#/components/schemas/R' }
    R:
      type: object
      properties:
        name: { type: string }
    S:
      type: object
      properties:
        id: { type: string, readOnly: true }
        name: { type: string }
    # D and E refer to each other and reach nothing read-only.
    D:
      type: object
      properties:
        e: { $ref: '#/components/schemas/E' }
    E:
      type: object
      properties:
        d: { $ref: '#/components/schemas/D' }
        r: { $ref: '#/components/schemas/R' }
`;
}

function variants(order: string[]): string[] {
  const model = buildModel(loadSpec('sides.yaml', spec(order)), {
    packageName: 'sides',
    clientName: 'SidesClient',
  });
  return model.schemas
    .map((s) => s.name)
    .filter((name) => name.endsWith('Input'))
    .sort();
}

test('every schema that reaches a read-only field has a variant, whichever is asked first', () => {
  const expected = ['PInput', 'QInput', 'SInput'];
  assert.equal(variants(['P', 'Q', 'R', 'D', 'E']), expected, 'P first: Q is reached through a cycle');
  assert.equal(variants(['Q', 'P', 'E', 'R', 'D']), expected, 'Q first');
  assert.equal(variants(['D', 'E', 'R', 'S', 'Q', 'P']), expected, 'the ones that hide nothing first');
});

test("a variant's body refers to the other variants, and keeps no read-only field", () => {
  const model = buildModel(loadSpec('sides.yaml', spec(['P', 'Q'])), {
    packageName: 'sides',
    clientName: 'SidesClient',
  });
  const schema = (name: string) => model.schemas.find((s) => s.name === name)?.schema;
  assert.equal(schema('QInput'), {
    type: 'object',
    properties: { p: { $ref: '#/components/schemas/PInput' }, r: { $ref: '#/components/schemas/R' } },
  });
  assert.equal(schema('SInput'), { type: 'object', properties: { name: { type: 'string' } } });
});

const BOTH_SIDES = `
openapi: 3.1.0
info: { title: sides, version: '1' }
paths:
  /w:
    post:
      operationId: sendW
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/W' }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/W' }
components:
  schemas:
    S:
      type: object
      required: [id, name]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string }
        secret: { type: string, writeOnly: true }
    W:
      description: a whole
      allOf:
        - $ref: '#/components/schemas/S'
      required: [id, name, extra, secret]
      properties:
        extra: { type: string, readOnly: true }
        tags: { type: array, items: { $ref: '#/components/schemas/S' } }
        map: { type: object, additionalProperties: { $ref: '#/components/schemas/S' } }
`;

test("each side drops its hidden fields, from required too (an allOf part's as well), at any depth", () => {
  const model = buildModel(loadSpec('sides.yaml', BOTH_SIDES), {
    packageName: 'sides',
    clientName: 'SClient',
  });
  const schema = (name: string) => model.schemas.find((s) => s.name === name)?.schema;
  const expected = {
    WInput: {
      description: 'a whole',
      allOf: [{ $ref: '#/components/schemas/SInput' }],
      required: ['name', 'secret'],
      properties: {
        tags: { type: 'array', items: { $ref: '#/components/schemas/SInput' } },
        map: { type: 'object', additionalProperties: { $ref: '#/components/schemas/SInput' } },
      },
    },
    SInput: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, secret: { type: 'string', writeOnly: true } },
    },
    WOutput: {
      description: 'a whole',
      allOf: [{ $ref: '#/components/schemas/SOutput' }],
      required: ['id', 'name', 'extra'],
      properties: {
        extra: { type: 'string', readOnly: true },
        tags: { type: 'array', items: { $ref: '#/components/schemas/SOutput' } },
        map: { type: 'object', additionalProperties: { $ref: '#/components/schemas/SOutput' } },
      },
    },
    SOutput: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
    },
  };
  for (const [name, value] of Object.entries(expected)) assert.equal(schema(name), value, name);
  assert.is(schema('SendWParams')?.$ref, '#/components/schemas/WInput');
});

test.run();
