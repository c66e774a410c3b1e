/**
 * Retries, rate limits, timeouts and broken responses of @xgen/core-v2 over real HTTP on loopback.
 * Waits go through an injected `sleep` (recorded, not slept) unless a test is about real waiting.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  ConnectionError,
  CoreClient,
  type ResponseInfo,
  TimeoutError,
} from '../../generated/core-v2/src/index.js';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../helpers/server.js';

const TOKEN = 'AAAA-secret-bearer-token-never-shown';
const NOW = 1_700_000_000_000;
let server: TestServer;
let replies: Reply[];
let waits: number[];

test.before(async () => {
  server = await startServer((req: SeenRequest) => {
    void req;
    return replies.shift() ?? { status: 200, body: { data: { provisioned: true } } };
  });
});
test.after(async () => {
  await server.close();
});
test.before.each(() => {
  server.requests.length = 0;
  replies = [];
  waits = [];
});

/** A client whose waits are recorded instead of slept, with a fixed clock and jitter. */
const client = (extra: ConstructorParameters<typeof CoreClient>[0] = {}) =>
  new CoreClient({
    baseUrl: server.url,
    auth: { bearerToken: TOKEN },
    sleep: async (ms) => void waits.push(ms),
    now: () => NOW,
    random: () => 0.5,
    ...extra,
  });

const ok = { status: 200, body: { data: { provisioned: true } } } satisfies Reply;
const getTweets = (c: CoreClient, options?: Parameters<CoreClient['tweets']['getPostsByIds']>[1]) =>
  c.tweets.getPostsByIds({ ids: ['1'] }, options);

test('429 with x-rate-limit-reset one second ahead: waits until the reset and succeeds', async () => {
  replies = [
    {
      status: 429,
      headers: {
        'x-rate-limit-limit': '15',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(NOW / 1000 + 1),
      },
      body: { title: 'Too Many Requests', type: 'about:blank', status: 429 },
    },
    { status: 200, body: { data: [] } },
  ];
  const result = await getTweets(client());
  assert.equal(result, { data: [] });
  assert.equal(waits, [1000]);
  assert.is(server.requests.length, 2);
});

test('the default sleep really waits for the reset (clock shifted so that it is 150 ms off)', async () => {
  const reset = Math.ceil(Date.now() / 1000) + 1;
  const shift = reset * 1000 - 150 - Date.now();
  replies = [{ status: 429, headers: { 'x-rate-limit-reset': String(reset) }, body: {} }];
  const started = Date.now();
  await new CoreClient({
    baseUrl: server.url,
    auth: { bearerToken: TOKEN },
    now: () => Date.now() + shift,
  }).tweets.getPostsByIds({ ids: ['1'] });
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 140 && elapsed < 1_000, `waited ${elapsed} ms`);
  assert.is(server.requests.length, 2);
});

test('retry-after is honoured, in seconds or as an HTTP date', async () => {
  replies = [
    { status: 503, headers: { 'retry-after': '3' }, body: {} },
    { status: 429, headers: { 'retry-after': new Date(NOW + 7_000).toUTCString() }, body: {} },
  ];
  await getTweets(client());
  assert.equal(waits, [3_000, 7_000]);
});

test('a reset further off than maxRetryWaitMs fails at once, with the rate-limit figures', async () => {
  replies = [
    {
      status: 429,
      headers: {
        'x-rate-limit-limit': '15',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(NOW / 1000 + 900),
      },
      body: {},
    },
  ];
  try {
    await getTweets(client({ maxRetryWaitMs: 60_000 }));
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    const e = error as ApiError;
    assert.is(e.status, 429);
    assert.equal(e.rateLimit, { limit: 15, remaining: 0, reset: NOW / 1000 + 900 });
  }
  assert.equal(waits, []);
  assert.is(server.requests.length, 1);
  // Per call, the limit can be raised.
  replies = [{ status: 429, headers: { 'x-rate-limit-reset': String(NOW / 1000 + 900) }, body: {} }];
  await getTweets(client(), { maxRetryWaitMs: 15 * 60_000 });
  assert.equal(waits, [900_000]);
});

