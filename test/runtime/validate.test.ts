/**
 * The checks the descriptors make with the makers of runtime/validate.ts: each rule of a schema
 * refuses a bad value with a ValidationError naming the parameter path and the rule, in the words
 * users see. The generated packages' tests call operations; this pins every rule's message.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../generated/core-v2/src/runtime/errors.js';
import type { OperationSpec, ValueCheck } from '../../generated/core-v2/src/runtime/types.js';
import {
  array,
  boolean,
  integer,
  number,
  object,
  oneShape,
  segment,
  string,
  validateParams,
  value,
} from '../../generated/core-v2/src/runtime/validate.js';
import { csv } from '../../generated/core-v2/src/runtime/serialize.js';

const op = {
  id: 'op',
  method: 'GET',
  path: '/p',
  tag: 't',
  response: 'json',
} as const satisfies OperationSpec;

/** What `check` throws for `input`: [parameter, rule, message], or 'ok'. */
function outcome(check: ValueCheck, input: unknown, name = 'p'): [string, string, string] | 'ok' {
  try {
    check(op, name, input);
    return 'ok';
  } catch (error) {
    assert.instance(error, ValidationError);
    const v = error as ValidationError;
    return [v.parameter, v.rule, v.message];
  }
}

/** What `validateParams` says of `params`: `ok`, or its ValidationError's message. */
function paramsMessage(spec: OperationSpec, params: Record<string, unknown>): string {
  try {
    validateParams(spec, params);
    return 'ok';
  } catch (error) {
    assert.instance(error, ValidationError);
    return (error as Error).message;
  }
}

const refused = (check: ValueCheck, input: unknown, rule: string, text: string, parameter = 'p'): void =>
  assert.equal(outcome(check, input), [parameter, rule, `op: parameter "${parameter}" ${text}`]);

test('types: each names what the value must be and what it is', () => {
  refused(string(), 5, 'type string', 'must be a string, got number');
  refused(integer(), 1.5, 'type integer', 'must be an integer, got 1.5');
  refused(integer(), '1', 'type integer', 'must be a finite number, got string');
  refused(number(), Infinity, 'type number', 'must be a finite number, got number');
  refused(boolean(), 'true', 'type boolean', 'must be a boolean, got string');
  refused(array(), {}, 'type array', 'must be an array, got object');
  refused(object(), [], 'type object', 'must be an object, got array');
  refused(string(), null, 'type string', 'must be a string, got null');
  assert.is(outcome(string({ nullable: true }), null), 'ok');
  assert.is(outcome(value(), Symbol.iterator), 'ok');
});

test('enum: the value shown, and the allowed ones when there are few', () => {
  refused(string({ enum: ['a', 'b'] }), 'c', 'enum', 'has unknown value "c": one of "a", "b"');
  const many = Array.from({ length: 13 }, (_, i) => `v${i}`);
  refused(string({ enum: many }), 'x', 'enum', 'has unknown value "x"');
  refused(value({ enum: [1, null] }), 2, 'enum', 'has unknown value 2: one of 1, null');
});

test('bounds: characters (code points), numbers, items', () => {
  refused(string({ minLength: 2 }), 'a', 'minLength 2', 'must be at least 2 characters, got 1');
  refused(string({ maxLength: 2 }), '😀😀😀', 'maxLength 2', 'must be at most 2 characters, got 3');
  assert.is(outcome(string({ maxLength: 2 }), '😀😀'), 'ok');
  refused(integer({ minimum: 5 }), 4, 'minimum 5', 'must be at least 5, got 4');
  refused(number({ maximum: 5 }), 5.5, 'maximum 5', 'must be at most 5, got 5.5');
  refused(number({ exclusiveMinimum: 0 }), 0, 'exclusiveMinimum 0', 'must be greater than 0, got 0');
  refused(number({ exclusiveMaximum: 1 }), 1, 'exclusiveMaximum 1', 'must be less than 1, got 1');
  refused(array({ minItems: 1 }), [], 'minItems 1', 'must have at least 1 items, got 0');
  refused(array({ maxItems: 1 }), [1, 2], 'maxItems 1', 'must have at most 1 items, got 2');
});

test('pattern, unique items, and items named by their index', () => {
  refused(string({ pattern: '^[0-9]+$' }), '1a', 'pattern ^[0-9]+$', 'must match ^[0-9]+$');
  refused(array({ uniqueItems: true }), [{ a: 1 }, { a: 1 }], 'uniqueItems', 'must not repeat an item');
  refused(array({ items: string({ pattern: '^a$' }) }), ['a', 'b'], 'pattern ^a$', 'must match ^a$', 'p[1]');
  refused(
    array({ items: array({ items: integer() }) }),
    [[1], [2, 'x']],
    'type integer',
    'must be a finite number, got string',
    'p[1][1]',
  );
  // A schema that admits null admits null items.
  assert.is(outcome(array({ items: string({ nullable: true }) }), ['a', null]), 'ok');
});

