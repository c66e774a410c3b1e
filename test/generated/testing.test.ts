/**
 * The `testing` entry of both generated packages: default answers that validate against the spec
 * (by Ajv, from the spec file), the typed settings through the real client, and requests the spec
 * refuses, through `mock.fetch` and through the loopback server.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  ConnectionError,
  CoreClient,
  TimeoutError,
  verifyWebhookSignature,
} from '../../generated/core-v2/dist/index.js';
import { operations as coreOperations } from '../../generated/core-v2/dist/operations.js';
import {
  createMock,
  MockViolation,
  signedWebhook,
  startMockServer,
} from '../../generated/core-v2/dist/testing/index.js';
import { AdsClient } from '../../generated/ads-v12/dist/index.js';
import { operations as adsOperations } from '../../generated/ads-v12/dist/operations.js';
import { createMock as createAdsMock } from '../../generated/ads-v12/dist/testing/index.js';
import { ResponseSchemas } from '../helpers/response-schemas.ts';

const BEARER = { authorization: 'Bearer t' };

function defaultsValidate(
  spec: string,
  operations: Record<string, { method: string; path: string }>,
  defaultResponse: (id: string) => unknown,
): void {
  const schemas = new ResponseSchemas(spec);
  const failures: string[] = [];
  let checked = 0;
  for (const [id, op] of Object.entries(operations)) {
    const errors = schemas.check(op.method, op.path, defaultResponse(id));
    if (schemas.validator(op.method, op.path)) checked++;
    if (errors.length > 0) failures.push(`${id}: ${errors.join('; ')}`);
  }
  assert.equal(failures, []);
  assert.ok(checked > 10, `only ${checked} operations have a JSON body`);
}

test('core-v2: every default answer validates against its response schema (Ajv)', () => {
  const mock = createMock();
  defaultsValidate('spec/core-v2.yaml', coreOperations, (id) => mock.defaultResponse(id as never));
});

test('ads-v12: every default answer validates against its response schema (Ajv)', () => {
  const mock = createAdsMock();
  defaultsValidate('spec/ads-v12.yaml', adsOperations, (id) => mock.defaultResponse(id as never));
});

test('the validator is not blind: a wrong body fails it', () => {
  const schemas = new ResponseSchemas('spec/core-v2.yaml');
  assert.ok(schemas.check('GET', '/2/tweets', { data: [{ id: 5 }] }).length > 0);
});

test('default answers are deterministic from the seed, and field selection is honoured', () => {
  const a = createMock({ seed: 7 }).defaultResponse('getPostsByIds');
  const b = createMock({ seed: 7 }).defaultResponse('getPostsByIds');
  assert.equal(a, b);
  assert.not.equal(createMock({ seed: 8 }).defaultResponse('getPostsByIds'), a);
  const selected = createMock().defaultResponse('getPostsByIds', {
    'tweet.fields': ['created_at', 'author_id'],
  });
  assert.type(selected.data?.[0]?.created_at, 'string');
  assert.type(selected.data?.[0]?.author_id, 'string');
});

test('through the client: on, calls, and the selected fields of a default answer', async () => {
  const mock = createMock();
  const client = new CoreClient({ auth: { bearerToken: 't' }, fetch: mock.fetch });
  mock.on('getPostsByIds', (params) => ({
    data: params.ids.map((id) => ({ id, text: 'hi', edit_history_tweet_ids: [id] })),
  }));
  const posts = await client.tweets.getPostsByIds({ ids: ['1', '2'] });
  assert.equal(
    posts.data?.map((p) => p.id),
    ['1', '2'],
  );
  const [call] = mock.calls('getPostsByIds');
  assert.equal(call?.params.ids, ['1', '2']);
  assert.is(call?.auth, 'bearer');
  assert.is(call?.headers.authorization, 'Bearer ***');
  const news = await client.news.search({ query: 'x', 'news.fields': ['category'] });
  assert.type(news.data?.[0]?.category, 'string');
});

test('through the client: problems, legacy errors, rate limits, timeouts and resets', async () => {
  const mock = createMock();
  const client = new CoreClient({ auth: { bearerToken: 't' }, fetch: mock.fetch, maxRetries: 0 });
  const type = 'https://api.twitter.com/2/problems/resource-not-found';
  mock.fail('getNews', { status: 404, problem: { type, title: 'Not Found Error', detail: 'no news' } });
  const notFound = await client.news.get({ id: '1' }).catch((e: unknown) => e);
  assert.instance(notFound, ApiError);
  assert.is((notFound as ApiError).problem?.type, type);

  mock.fail('getNews', { status: 401, errors: [{ code: 89, message: 'Invalid or expired token.' }] });
  const legacy = (await client.news.get({ id: '1' }).catch((e: unknown) => e)) as ApiError;
  assert.is(legacy.legacyErrors?.[0]?.code, 89);

  mock.fail('getNews', { status: 429 });
  const limited = (await client.news.get({ id: '1' }).catch((e: unknown) => e)) as ApiError;
  assert.is(limited.status, 429);
  assert.is(limited.rateLimit?.remaining, 0);

  mock.fail('getNews', { timeout: true });
  const slow = await client.news.get({ id: '1' }, { timeoutMs: 30 }).catch((e: unknown) => e);
  assert.instance(slow, TimeoutError);

  mock.fail('getNews', { reset: true });
  const reset = await client.news.get({ id: '1' }).catch((e: unknown) => e);
  assert.instance(reset, ConnectionError);
});

test('through the client: pages wire the next tokens, streams send their events', async () => {
  const mock = createMock();
  const client = new CoreClient({ auth: { bearerToken: 't' }, fetch: mock.fetch });
  const post = (id: string) => ({ id, text: id, edit_history_tweet_ids: [id] });
  mock.pages('getUsersPosts', [[post('1'), post('2')], [post('3')]]);
  const ids: string[] = [];
  for await (const item of client.users.getPosts({ id: '9' })) ids.push(item.id);
  assert.equal(ids, ['1', '2', '3']);
  assert.equal(
    mock.calls('getUsersPosts').map((c) => c.params.pagination_token),
    [undefined, 'mock-page-1'],
  );

  mock.stream('streamPosts', [{ data: post('7') }, { data: post('8') }]);
  const seen: string[] = [];
  for await (const event of client.stream.posts()) {
    seen.push(event.data?.id ?? '');
    if (seen.length === 2) break;
  }
  assert.equal(seen, ['7', '8']);
});

/** The requests the spec refuses, each with the parameter and rule the refusal must name. */
const REFUSED: [string, RequestInit, string, string, string][] = [
  ['/2/tweets?ids=1&foo=bar', { headers: BEARER }, 'getPostsByIds', 'foo', 'unknown-parameter'],
  ['/2/users/9/tweets?max_results=500', { headers: BEARER }, 'getUsersPosts', 'max_results', 'maximum'],
  [
    '/2/tweets/search/stream/rules',
    { headers: { authorization: 'Basic dTpw' } },
    'getRules',
    'authorization',
    'auth',
  ],
  [
    '/2/tweets',
    {
      method: 'POST',
      headers: { ...BEARER, 'content-type': 'application/json' },
      body: '{"text":"x","mood":1}',
    },
    'createPosts',
    'mood',
    'unknown-parameter',
  ],
];

