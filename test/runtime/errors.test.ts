/** The errors: their JSON (what each gives, in order, never the headers or the raw body), and no secret in a message. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ApiError, ValidationError } from '../../generated/core-v2/src/runtime/errors.js';
import { ConnectionError, CoreClient } from '../../generated/core-v2/src/index.js';

test('ApiError.toJSON: name, message, operation, status, problem, legacy errors and rate limit', () => {
  const headers = new Headers({ 'x-rate-limit-remaining': '0', authorization: 'Bearer secret' });
  const error = new ApiError({
    operationId: 'getPostsByIds',
    status: 429,
    headers,
    body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
  });
  const json = error.toJSON();
  assert.equal(Object.keys(json), [
    'name',
    'message',
    'operationId',
    'status',
    'problem',
    'legacyErrors',
    'rateLimit',
  ]);
  assert.equal(JSON.parse(JSON.stringify(error)), {
    name: 'ApiError',
    message: 'getPostsByIds failed with HTTP 429: Rate limit exceeded (code 88)',
    operationId: 'getPostsByIds',
    status: 429,
    legacyErrors: [{ code: 88, message: 'Rate limit exceeded' }],
    rateLimit: { remaining: 0 },
  });
});

test('ValidationError.toJSON: name, message, parameter and rule', () => {
  const error = new ValidationError('ids', 'required', 'getPostsByIds: parameter "ids" is required');
  assert.equal(Object.entries(error.toJSON()), [
    ['name', 'ValidationError'],
    ['message', 'getPostsByIds: parameter "ids" is required'],
    ['parameter', 'ids'],
    ['rule', 'required'],
  ]);
});

test('ConnectionError: a URL quoted by the failure loses its user, password and query, and the cause saying it stays behind', async () => {
  const client = new CoreClient({
    baseUrl: 'https://api.example.test',
    auth: { bearerToken: 'TOKEN' },
    maxRetries: 0,
    fetch: async () => {
      throw new TypeError(
        'could not reach https://alice:pa55@api.example.test/2/tweets?ids=1&api_key=K3Y#frag',
      );
    },
  });
  const error = await client.tweets.getPostsByIds({ ids: ['1'] }).catch((e: unknown) => e);
  assert.instance(error, ConnectionError);
  const text = `${String(error)} ${JSON.stringify(error)} ${String((error as Error).cause ?? '')}`;
  for (const secret of ['alice', 'pa55', 'K3Y', 'ids=1'])
    assert.not.ok(text.includes(secret), `${secret} shows in: ${text}`);
  assert.match((error as Error).message, 'could not reach https://api.example.test/2/tweets#frag');
  assert.is((error as Error).cause, undefined);
});

test.run();
