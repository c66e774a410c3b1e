/** The operations emitter: descriptors, and the checks of named schemas and repeated parameters written once and shared. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitOperations } from '../../../generator/emit/operations.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const model = buildModel(loadSpec('spec/ads-v12.yaml'), {
  packageName: '@xgen/ads-v12',
  clientName: 'AdsClient',
});
const text = emitOperations(model);

const descriptorOf = (name: string): string => {
  const start = text.indexOf(`export const ${name}: `);
  return text.slice(start, text.indexOf('\n};', start));
};

test('the checks of a named schema are one constant, used by every operation that sends it', () => {
  assert.is(text.split('const cardComponentChecks: ValueCheck = ').length - 1, 1);
  for (const op of ['createCard', 'updateCard']) {
    const body = descriptorOf(op);
    assert.ok(body.includes('items: cardComponentChecks'), `${op} refers to the shared checks`);
    assert.not.ok(body.includes("enum: ['BUTTON']"), `${op} does not repeat them inline`);
  }
  // A constant is declared before the descriptors that use it.
  assert.ok(text.indexOf('const cardComponentChecks') < text.indexOf('export const createCard:'));
});

const FIELDS = Array.from({ length: 20 }, (_, i) => `field_${i}`);
const repeating = buildModel(
  loadSpec(
    'repeating.json',
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Repeating', version: '1' },
      paths: Object.fromEntries(
        ['a', 'b', 'c'].map((name) => [
          `/${name}`,
          {
            get: {
              operationId: `get_${name}`,
              parameters: [
                // The same long inline enum in every operation, as in X's published spec.
                {
                  name: 'tweet.fields',
                  in: 'query',
                  style: 'form',
                  explode: false,
                  schema: {
                    type: 'array',
                    minItems: 1,
                    uniqueItems: true,
                    items: { type: 'string', enum: FIELDS },
                  },
                },
                // Short checks read best where they are used.
                { name: 'max_results', in: 'query', schema: { type: 'integer', minimum: 5, maximum: 100 } },
                // Long but used once.
                ...(name === 'a'
                  ? [{ name: 'only_here', in: 'query', schema: { type: 'string', enum: FIELDS } }]
                  : []),
              ],
              responses: { '200': { description: 'ok' } },
            },
          },
        ]),
      ),
    }),
  ),
  { packageName: '@test/repeating', clientName: 'RepeatingClient' },
);
const repeatingText = emitOperations(repeating);

test('long parameter checks that repeat across operations are one constant; short or single ones stay inline', () => {
  assert.is(
    repeatingText.split('field_19').length - 1,
    2,
    'the enum is written once for tweet.fields and once for only_here',
  );
  assert.is(repeatingText.split('const tweetFieldsChecks: ValueCheck = ').length - 1, 1);
  assert.is(repeatingText.split('check: tweetFieldsChecks').length - 1, 3, 'every operation refers to it');
  assert.is(repeatingText.split('maximum: 100').length - 1, 3, 'short checks are inline in each operation');
  assert.not.ok(repeatingText.includes('onlyHereChecks'));
});

const enumLists = buildModel(
  loadSpec(
    'enum-lists.json',
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'EnumLists', version: '1' },
      paths: Object.fromEntries(
        ['a', 'b'].map((name) => [
          `/${name}`,
          {
            get: {
              operationId: `get_${name}`,
              parameters: [
                // The same list check over different named enums, as X's `*.fields` parameters are.
                {
                  name: 'tweet.fields',
                  in: 'query',
                  style: 'form',
                  explode: false,
                  schema: {
                    type: 'array',
                    minItems: 1,
                    uniqueItems: true,
                    items: { $ref: '#/components/schemas/TweetField' },
                  },
                },
                {
                  name: 'user.fields',
                  in: 'query',
                  style: 'form',
                  explode: false,
                  schema: {
                    type: 'array',
                    minItems: 1,
                    uniqueItems: true,
                    items: { $ref: '#/components/schemas/UserField' },
                  },
                },
                // The same enum with other rules: not the template.
                ...(name === 'a'
                  ? [{ name: 'one_field', in: 'query', schema: { $ref: '#/components/schemas/UserField' } }]
                  : []),
              ],
              responses: { '200': { description: 'ok' } },
            },
          },
        ]),
      ),
      components: {
        schemas: {
          TweetField: { type: 'string', enum: ['created_at', 'text'] },
          UserField: { type: 'string', enum: ['name', 'username'] },
        },
      },
    }),
  ),
  { packageName: '@test/enum-lists', clientName: 'EnumListsClient' },
);
const enumListsText = emitOperations(enumLists);

test('parameter checks that differ only in their enum are calls of one local maker', () => {
  assert.is(
    enumListsText.split('const enumListChecks = (values: readonly EnumValue[]): ValueCheck =>').length - 1,
    1,
  );
  assert.is(
    enumListsText.split('uniqueItems: true').length - 1,
    1,
    'the list rules are written once, in the maker',
  );
  assert.is(enumListsText.split('check: /* @__PURE__ */ enumListChecks(TweetField)').length - 1, 2);
  assert.is(enumListsText.split('check: /* @__PURE__ */ enumListChecks(UserField)').length - 1, 2);
  assert.ok(
    enumListsText.includes('string({ enum: UserField })'),
    'a single check of another shape stays inline',
  );
  assert.ok(
    /import \{[^}]*\barray\b[^}]*\} from '\.\/runtime\/validate\.js'/.test(enumListsText),
    'the maker imports what it calls',
  );
});

