/**
 * `schemas.ts` reads like a hand-written file: plain-prose doc comments (no openapi-typescript
 * tags), the format said in a sentence, no empty roots, blank lines between declarations and
 * around documented members.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { emitSchemaTypes } from '../../../generator/emit/schema-types.ts';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Docs', version: '1' },
  paths: {
    '/a': {
      get: {
        operationId: 'getA',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        description: 'A pet.\n\nKept by a user.',
        required: ['id', 'kind'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          born_at: { type: 'string', format: 'date-time', description: 'When the pet was born.' },
          count: { type: 'integer', format: 'int32', description: 'How many.' },
          size: { type: 'string', enum: ['small', 'large'], default: 'small', description: 'How big.' },
          kind: { $ref: '#/components/schemas/Kind' },
        },
      },
      Kind: { type: 'string', enum: ['cat', 'dog'], description: 'A kind of pet.' },
      Shape: {
        oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }],
        discriminator: { propertyName: 'type' },
      },
      Circle: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string' }, radius: { type: 'number' } },
      },
      Square: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string' }, side: { type: 'number' } },
      },
    },
  },
};
const model = buildModel(loadSpec('docs.json', JSON.stringify(spec)), {
  packageName: '@test/docs',
  clientName: 'DocsClient',
});
const text = emitSchemaTypes(model, '3.1');

test('doc comments are plain prose: no openapi-typescript tags', () => {
  for (const tag of ['@description', 'Format:', '@enum', '@constant', 'added by openapi-typescript'])
    assert.not.ok(text.includes(tag), `${tag} in\n${text}`);
  assert.ok(text.includes(' * A pet.\n *\n * Kept by a user.\n'), text);
  assert.ok(text.includes('/** How many. */'), 'a 32-bit width is not worth a sentence');
});

test('the format is a sentence after the description; @default stays a tag', () => {
  assert.match(text, /\* When the pet was born\.\n\s*\*\n\s*\* A date and time in RFC 3339 form/);
  assert.match(text, /\* How big\.\n\s*\*\n\s*\* @default small\n/);
});

test('only components is declared: no empty roots', () => {
  assert.not.match(text, /export type (paths|webhooks|\$defs|operations)\b/);
  assert.ok(text.includes('export interface components'));
});

test('a blank line between declarations and around documented members', () => {
  assert.match(text, /\n}\n\n(\/\*\*[^]*?\*\/\n)?export /);
  assert.not.match(text, /\n}\n(export|\/\*\*)/, 'declarations are separated');
  assert.match(text, /\n\s+id: string;\n\s+name\?: string;\n\n\s+\/\*\*\n\s+\* When the pet was born/);
  assert.match(text, /born_at\?: string;\n\n\s+\/\*\* How many\. \*\/\n\s+count\?: number;\n\n/);
});

test("a discriminator without a mapping names each member by its schema's name", () => {
  const shapes = {
    openapi: '3.1.0',
    info: { title: 'Shapes', version: '1' },
    paths: {},
    components: {
      schemas: {
        Shape: {
          oneOf: [{ $ref: '#/components/schemas/Round' }, { $ref: '#/components/schemas/Box' }],
          discriminator: { propertyName: 'kind' },
        },
        Round: { type: 'object', properties: { radius: { type: 'number' } } },
        Box: { type: 'object', properties: { side: { type: 'number' } } },
      },
    },
  };
  const out = emitSchemaTypes(
    buildModel(loadSpec('shapes.json', JSON.stringify(shapes)), {
      packageName: '@test/shapes',
      clientName: 'ShapesClient',
    }),
    '3.1',
  );
  assert.match(out, /interface Round \{[^}]*kind: "Round";/);
  assert.match(out, /interface Box \{[^}]*kind: "Box";/);
});

test('an amount in micros is typed Micros wherever it is: a query parameter as a body field', () => {
  const bids = {
    openapi: '3.1.0',
    info: { title: 'Bids', version: '1' },
    paths: {
      '/bids': {
        post: {
          operationId: 'createBid',
          parameters: [
            {
              name: 'bid_amount_local_micro',
              in: 'query',
              required: true,
              schema: { type: 'integer', 'x-money': 'micros', 'x-note': 'not a typing extension' },
            },
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { budget_local_micro: { type: 'integer', 'x-money': 'micros' } },
                },
              },
            },
          },
          responses: { '204': { description: 'created' } },
        },
      },
    },
  };
  const bidModel = buildModel(loadSpec('bids.json', JSON.stringify(bids)), {
    packageName: '@test/bids',
    clientName: 'BidsClient',
  });
  const params = bidModel.schemas.find((s) => s.name === 'CreateBidParams')!.schema as {
    allOf: { properties?: Record<string, Record<string, unknown>> }[];
  };
  const own = params.allOf.find((part) => part.properties)!.properties!;
  assert.equal(own.bid_amount_local_micro, { type: 'integer', 'x-money': 'micros' });
  const out = emitSchemaTypes(bidModel, '3.1');
  assert.match(out, /^import type \{ Micros \} from '\.\/runtime\/money\.js';/m);
  assert.match(out, /\bbid_amount_local_micro: Micros;/);
  assert.match(out, /\bbudget_local_micro\?: Micros;/);
  assert.match(out, /\blimit\?: number;/);
});

test('the same model gives the same bytes', () => {
  assert.is(emitSchemaTypes(model, '3.1'), text);
});

test.run();
