/**
 * The example call of each operation (generator/model/operation-example.ts, example-values.ts):
 * values of the schema's type, every required field, the spec's example only where it fits,
 * patterns and limits met.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import type { ExampleNode } from '../../../generator/model/types.ts';
import { sampleOfPattern } from '../../../generator/model/pattern-sample.ts';

const SPEC = `
openapi: 3.1.0
info: { title: examples, version: '1' }
# X's server: examples are written in X's words (its post and user ids).
servers: [{ url: 'https://api.x.com' }]
paths:
  /users:
    get:
      operationId: getUsers
      parameters:
        # X writes an array's example as it goes on the wire.
        - { name: ids, in: query, required: true, example: '2244994945,6253282,12', schema: { type: array, items: { type: string, pattern: '^[0-9]{1,19}$' } }, style: form, explode: false }
        - { name: max_results, in: query, schema: { type: integer, minimum: 5, maximum: 100 } }
      responses: { '200': { description: ok } }
  /trends/{woeid}:
    get:
      operationId: getTrends
      parameters:
        # A string example for an integer does not fit: it is not copied.
        - { name: woeid, in: path, required: true, example: '2244994945', schema: { type: integer, format: int32 } }
        - { name: count, in: query, required: true, schema: { type: integer, minimum: 20, maximum: 50 } }
        - { name: granularity, in: query, required: true, schema: { type: string, enum: [day, hour] } }
        - { name: since, in: query, required: true, schema: { type: string, format: date-time } }
        - { name: code, in: query, required: true, schema: { type: string, pattern: '^IAB[0-9]+(-[0-9]+)?$' } }
        - { name: tag, in: query, required: true, schema: { type: string, minLength: 12, maxLength: 12, pattern: '^[a-f0-9]+$' } }
      responses: { '200': { description: ok } }
  /notes:
    post:
      operationId: createNote
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [post_id, info]
              properties:
                post_id: { type: string, pattern: '^[0-9]{1,19}$' }
                info: { $ref: '#/components/schemas/NoteInfo' }
                test_mode: { type: boolean }
                id: { type: string, readOnly: true }
      responses: { '200': { description: ok } }
  /lists:
    post:
      operationId: createList
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [participant_ids]
              properties:
                participant_ids: { type: array, minItems: 2, items: { type: string, pattern: '^[0-9]{1,19}$' } }
      responses: { '200': { description: ok } }
  /ping:
    get:
      operationId: ping
      responses: { '200': { description: ok } }
components:
  schemas:
    NoteInfo:
      type: object
      required: [text, classification, tags]
      properties:
        text: { type: string, pattern: '^(?=[\\s\\S]*https?://\\S+)[\\s\\S]+$' }
        classification: { type: string, enum: [misinformed, not_misleading] }
        tags: { type: array, items: { type: string, enum: [disputed_claim, other] } }
        extra: { type: string }
`;

const model = buildModel(loadSpec('examples.yaml', SPEC), {
  packageName: 'examples',
  clientName: 'ExamplesClient',
});
const example = (id: string): unknown => {
  const op = model.operations.find((o) => o.id === id);
  return op?.example === undefined ? undefined : plain(op.example);
};

/** An example as the JSON value it stands for. */
function plain(node: ExampleNode): unknown {
  switch (node.kind) {
    case 'value':
      return node.value;
    case 'array':
      return node.items.map(plain);
    case 'object':
      return Object.fromEntries(node.entries.map(([k, v]) => [k, plain(v)]));
    default:
      return node;
  }
}

test("an array parameter gets an array: the spec's serialized example split into its items", () => {
  assert.equal(example('getUsers'), { ids: ['2244994945', '6253282', '12'] });
});

test('a number gets a number within its bounds, an enum its first value, a format and a pattern values they admit', () => {
  const values = example('getTrends') as Record<string, unknown>;
  assert.is(values.woeid, 1, 'the string example is not copied into an integer');
  assert.is(values.count, 20);
  assert.is(values.granularity, 'day');
  assert.is(values.since, '2025-01-01T00:00:00Z');
  assert.match(String(values.code), /^IAB[0-9]+(-[0-9]+)?$/);
  assert.match(String(values.tag), /^[a-f0-9]{12}$/);
});

