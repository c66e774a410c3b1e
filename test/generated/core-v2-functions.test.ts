/** @xgen/core-v2/functions over real HTTP on loopback: one function per operation, taking a core. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { CoreClient, PagePromise, ProblemTypes, isProblem } from '../../generated/core-v2/src/index.js';
import {
  ApiError,
  createCore,
  getPostsByIds,
  getUsersPosts,
  oauth1Auth,
  oauthAuthorize,
  oauthRequestToken,
  streamPosts,
  ValidationError,
  type ClientOptions,
} from '../../generated/core-v2/src/functions.js';
import { parseOAuthHeader } from '../helpers/oauth1-verify.js';
import { suiteServer } from '../helpers/server.js';

const TOKEN = 'AAAA-secret-bearer-token-never-shown';
const server = suiteServer(test, () => ({ status: 200, body: {} }));

const core = (extra: ClientOptions = {}) =>
  createCore({ baseUrl: server.url, auth: { bearerToken: TOKEN }, maxRetries: 0, ...extra });
const post = (id: string) => ({ id, text: `post ${id}`, edit_history_tweet_ids: [id] });

test('a plain call: GET with a bearer token and comma lists, resolving to the decoded body', async () => {
  server.reply = () => ({ body: { data: [post('20')] }, headers: { 'x-rate-limit-remaining': '7' } });
  const seen: (number | undefined)[] = [];
  const result = await getPostsByIds(
    core({ onResponse: (info) => seen.push(info.rateLimit?.remaining) }),
    { ids: ['20', '21'], 'tweet.fields': ['created_at', 'author_id'] },
    { timeoutMs: 5000, headers: { 'X-Trace': 't1' } },
  );
  assert.equal(result, { data: [post('20')] });
  assert.equal(seen, [7]);
  const [request] = server.requests;
  assert.ok(request);
  assert.is(request.method, 'GET');
  assert.is(request.url, '/2/tweets?ids=20,21&tweet.fields=created_at,author_id');
  assert.is(request.headers.authorization, `Bearer ${TOKEN}`);
  assert.is(request.headers['x-trace'], 't1');
  assert.is(request.headers.accept, 'application/json');
});

test('the function and the grouped method are the same call: same request, same result', async () => {
  server.reply = () => ({ body: { data: [post('5')] } });
  const viaFunction = await getPostsByIds(core(), { ids: ['5'] });
  const viaMethod = await new CoreClient({
    baseUrl: server.url,
    auth: { bearerToken: TOKEN },
  }).tweets.getPostsByIds({ ids: ['5'] });
  assert.equal(viaFunction, viaMethod);
  assert.is(server.requests.length, 2);
  assert.is(server.requests[0]?.url, server.requests[1]?.url);
  assert.equal(server.requests[0]?.headers.authorization, server.requests[1]?.headers.authorization);
});

test('a broken documented limit is a ValidationError before any request', async () => {
  for (const [params, parameter, rule] of [
    [{ ids: ['12ab'] }, 'ids[0]', 'pattern ^[0-9]{1,19}$'],
    [{ ids: [] }, 'ids', 'minItems 1'],
    [{ ids: Array.from({ length: 101 }, (_, i) => String(i)) }, 'ids', 'maxItems 100'],
    [{ ids: ['1'], 'tweet.fields': ['created_att'] }, 'tweet.fields[0]', 'enum'],
    [{}, 'ids', 'required'],
  ] as const) {
    try {
      await getPostsByIds(core(), params as never);
      assert.unreachable(`should refuse ${JSON.stringify(params)}`);
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.is((error as ValidationError).parameter, parameter);
      assert.is((error as ValidationError).rule, rule);
      assert.ok((error as Error).message.startsWith('getPostsByIds: '), (error as Error).message);
    }
  }
  assert.is(server.requests.length, 0);
});

test('a paginated function returns the PagePromise: await the first page, iterate every item across pages', async () => {
  server.reply = (request) => {
    const token = request.query.get('pagination_token');
    if (token === null)
      return { body: { data: [post('3'), post('2')], meta: { result_count: 2, next_token: 'next' } } };
    return { body: { data: [post('1')], meta: { result_count: 1 } } };
  };
  const pages = getUsersPosts(core(), { id: '2244994945', max_results: 5 });
  assert.instance(pages, PagePromise);
  const first = await pages;
  assert.equal(
    first.items.map((t) => t.id),
    ['3', '2'],
  );
  assert.is(first.nextToken, 'next');
  const ids: string[] = [];
  for await (const tweet of getUsersPosts(core(), { id: '2244994945', max_results: 5 })) ids.push(tweet.id);
  assert.equal(ids, ['3', '2', '1']);
  assert.equal(
    server.requests.map((r) => r.url),
    [
      '/2/users/2244994945/tweets?max_results=5',
      '/2/users/2244994945/tweets?max_results=5',
      '/2/users/2244994945/tweets?max_results=5&pagination_token=next',
    ],
  );
});

test('a status outside 2xx is an ApiError whose problem narrows on type; the token never shows', async () => {
  server.reply = () => ({
    status: 404,
    headers: { 'content-type': 'application/problem+json', 'x-rate-limit-reset': '1700000000' },
    body: JSON.stringify({
      type: 'https://api.twitter.com/2/problems/resource-not-found',
      title: 'Not Found Error',
      detail: 'Could not find tweet with ids: [20].',
      parameter: 'ids',
      value: '20',
      resource_id: '20',
      resource_type: 'tweet',
    }),
  });
  try {
    await getPostsByIds(core(), { ids: ['20'] });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    const e = error as ApiError;
    assert.is(e.status, 404);
    assert.is(e.operationId, 'getPostsByIds');
    assert.equal(e.rateLimit, { reset: 1700000000 });
    assert.ok(isProblem(e.problem, ProblemTypes.ResourceNotFoundProblem));
    if (e.problem?.type === 'https://api.twitter.com/2/problems/resource-not-found')
      assert.is(e.problem.resource_id, '20');
    else assert.unreachable('the problem narrows on its type');
    for (const text of [e.message, String(e), JSON.stringify(e), e.stack ?? ''])
      assert.not.ok(text.includes(TOKEN), text);
  }
});

test('a 503 is retried on a GET, as with the client', async () => {
  let calls = 0;
  server.reply = () =>
    ++calls === 1
      ? { status: 503, headers: { 'retry-after': '0' }, body: {} }
      : { body: { data: [post('9')] } };
  const result = await getPostsByIds(core({ maxRetries: 1 }), { ids: ['9'] });
  assert.equal(result, { data: [post('9')] });
  assert.is(server.requests.length, 2);
});

test('a streaming function returns an EventStream of the events; a browser step builds its URL', async () => {
  server.reply = () => ({
    headers: { 'content-type': 'application/json' },
    chunks: [{ data: `${JSON.stringify({ data: post('1') })}\r\n\r\n` }],
  });
  const events: unknown[] = [];
  for await (const event of streamPosts(core(), {}, { reconnect: false })) events.push(event);
  assert.equal(events, [{ data: post('1') }]);
  const url = oauthAuthorize(createCore({ baseUrl: 'https://api.x.com' }), { oauth_token: 'req-token' });
  assert.is(url, 'https://api.x.com/oauth/authorize?oauth_token=req-token');
});

test('OAuth 1.0a credentials need the signer extension: refused at createCore without it, signed with it', async () => {
  const oauth1 = { consumerKey: 'ck', consumerSecret: 'cs-secret' };
  try {
    createCore({ baseUrl: server.url, auth: { oauth1 } });
    assert.unreachable('should refuse');
  } catch (error) {
    assert.instance(error, ValidationError);
    assert.is((error as ValidationError).rule, 'unsupported-authentication');
    assert.match((error as Error).message, /oauth1Auth/);
    assert.not.ok((error as Error).message.includes('cs-secret'));
  }
  // A call's own credentials are checked too, before anything is sent.
  await oauthRequestToken(core(), { oauth_callback: 'oob' }, { auth: { oauth1 } }).then(
    () => assert.unreachable('should refuse'),
    (error: unknown) => assert.is((error as ValidationError).rule, 'unsupported-authentication'),
  );
  assert.is(server.requests.length, 0);
  server.reply = () => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true',
  });
  const signed = createCore({ baseUrl: server.url, auth: { oauth1 } }, oauth1Auth);
  const body = await oauthRequestToken(signed, { oauth_callback: 'oob' });
  assert.equal(body, { oauth_token: 't', oauth_token_secret: 's', oauth_callback_confirmed: 'true' });
  const header = parseOAuthHeader(server.requests[0]?.headers.authorization ?? '');
  assert.is(header.oauth_consumer_key, 'ck');
  assert.is(header.oauth_signature_method, 'HMAC-SHA1');
});

test('a core keeps its credentials private: not in String(), JSON or its own keys', () => {
  const c = core({ headers: { 'x-secret': 'shh' } });
  for (const text of [String(c), JSON.stringify(c), Object.keys(c).join(',')]) {
    assert.not.ok(text.includes(TOKEN), text);
    assert.not.ok(text.includes('shh'), text);
  }
});

test.run();
