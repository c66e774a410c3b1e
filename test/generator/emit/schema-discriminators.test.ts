/**
 * openapi-typescript's discriminator scan, given only the part of the document that can matter,
 * answers and patches exactly as over the whole document.
 */
import { createRequire } from 'node:module';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { discriminatorScope } from '../../../generator/emit/schema-discriminators.ts';

const { scanDiscriminators } = createRequire(import.meta.url)('openapi-typescript/dist/lib/utils.cjs') as {
  scanDiscriminators(document: object, options: object): unknown;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function document(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Unrelated: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'array', items: ref('Cat') } },
        },
        Pet: {
          oneOf: [ref('Cat'), ref('Dog'), ref('Alias')],
          discriminator: { propertyName: 'kind', mapping: { hound: '#/components/schemas/Dog' } },
        },
        Cat: { type: 'object', properties: { meow: { type: 'boolean' } } },
        Dog: { allOf: [ref('Base'), { type: 'object', properties: { bark: { type: 'boolean' } } }] },
        Alias: ref('Bird'),
        Bird: { type: 'object', properties: { wings: { type: 'integer' } } },
        Base: {
          type: 'object',
          properties: { kind: { type: 'string' } },
          discriminator: { propertyName: 'kind', mapping: { puppy: '#/components/schemas/Puppy' } },
        },
        Puppy: { allOf: [ref('Base')] },
        AlsoUnrelated: { type: 'string', enum: ['x'] },
      },
    },
  };
}

test('the same answer and the same patches as over the whole document', () => {
  const whole = document();
  const expected = scanDiscriminators(whole, { silent: true });
  const scoped = document();
  const scope = discriminatorScope(scoped);
  assert.ok(scope);
  assert.equal(scanDiscriminators(scope, { silent: true }), expected);
  assert.equal(scoped, whole, 'the same schemas patched the same way');
  const kept = Object.keys((scope.components as { schemas: object }).schemas);
  assert.equal(
    kept,
    ['Pet', 'Cat', 'Dog', 'Alias', 'Bird', 'Base', 'Puppy'],
    'in order, without the unrelated',
  );
});

test('no discriminator: nothing to scan', () => {
  const doc = document();
  const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
  delete schemas.Pet;
  delete (schemas.Base as Record<string, unknown>).discriminator;
  assert.is(discriminatorScope(doc), undefined);
});

test.run();
