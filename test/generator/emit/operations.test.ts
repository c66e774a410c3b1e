/**
 * The operations emitter: descriptors in a file per group, the checks of named schemas and repeated
 * parameters written once and shared, and `operations.ts`.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { emitOperations } from '../../../generator/emit/operations.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const model = buildModel(loadSpec('spec/ads-v12.yaml'), {
  packageName: '@xgen/ads-v12',
  clientName: 'AdsClient',
});
const files = emitOperations(model);
/** Every file the emitter wrote, one after another (the groups' files, the shared checks, `operations.ts`). */
const all = (emitted: Map<string, string>): string => [...emitted.values()].join('\n');
const text = all(files);
const SHARED = 'src/operations/shared-checks.ts';

const descriptorOf = (name: string): string => descriptorOfIn(text, name);

test('the checks of a named schema are one constant, used by every operation that sends it', () => {
  assert.is(text.split('const cardComponentChecks: ValueCheck = ').length - 1, 1);
  for (const op of ['createCard', 'updateCard']) {
    const body = descriptorOf(op);
    assert.ok(body.includes('items: cardComponentChecks'), `${op} refers to the shared checks`);
    assert.not.ok(body.includes("enum: ['BUTTON']"), `${op} does not repeat them inline`);
  }
  // Declared once, with the other shared checks; the descriptors' file imports it.
  assert.ok(files.get(SHARED)!.includes('export const cardComponentChecks: ValueCheck = '));
  assert.match(
    files.get('src/operations/cards.ts')!,
    /import \{[^}]*\bcardComponentChecks\b[^}]*\} from '\.\/shared-checks\.js'/,
  );
});

test('each group has a file of its descriptors; operations.ts declares none and re-exports them all', () => {
  const table = files.get('src/operations.ts')!;
  for (const group of model.groups) {
    const file = files.get(`src/operations/${group.fileName}.ts`);
    assert.ok(file, group.fileName);
    const declared = [...file.matchAll(/^export const (\w+): /gm)].map((m) => m[1]);
    const ops = model.operations.filter((op) => op.group === group.property).map((op) => op.constName);
    assert.equal(declared, ops, `${group.fileName} holds its group's descriptors, in order`);
    assert.ok(table.includes(`export * from './operations/${group.fileName}.js';`), group.fileName);
  }
  // The table is the file's first declaration: checking its references walks back over nothing.
  assert.equal(
    [...table.matchAll(/^export const (\w+)/gm)].map((m) => m[1]),
    ['operations'],
  );
  assert.is(
    table.indexOf('export const operations'),
    table.search(/^(?:export )?(?:const|let|var|function|class) /m),
    'nothing with a value is declared before the table',
  );
});

test('a file of descriptors imports what it uses and nothing more', () => {
  for (const [path, file] of files) {
    if (path === 'src/operations.ts') continue;
    const body = file.replace(/^import[^;]*;$/gm, '');
    for (const m of file.matchAll(/^import (type )?\{([^}]*)\} from '([^']+)';$/gm))
      for (const name of m[2]!.split(',').map((n) => n.trim().split(' as ').pop()!)) {
        if (name === '') continue;
        assert.ok(new RegExp(`\\b${name}\\b`).test(body), `${path} imports ${name} from ${m[3]} and uses it`);
      }
  }
  // A check maker used only inside shared checks is imported by their file, not by the groups'.
  assert.not.match(files.get('src/operations/cards.ts')!, /\bobject\b/);
  assert.match(files.get(SHARED)!, /import \{[^}]*\bobject\b[^}]*\} from '\.\.\/runtime\/validate\.js'/);
});

test('the shared checks take a file name no group takes', () => {
  // Two operations of another group send a Card: its checks are shared.
  const sendsCard = (operationId: string) => ({
    operationId,
    tags: ['Other'],
    requestBody: {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { card: { $ref: '#/components/schemas/Card' } } },
        },
      },
    },
    responses: { '200': { description: 'ok' } },
  });
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Clash', version: '1' },
    paths: {
      '/a': {
        get: { operationId: 'getA', tags: ['Shared Checks'], responses: { '200': { description: 'ok' } } },
      },
      '/b': { post: sendsCard('postB') },
      '/c': { put: sendsCard('putC') },
    },
    components: {
      schemas: {
        Card: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } }, required: ['name'] },
      },
    },
  };
  const clash = emitOperations(
    buildModel(loadSpec('clash.json', JSON.stringify(spec)), { packageName: '@test/clash', clientName: 'C' }),
  );
  assert.match(clash.get('src/operations/shared-checks.ts')!, /export const getA: OperationSpec/);
  assert.match(clash.get('src/operations/shared-checks2.ts')!, /export const cardChecks: ValueCheck/);
  assert.match(clash.get('src/operations/other.ts')!, /from '\.\/shared-checks2\.js'/);
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
const repeatingText = all(emitOperations(repeating));

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
const enumListsText = all(emitOperations(enumLists));

test('parameter checks that differ only in their enum are calls of one local maker', () => {
  assert.is(
    enumListsText.split('export const enumListChecks = (values: readonly EnumValue[]): ValueCheck =>')
      .length - 1,
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
    /import \{[^}]*\barray\b[^}]*\} from '\.\.\/runtime\/validate\.js'/.test(enumListsText),
    'the maker imports what it calls',
  );
});

test('a query parameter that may be an object has its style wrapped in withEntries; lists and scalars do not', () => {
  const styled = all(
    emitOperations(
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
const bodiesFiles = emitOperations(
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
const bodies = all(bodiesFiles);

test('an unnamed body check that repeats across operations is one constant; one used once stays inline', () => {
  assert.is(bodies.split('const addressChecks: ValueCheck = ').length - 1, 1);
  assert.is(bodies.split('postal_code:').length - 1, 2, 'written once shared, once inline for billing');
  for (const op of ['postA', 'postB'])
    assert.ok(descriptorOfIn(bodies, op).includes('check: addressChecks'), op);
  assert.ok(
    descriptorOfIn(bodies, 'postC').includes('address: addressChecks'),
    'nested, it is referred to too',
  );
  assert.ok(bodiesFiles.get(SHARED)!.includes('export const addressChecks: ValueCheck = '));
  assert.not.ok(bodies.includes('billingChecks'));
});

/** A descriptor's text: up to the next declaration's doc comment or the end of its file. */
function descriptorOfIn(text: string, name: string): string {
  const start = text.indexOf(`export const ${name}: `);
  assert.ok(start >= 0, name);
  const end = text.slice(start).search(/\n\/\*\*|\n\n\/\*\*/);
  return end < 0 ? text.slice(start) : text.slice(start, start + end);
}

test.run();