test('a query parameter that may be an object has its style wrapped in withEntries; lists and scalars do not', () => {
  const styled = emitOperations(
    buildModel(
      loadSpec(
        'styles.json',
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Styles', version: '1' },
          paths: {
            '/s': {
              get: {
                operationId: 'styles',
                parameters: [
                  {
                    name: 'point',
                    in: 'query',
                    schema: { type: 'object', properties: { x: { type: 'integer' } } },
                  },
                  { name: 'color', in: 'query', style: 'form', explode: false, schema: { type: 'object' } },
                  { name: 'anything', in: 'query', style: 'pipeDelimited', schema: {} },
                  { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
                  {
                    name: 'ids',
                    in: 'query',
                    style: 'form',
                    explode: false,
                    schema: { type: 'array', items: { type: 'string' } },
                  },
                  { name: 'q', in: 'query', schema: { type: 'string' } },
                ],
                responses: { '200': { description: 'ok' } },
              },
            },
          },
        }),
      ),
      { packageName: '@test/styles', clientName: 'StylesClient' },
    ),
  );
  const styleOf = (name: string): string | undefined =>
    new RegExp(`name: '${name}',[^}]*?style: ([^,\\n}]+?)(?: })?(?:,|\\n)`).exec(styled)?.[1];
  assert.is(styleOf('point'), '/* @__PURE__ */ withEntries(multi)');
  assert.is(styleOf('color'), '/* @__PURE__ */ withEntries(csv)');
  assert.is(styleOf('anything'), '/* @__PURE__ */ withEntries(pipes)');
  assert.is(styleOf('tags'), 'multi');
  assert.is(styleOf('ids'), 'csv');
  assert.is(styleOf('q'), 'multi');
});

/** An inline (unnamed) object schema, long enough to share. */
const ADDRESS = {
  type: 'object',
  properties: Object.fromEntries(
    ['line1', 'line2', 'city', 'postal_code', 'state', 'country'].map((k) => [
      k,
      { type: 'string', maxLength: 5000 },
    ]),
  ),
};
const bodies = emitOperations(
  buildModel(
    loadSpec(
      'bodies.json',
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Bodies', version: '1' },
        paths: Object.fromEntries(
          ['a', 'b', 'c'].map((name) => [
            `/${name}`,
            {
              post: {
                operationId: `post_${name}`,
                requestBody: {
                  content: {
                    'application/x-www-form-urlencoded': {
                      schema: {
                        type: 'object',
                        properties: {
                          // The same inline shape, as a field in a and b, nested in c.
                          ...(name === 'c'
                            ? { owner: { type: 'object', properties: { address: ADDRESS } } }
                            : { address: ADDRESS }),
                          // Inline and as long, but in one operation only.
                          ...(name === 'a' ? { billing: { ...ADDRESS, required: ['line1'] } } : {}),
                        },
                      },
                    },
                  },
                },
                responses: { '200': { description: 'ok' } },
              },
            },
          ]),
        ),
      }),
    ),
    { packageName: '@test/bodies', clientName: 'BodiesClient' },
  ),
);

test('an unnamed body check that repeats across operations is one constant; one used once stays inline', () => {
  assert.is(bodies.split('const addressChecks: ValueCheck = ').length - 1, 1);
  assert.is(bodies.split('postal_code:').length - 1, 2, 'written once shared, once inline for billing');
  for (const op of ['postA', 'postB'])
    assert.ok(descriptorOfIn(bodies, op).includes('check: addressChecks'), op);
  assert.ok(
    descriptorOfIn(bodies, 'postC').includes('address: addressChecks'),
    'nested, it is referred to too',
  );
  assert.ok(bodies.indexOf('const addressChecks') < bodies.indexOf('export const postA:'));
  assert.not.ok(bodies.includes('billingChecks'));
});

function descriptorOfIn(text: string, name: string): string {
  const start = text.indexOf(`export const ${name}: `);
  return text.slice(start, text.indexOf('\n};', start));
}

test.run();