test('503 then 200: succeeds after one retry, with a jittered backoff', async () => {
  replies = [{ status: 503, body: { title: 'Service Unavailable', type: 'about:blank' } }];
  await getTweets(client());
  assert.is(server.requests.length, 2);
  assert.equal(waits, [250], 'full jitter: random 0.5 of the first 500 ms step');
});

test('backoff doubles with full jitter up to its cap; maxRetries per client and per call', async () => {
  replies = Array.from({ length: 6 }, () => ({ status: 500, body: {} }));
  const c = client({ random: () => 1, maxRetries: 5, backoff: { initialMs: 100, maxMs: 1_000 } });
  await getTweets(c).then(
    () => assert.unreachable('6 failures exhaust 5 retries'),
    (error: unknown) => assert.is((error as ApiError).status, 500),
  );
  assert.equal(waits, [100, 200, 400, 800, 1_000]);
  assert.is(server.requests.length, 6);
  waits.length = 0;
  server.requests.length = 0;
  replies = [
    { status: 500, body: {} },
    { status: 500, body: {} },
  ];
  await getTweets(c, { maxRetries: 1 }).catch(() => undefined);
  assert.is(server.requests.length, 2, 'the per-call maxRetries wins');
});

test('POST with 503 fails at once unless the caller opts in', async () => {
  replies = [{ status: 503, body: {} }];
  await client()
    .webhooks.createStreamLink({ webhook_id: '1' })
    .then(
      () => assert.unreachable('should throw'),
      (error: unknown) => assert.is((error as ApiError).status, 503),
    );
  assert.is(server.requests.length, 1);
  replies = [{ status: 503, body: {} }, ok];
  const result = await client().webhooks.createStreamLink({ webhook_id: '1' }, { retryNonIdempotent: true });
  assert.is(result.data?.provisioned, true);
  assert.is(server.requests.length, 3);
});

test('a connection broken mid-answer is retried on GET, not on POST', async () => {
  replies = [{ destroy: 'mid-head' }, { status: 200, body: { data: [] } }];
  await getTweets(client());
  assert.is(server.requests.length, 2);
  assert.equal(waits, [250]);
  server.requests.length = 0;
  replies = [{ destroy: 'mid-head' }];
  await client()
    .webhooks.createStreamLink({ webhook_id: '1' })
    .then(
      () => assert.unreachable('should throw'),
      (error: unknown) => assert.instance(error, ConnectionError),
    );
  assert.is(server.requests.length, 1);
});

test('a body cut off mid-JSON is a ConnectionError, and a GET retries it', async () => {
  const cut: Reply = {
    status: 200,
    headers: { 'content-type': 'application/json', 'content-length': '200' },
    chunks: [{ data: '{"data":[{"id":"1","te', pauseMs: 30 }],
    abort: true,
  };
  replies = [cut];
  await getTweets(client({ maxRetries: 0 })).then(
    () => assert.unreachable('should throw'),
    (error: unknown) => {
      assert.instance(error, ConnectionError);
      assert.match((error as Error).message, /cut off/, (error as Error).message);
    },
  );
  replies = [cut, { status: 200, body: { data: [] } }];
  assert.equal(await getTweets(client()), { data: [] });
});