async function assertRefused(send: (path: string, init: RequestInit) => Promise<Response>): Promise<void> {
  for (const [path, init, operation, parameter, rule] of REFUSED) {
    const response = await send(path, init);
    assert.is(response.status, 400, path);
    const problem = (await response.json()) as Record<string, string>;
    assert.is(problem.operationId, operation);
    assert.is(problem.parameter, parameter);
    assert.ok(problem.rule?.startsWith(rule), `${path}: rule ${problem.rule}`);
    assert.ok(
      problem.detail?.includes(operation) && problem.detail.includes(`"${parameter}"`),
      problem.detail,
    );
    assert.ok(problem.detail?.includes(rule), problem.detail);
  }
}

test('mock.fetch refuses an undocumented parameter, a value out of bounds and the wrong auth scheme', async () => {
  const mock = createMock();
  await assertRefused((path, init) => mock.fetch(`https://api.x.com${path}`, init));
  const violations = mock.violations();
  assert.is(violations.length, REFUSED.length);
  assert.instance(violations[0], MockViolation);
  assert.match(violations[1]!.message, /getUsersPosts: parameter "max_results" breaks rule maximum/);
});

test('the loopback server makes the same checks, and answers what the mock answers', async () => {
  const mock = createMock();
  const server = await startMockServer(mock);
  try {
    await assertRefused((path, init) => fetch(`${server.url}${path}`, init));
    const client = new CoreClient({ baseUrl: server.url, auth: { bearerToken: 't' } });
    mock.on('getNews', { data: { rest_id: '42', name: 'n' } });
    const news = await client.news.get({ id: '42' });
    assert.is(news.data?.rest_id, '42');
    mock.fail('getNews', { reset: true });
    const reset = await new CoreClient({
      baseUrl: server.url,
      auth: { bearerToken: 't' },
      maxRetries: 0,
    }).news
      .get({ id: '1' })
      .catch((e: unknown) => e);
    assert.instance(reset, ConnectionError);
  } finally {
    await server.close();
  }
});

test('ads-v12: OAuth 1.0a required, pages by cursor', async () => {
  const mock = createAdsMock();
  const refused = await mock.fetch('https://ads-api.x.com/12/accounts', { headers: BEARER });
  assert.is(refused.status, 400);
  assert.match(
    ((await refused.json()) as { detail: string }).detail,
    /listAccounts: parameter "authorization" breaks rule auth/,
  );
  const client = new AdsClient({
    auth: { oauth1: { consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' } },
    fetch: mock.fetch,
  });
  const account = mock.defaultResponse('listAccounts').data?.[0];
  assert.ok(account);
  mock.pages('listAccounts', [[account!], [{ ...account!, id: 'second' }]]);
  const ids: string[] = [];
  for await (const item of client.accounts.list()) ids.push(item.id);
  assert.is(ids.length, 2);
  assert.is(ids[1], 'second');
});

test('webhook deliveries are signed as X signs them: the package verifies them', async () => {
  const delivery = await signedWebhook({ for_user_id: '1', tweet_create_events: [] }, 'secret');
  const signature = delivery.headers['x-twitter-webhooks-signature'];
  assert.ok(await verifyWebhookSignature(delivery.body, signature, 'secret'));
  assert.not.ok(await verifyWebhookSignature(delivery.body, signature, 'another secret'));
});

test.run();