test('objects: property values first, then required ones; bytes and dates have no properties', () => {
  const point = object({ properties: { x: integer(), y: integer() }, required: ['x', 'y'] });
  refused(point, { x: 'a' }, 'type integer', 'must be a finite number, got string', 'p.x');
  refused(point, { x: 1 }, 'required', 'is required', 'p.y');
  refused(array({ items: point }), [{ x: 1, y: 2 }, { x: 1 }], 'required', 'is required', 'p[1].y');
  // Inherited members are not properties the caller set.
  refused(object({ required: ['valueOf'] }), {}, 'required', 'is required', 'p.valueOf');
  assert.is(outcome(point, new Date()), 'ok');
  assert.is(outcome(object({ properties: { x: integer({ nullable: true }) } }), { x: null }), 'ok');
});

test("oneOf: a discriminator picks the shape; without one, the first shape's failure is shown", () => {
  const button = object({
    properties: { type: string({ enum: ['BUTTON'] }), label: string() },
    required: ['label'],
  });
  const link = object({
    properties: { type: string({ enum: ['LINK', 'URL'] }), url: string() },
    required: ['url'],
  });
  const tagged = object({
    discriminator: {
      property: 'type',
      shapes: [
        [['BUTTON'], button],
        [['LINK', 'URL'], link],
      ],
    },
  });
  refused(
    tagged,
    { type: 'CARD' },
    'enum',
    'has unknown value "CARD": one of "BUTTON", "LINK", "URL"',
    'p.type',
  );
  refused(tagged, { type: 'URL' }, 'required', 'is required', 'p.url');
  assert.is(outcome(tagged, { type: 'BUTTON', label: 'go' }), 'ok');
  const either = object({ oneOf: [button, link] });
  refused(either, {}, 'required', 'is required', 'p.label');
  assert.is(outcome(either, { url: 'x' }), 'ok');
});

test('params: unknown keys with the nearest one, required and nullable fields, path segments, one body shape', () => {
  const spec: OperationSpec = {
    ...op,
    path: '/p/{id}',
    params: [
      { name: 'id', in: 'path', required: true, style: csv, check: segment() },
      { name: 'tweet.fields', in: 'query', style: csv, check: array({ items: string() }) },
    ],
    body: {
      contentType: 'application/json',
      encoding: 'json',
      encode: () => ({ body: '' }),
      mode: 'fields',
      fields: { text: { required: true, nullable: true, check: string() }, media: {}, poll: {} },
      exclusive: oneShape([['media'], ['poll']]),
    },
  };
  const message = (params: Record<string, unknown>): string => paramsMessage(spec, params);
  const base = { id: '1', text: 't' };
  assert.is(
    message({ ...base, 'tweet.feilds': [] }),
    'op: parameter "tweet.feilds" is not a parameter of this operation; did you mean "tweet.fields"?',
  );
  assert.is(
    message({ ...base, zzzzzz: 1 }),
    'op: parameter "zzzzzz" is not a parameter of this operation; it takes "id", "tweet.fields", "text", "media", "poll"',
  );
  assert.is(message({ text: 't' }), 'op: parameter "id" is required');
  assert.is(
    message({ id: '..', text: 't' }),
    'op: parameter "id" must be a non-empty path segment, got ".."',
  );
  assert.is(message({ id: '1' }), 'op: parameter "text" is required');
  assert.is(message({ id: '1', text: null }), 'ok');
  assert.is(
    message({ ...base, media: 1, poll: 2 }),
    'op: parameter "poll" cannot be given with "media": the body takes one shape or the other',
  );
  assert.is(
    message({ ...base, 'tweet.fields': ['a', 3] }),
    'op: parameter "tweet.fields[1]" must be a string, got number',
  );
  assert.is(message({ ...base, 'tweet.fields': ['a'] }), 'ok');
});

test('params: a whole body is `body`, and a parameter renamed for a clash goes by its key', () => {
  const spec: OperationSpec = {
    ...op,
    method: 'PUT',
    path: '/p/{id}',
    params: [
      { name: 'id', in: 'path', required: true, style: csv, check: segment() },
      { name: 'id', key: 'query_id', in: 'query', style: csv, check: string() },
    ],
    body: {
      contentType: 'application/json',
      encoding: 'json',
      encode: () => ({ body: '' }),
      mode: 'whole',
      required: true,
      check: object({ required: ['name'] }),
    },
  };
  const message = (params: Record<string, unknown>): string => paramsMessage(spec, params);
  assert.is(message({ id: '1', body: { name: 'n' } }), 'ok');
  assert.is(message({ id: '1', query_id: 'q', body: { name: 'n' } }), 'ok');
  assert.is(message({ id: '1' }), 'op: parameter "body" is required');
  assert.is(message({ id: '1', body: {} }), 'op: parameter "body.name" is required');
  assert.is(
    message({ id: '1', query_id: 3, body: { name: 'n' } }),
    'op: parameter "query_id" must be a string, got number',
  );
  assert.is(
    message({ id: '1', bdy: {} }),
    'op: parameter "bdy" is not a parameter of this operation; did you mean "body"?',
  );
  assert.is(
    message({ id: '1', zzzzzz: 1, body: { name: 'n' } }),
    'op: parameter "zzzzzz" is not a parameter of this operation; it takes "id", "query_id", "body"',
  );
});

test.run();