test('an unterminated JSON body that did arrive whole is an ApiError, not a crash', async () => {
  replies = [{ status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[{"id":"1",' }];
  try {
    await getTweets(client());
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.match((error as Error).message, /not valid JSON/);
  }
  assert.is(server.requests.length, 1, 'a bad body is not retried');
});

test('an empty 200 body is an ApiError where the spec promises one, not an undefined the type denies', async () => {
  replies = [{ status: 200, headers: { 'content-type': 'application/json' }, body: '' }];
  const error = await getTweets(client()).then(
    (value) => assert.unreachable(`resolved to ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  assert.instance(error, ApiError);
  assert.is((error as ApiError).status, 200);
  assert.match((error as Error).message, /empty, where the spec promises JSON/);
  assert.is(server.requests.length, 1, 'an answer, not a failure: not retried');
});

test('an HTML 502 page is an ApiError with status 502 after the retries', async () => {
  const html: Reply = {
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
  };
  replies = [html, html, html];
  try {
    await getTweets(client());
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    const e = error as ApiError;
    assert.is(e.status, 502);
    assert.match(String(e.body), /Bad Gateway/);
    assert.not.match(e.message, /<html>/);
    assert.is(e.problem, undefined);
  }
  assert.is(server.requests.length, 3);
});

test('a 200 with the wrong content type is an ApiError naming the type', async () => {
  replies = [
    { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html>login</html>' },
  ];
  try {
    await getTweets(client());
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.match((error as Error).message, /expected JSON, got text\/html/);
  }
});

test('timeoutMs per call gives TimeoutError, and a timed-out attempt is not retried', async () => {
  replies = [{ status: 200, body: { data: [] }, delayMs: 400 }];
  const started = Date.now();
  try {
    await getTweets(client({ timeoutMs: 10_000 }), { timeoutMs: 50 });
    assert.unreachable('should time out');
  } catch (error) {
    assert.instance(error, TimeoutError);
    assert.is((error as TimeoutError).timeoutMs, 50);
  }
  assert.ok(Date.now() - started < 350);
  assert.is(server.requests.length, 1);
});

test('an AbortSignal cancels during a backoff wait', async () => {
  replies = [{ status: 503, headers: { 'retry-after': '30' }, body: {} }];
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('cancelled by caller')), 50);
  const started = Date.now();
  // The real timer sleep: the abort has to cut it short.
  const c = new CoreClient({ baseUrl: server.url, auth: { bearerToken: TOKEN } });
  await getTweets(c, { signal: controller.signal }).then(
    () => assert.unreachable('should be cancelled'),
    (error: unknown) => assert.is((error as Error).message, 'cancelled by caller'),
  );
  assert.ok(Date.now() - started < 1_000);
  assert.is(server.requests.length, 1);
  // A custom sleep that ignores the signal is cut short all the same.
  const stubborn = client({ sleep: () => new Promise<void>((resolve) => setTimeout(resolve, 5_000)) });
  replies = [{ status: 503, body: {} }];
  const late = new AbortController();
  setTimeout(() => late.abort(new Error('cancelled again')), 30);
  await getTweets(stubborn, { signal: late.signal }).then(
    () => assert.unreachable('should be cancelled'),
    (error: unknown) => assert.is((error as Error).message, 'cancelled again'),
  );
  assert.ok(Date.now() - started < 2_000);
});

test('rate-limit figures of every response reach onResponse (client and call), pages and errors', async () => {
  const limits = (remaining: number) => ({
    'x-rate-limit-limit': '900',
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': '1700000900',
  });
  replies = [
    { status: 503, headers: limits(5), body: {} },
    { status: 200, headers: limits(4), body: { data: [] } },
  ];
  const seen: ResponseInfo[] = [];
  const perCall: number[] = [];
  const c = client({ onResponse: (info) => seen.push(info) });
  await getTweets(c, { onResponse: (info) => perCall.push(info.status) });
  assert.equal(
    seen.map((i) => [i.operationId, i.status, i.attempt, i.rateLimit]),
    [
      ['getPostsByIds', 503, 0, { limit: 900, remaining: 5, reset: 1700000900 }],
      ['getPostsByIds', 200, 1, { limit: 900, remaining: 4, reset: 1700000900 }],
    ],
  );
  assert.equal(perCall, [503, 200]);
  replies = [{ status: 200, headers: limits(3), body: { data: [], meta: { result_count: 0 } } }];
  const page = await c.users.getPosts({ id: '1' });
  assert.equal(page.rateLimit, { limit: 900, remaining: 3, reset: 1700000900 });
});

test('no retry, wait or error text carries the bearer token', async () => {
  replies = [{ status: 429, headers: { 'x-rate-limit-reset': String(NOW / 1000 + 9_999) }, body: {} }];
  const errors: unknown[] = [];
  await getTweets(client()).catch((e: unknown) => errors.push(e));
  replies = [{ destroy: 'mid-head' }];
  await getTweets(client({ maxRetries: 0 })).catch((e: unknown) => errors.push(e));
  assert.is(errors.length, 2);
  for (const error of errors) {
    const e = error as Error;
    for (const text of [e.message, String(e), JSON.stringify(e), e.stack ?? ''])
      assert.not.ok(text.includes(TOKEN), text);
  }
});

test.run();