test('a body holds every required field, nested objects with theirs, and nothing read-only or optional', () => {
  const values = example('createNote') as { post_id: string; info: Record<string, unknown> };
  assert.equal(Object.keys(values), ['post_id', 'info']);
  assert.match(values.post_id, /^[0-9]{1,19}$/);
  assert.equal(Object.keys(values.info), ['text', 'classification', 'tags']);
  assert.match(String(values.info.text), /https:\/\//, 'the text meets its pattern');
  assert.is(values.info.classification, 'misinformed');
  assert.equal(values.info.tags, ['disputed_claim']);
});

test('minItems gives that many items, different where the name offers several', () => {
  assert.equal(example('createList'), { participant_ids: ['2244994945', '6253282'] });
});

test('an operation with nothing required has no example params', () => {
  assert.is(example('ping'), undefined);
});

test('pattern samples: what specs write, and undefined for what cannot be read', () => {
  for (const pattern of [
    '^[0-9]{12}$',
    '^IAB[0-9]+(-[0-9]+)?$',
    '^card://\\S+$',
    '^([0-9]{1,19}-[0-9]{1,19}|g[0-9]{1,19})$',
    '^[^\\s:/?#]+\\.[^\\s:/?#]+$',
    '^[A-Z]{2}$',
  ]) {
    const sample = sampleOfPattern(pattern);
    assert.ok(sample !== undefined && new RegExp(pattern, 'u').test(sample), `${pattern}: ${sample}`);
  }
  assert.is(sampleOfPattern('^(?=a)b$'), undefined);
  assert.is(sampleOfPattern('(a)\\1'), undefined);
});

const SEARCH = `
  /search:
    get:
      operationId: search
      parameters:
        - { name: query, in: query, required: true, schema: { type: string } }
        - { name: username, in: query, required: true, schema: { type: string } }
        - { name: user_id, in: query, required: true, schema: { type: string } }
        - { name: text, in: query, required: true, schema: { type: string } }
      responses: { '200': { description: ok } }
`;

/** The examples the model makes up (none the spec states) for the spec served from `servers`. */
function madeUp(servers: string): Record<string, unknown> {
  const spec = SPEC.replace("servers: [{ url: 'https://api.x.com' }]", servers).replace(
    'paths:\n',
    `paths:${SEARCH}`,
  );
  const other = buildModel(loadSpec('other.yaml', spec), { packageName: 'other', clientName: 'OtherClient' });
  return Object.fromEntries(
    ['search', 'createList', 'createNote'].map((id) => {
      const op = other.operations.find((o) => o.id === id);
      return [id, op?.example && plain(op.example)];
    }),
  );
}

test("another API's examples use plain words, not X's ids, usernames or queries", () => {
  for (const servers of ["servers: [{ url: 'https://api.stripe.com' }]", '', "servers: [{ url: '/v1' }]"]) {
    const examples = madeUp(servers);
    const text = JSON.stringify(examples);
    for (const word of ['2244994945', '6253282', '1460323737035677698', 'XDevelopers', 'from:', 'X API'])
      assert.not.ok(text.includes(word), `${servers || 'no servers'}: ${word} in ${text}`);
    assert.equal(examples.search, {
      query: 'example',
      username: 'jane_doe',
      user_id: '12345',
      text: 'Hello, world!',
    });
    // Plain ids are digits: the id patterns still hold.
    assert.equal(examples.createList, { participant_ids: ['12345', '67890'] });
  }
  // X's hosts and their subdomains (the Ads API's) keep X's words.
  for (const host of ['https://api.x.com', 'https://ads-api.x.com', 'https://api.twitter.com/2']) {
    const examples = madeUp(`servers: [{ url: '${host}' }]`);
    assert.equal(examples.search, {
      query: 'from:XDevelopers -is:retweet',
      username: 'XDevelopers',
      user_id: '2244994945',
      text: 'Hello from the X API!',
    });
  }
});

test.run();
