/** @xgen/core-v2 over real HTTP on loopback: requests on the wire, errors, validation, secrets. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  ConnectionError,
  CoreClient,
  isProblem,
  operations,
  ProblemTypes,
  TimeoutError,
  ValidationError,
} from '../../generated/core-v2/src/index.js';
import { suiteServer } from '../helpers/server.js';

const TOKEN = 'AAAA-secret-bearer-token-never-shown';
const server = suiteServer(test, () => ({ status: 200, body: {} }));

const client = (extra: ConstructorParameters<typeof CoreClient>[0] = {}) =>
  new CoreClient({ baseUrl: server.url, auth: { bearerToken: TOKEN }, maxRetries: 0, ...extra });

test('createWebhooksStreamLink sends POST with bearer and comma lists, returns data.provisioned', async () => {
  server.reply = () => ({ body: { data: { provisioned: true } } });
  const result = await client().webhooks.createStreamLink({
    webhook_id: '1234567890',
    'tweet.fields': ['created_at', 'author_id'],
    expansions: ['attachments.media_keys'],
  });
  assert.is(result.data?.provisioned, true);
  const [seen] = server.requests;
  assert.ok(seen);
  assert.is(seen.method, 'POST');
  assert.is(seen.path, '/2/tweets/search/webhooks/1234567890');
  assert.is(seen.query.get('tweet.fields'), 'created_at,author_id');
  assert.ok(seen.url.includes('tweet.fields=created_at,author_id'), `commas stay literal: ${seen.url}`);
  assert.is(seen.query.get('expansions'), 'attachments.media_keys');
  assert.is(seen.headers.authorization, `Bearer ${TOKEN}`);
});

test('client.call by operationId returns what the grouped method returns', async () => {
  server.reply = () => ({ body: { data: { provisioned: false } } });
  const viaCall = await client().call('createWebhooksStreamLink', { webhook_id: '1' });
  const viaGroup = await client().webhooks.createStreamLink({ webhook_id: '1' });
  assert.equal(viaCall, viaGroup);
  assert.is(server.requests.length, 2);
  assert.is(server.requests[0]?.url, server.requests[1]?.url);
  assert.equal(operations.createWebhooksStreamLink.method, 'POST');
  assert.equal(operations.createWebhooksStreamLink.path, '/2/tweets/search/webhooks/{webhook_id}');
  assert.equal(operations.createWebhooksStreamLink.tag, 'Webhooks');
});

for (const bad of ['abc', '12345678901234567890', '../1', '']) {
  test(`webhook_id ${JSON.stringify(bad)} is a ValidationError and nothing is sent`, async () => {
    try {
      await client().webhooks.createStreamLink({ webhook_id: bad });
      assert.unreachable('should throw');
    } catch (error) {
      assert.instance(error, ValidationError);
      const v = error as ValidationError;
      assert.is(v.parameter, 'webhook_id');
      assert.match(v.rule, /pattern|path segment/);
      assert.match(v.message, /webhook_id/);
    }
    assert.is(server.requests.length, 0);
  });
}

test('an unknown tweet.fields value is a ValidationError before any request', async () => {
  try {
    // @ts-expect-error -- not a tweet field
    await client().webhooks.createStreamLink({ webhook_id: '1', 'tweet.fields': ['created_att'] });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ValidationError);
    assert.is((error as ValidationError).parameter, 'tweet.fields[0]');
  }
  assert.is(server.requests.length, 0);
});

test('a problem+json 404 throws ApiError whose problem narrows on type', async () => {
  server.reply = () => ({
    status: 404,
    headers: { 'content-type': 'application/problem+json' },
    body: JSON.stringify({
      type: 'https://api.twitter.com/2/problems/resource-not-found',
      title: 'Not Found Error',
      detail: 'Could not find webhook with id: [99].',
      parameter: 'webhook_id',
      value: '99',
      resource_id: '99',
      resource_type: 'user',
    }),
  });
  try {
    await client().webhooks.createStreamLink({ webhook_id: '99' });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    const e = error as ApiError;
    assert.is(e.status, 404);
    assert.ok(e.problem);
    if (e.problem?.type === 'https://api.twitter.com/2/problems/resource-not-found') {
      assert.is(e.problem.resource_id, '99');
    } else assert.unreachable('problem type should narrow');
    assert.ok(isProblem(e.problem, ProblemTypes.ResourceNotFoundProblem));
    assert.not.ok(isProblem(e.problem, ProblemTypes.UsageCapExceededProblem));
    assert.match(e.message, /404/);
  }
});

test('a legacy 401 code 89 gives legacyErrors[0].code === 89 (wrapped and bare forms)', async () => {
  for (const body of [
    { errors: [{ code: 89, message: 'Invalid or expired token.' }] },
    { code: 89, message: 'Invalid or expired token.' },
  ]) {
    server.reply = () => ({ status: 401, body });
    try {
      await client().webhooks.createStreamLink({ webhook_id: '1' });
      assert.unreachable('should throw');
    } catch (error) {
      assert.instance(error, ApiError);
      const e = error as ApiError;
      assert.is(e.status, 401);
      assert.is(e.legacyErrors?.[0]?.code, 89);
      assert.is(e.problem, undefined);
    }
  }
});

test('partial errors in a 200 body stay in the body', async () => {
  const body = {
    data: [{ id: '1', text: 'hi', edit_history_tweet_ids: ['1'] }],
    errors: [
      {
        type: 'https://api.twitter.com/2/problems/resource-not-found',
        title: 'Not Found Error',
        parameter: 'ids',
        value: '2',
        resource_id: '2',
        resource_type: 'tweet',
      },
    ],
  };
  server.reply = () => ({ body });
  const result = await client().tweets.getPostsByIds({ ids: ['1', '2'] });
  assert.equal(result, body);
  assert.is(server.requests[0]?.query.get('ids'), '1,2');
});

test('no error message, String() or JSON holds the bearer token', async () => {
  const errors: unknown[] = [];
  server.reply = () => ({
    status: 401,
    body: { errors: [{ code: 89, message: 'Invalid or expired token.' }] },
  });
  await client()
    .webhooks.createStreamLink({ webhook_id: '1' })
    .catch((e: unknown) => errors.push(e));
  await client()
    .webhooks.createStreamLink({ webhook_id: 'x' })
    .catch((e: unknown) => errors.push(e));
  server.reply = () => ({ status: 200, body: {}, delayMs: 300 });
  await client({ timeoutMs: 50 })
    .webhooks.createStreamLink({ webhook_id: '1' })
    .catch((e: unknown) => errors.push(e));
  await new CoreClient({
    baseUrl: 'http://127.0.0.1:1',
    auth: { bearerToken: TOKEN },
    maxRetries: 0,
  }).webhooks
    .createStreamLink({ webhook_id: '1' })
    .catch((e: unknown) => errors.push(e));
  await client()
    .oauth.requestToken({ oauth_callback: 'oob' })
    .catch((e: unknown) => errors.push(e));
  assert.is(errors.length, 5);
  assert.instance(errors[0], ApiError);
  assert.instance(errors[1], ValidationError);
  assert.instance(errors[2], TimeoutError);
  assert.instance(errors[3], ConnectionError);
  assert.instance(errors[4], ValidationError);
  for (const error of errors) {
    const e = error as Error;
    for (const text of [e.message, String(e), JSON.stringify(e), e.stack ?? '']) {
      assert.not.ok(text.includes(TOKEN), `${e.name} leaks the token: ${text}`);
    }
  }
});

test('an operation that does not accept the configured scheme is refused before sending', async () => {
  try {
    await client().oauth.requestToken({ oauth_callback: 'oob' });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ValidationError);
    assert.is((error as ValidationError).rule, 'unsupported-authentication');
  }
  assert.is(server.requests.length, 0);
});

test('oauth2Token sends HTTP Basic and a form body', async () => {
  server.reply = () => ({ body: { token_type: 'bearer', access_token: 'AAAA' } });
  const basic = new CoreClient({
    baseUrl: server.url,
    auth: { basic: { username: 'key', password: 'secret' } },
  });
  const result = await basic.oauth.oauth2Token({ grant_type: 'client_credentials' });
  assert.is(result.access_token, 'AAAA');
  const seen = server.requests[0];
  assert.is(seen?.headers.authorization, `Basic ${Buffer.from('key:secret').toString('base64')}`);
  assert.is(seen?.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(seen?.body, 'grant_type=client_credentials');
});

test('browser steps build URLs and never fetch', () => {
  const url = client().oauth.authorize({ oauth_token: 'tok', force_login: true, screen_name: 'jack' });
  assert.is(url, `${server.url}/oauth/authorize?oauth_token=tok&force_login=true&screen_name=jack`);
  assert.is(server.requests.length, 0);
});

test('a timeout gives TimeoutError and a closed port gives ConnectionError', async () => {
  server.reply = () => ({ body: {}, delayMs: 500 });
  try {
    await client({ timeoutMs: 50 }).webhooks.createStreamLink({ webhook_id: '1' });
    assert.unreachable('should time out');
  } catch (error) {
    assert.instance(error, TimeoutError);
  }
  try {
    await new CoreClient({
      baseUrl: 'http://127.0.0.1:1',
      maxRetries: 0,
      auth: { bearerToken: TOKEN },
    }).webhooks.createStreamLink({ webhook_id: '1' });
    assert.unreachable('should fail to connect');
  } catch (error) {
    assert.instance(error, ConnectionError);
  }
});

test('the default origin is https://api.x.com and paths carry the version', () => {
  const url = new CoreClient().oauth.authenticate({ oauth_token: 't' });
  assert.is(url, 'https://api.x.com/oauth/authenticate?oauth_token=t');
  assert.is(operations.getUsersPosts.path, '/2/users/{id}/tweets');
  assert.is(operations.oauthInvalidateToken.path, '/1.1/oauth/invalidate_token');
});

test.run();
