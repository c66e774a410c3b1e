/** The errors' JSON: what each gives, in order, and never the headers or the raw body. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ValidationError } from '../../generated/core-v2/src/runtime/errors.js';

test('ApiError.toJSON: name, message, operation, status, problem, legacy errors and rate limit', () => {
  const headers = new Headers({ 'x-rate-limit-remaining': '0', authorization: 'Bearer secret' });
  const error = new ApiError({ operationId: 'getPostsByIds', status: 429, headers, body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] } });
  const json = error.toJSON();
  assert.equal(Object.keys(json), ['name', 'message', 'operationId', 'status', 'problem', 'legacyErrors', 'rateLimit']);
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

test.run();
