/**
 * Credentials and redirects, over loopback: header values the client refuses before sending
 * (never quoting them), and redirects followed by the client itself so that no credential of any
 * scheme reaches another origin. Two servers on different ports are two origins.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ConnectionError, CoreClient, ValidationError } from '../../generated/core-v2/src/index.js';
import { CORPUS, generateInto } from '../generator/corpus/corpus.ts';
import { removeDir, tempDir } from '../helpers/cli.ts';
import { startServer, type Reply, type SeenRequest, type TestServer } from '../helpers/server.js';

const BEARER = 'BEARER-TOKEN-never-shown';
const CONSUMER = { consumerKey: 'consumer-key-public', consumerSecret: 'CONSUMER-SECRET-never-shown' };
const OWNER = { token: 'owner-token-public', tokenSecret: 'OWNER-TOKEN-SECRET-never-shown' };

let first: TestServer;
let second: TestServer;
/** What the first server answers next. */
let answer: (request: SeenRequest) => Reply = () => ({ status: 200, body: {} });
let work = '';
let securityPkg: any;

test.before(async () => {
  first = await startServer((request) => answer(request));
  second = await startServer(() => ({ status: 200, body: { data: [] } }));
  work = tempDir('redirects');
  await generateInto({ name: 'security', path: join(CORPUS, 'security.yaml') }, join(work, 'security'));
  securityPkg = await import(pathToFileURL(join(work, 'security', 'src', 'index.ts')).href);
});
test.after(async () => {
  await first.close();
  await second.close();
  removeDir(work);
});
test.before.each(() => {
  first.requests.length = 0;
  second.requests.length = 0;
});

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function noSecret(error: unknown, ...secrets: string[]): void {
  const text = [
    String(error),
    JSON.stringify(error),
    (error as Error).stack ?? '',
    String((error as Error).cause ?? ''),
  ].join('\n');
  for (const secret of secrets)
    assert.not.ok(text.includes(secret), `the error shows ${secret}: ${text.slice(0, 500)}`);
}

const client = (options: Record<string, unknown> = {}) =>
  new CoreClient({ baseUrl: first.url, maxRetries: 0, auth: { bearerToken: BEARER }, ...options });

test('a bearer token with a line break is a ValidationError naming the option, never the value; nothing is sent', async () => {
  for (const token of [
    `${BEARER}\r\nx-injected: 1`,
    `${BEARER}\n`,
    `${BEARER}\0`,
    `${BEARER}\u2028`,
    `${BEARER}é€`,
  ]) {
    const error = await rejection(
      client({ auth: { bearerToken: token } }).tweets.getPostsByIds({ ids: ['1'] }),
    );
    assert.instance(error, ValidationError, String(error));
    assert.is(error.parameter, 'auth.bearerToken');
    assert.is(error.rule, 'header-value');
    noSecret(error, BEARER);
  }
  assert.is(first.requests.length, 0, 'nothing was sent');
});

test('an API key with a line break is refused as auth.apiKey, whatever header the scheme names', async () => {
  const api = new securityPkg.CorpusClient({
    baseUrl: first.url,
    maxRetries: 0,
    auth: { apiKey: 'API-KEY-SECRET\r\nx-evil: 1' },
  });
  const error = await rejection(api.defaultSecurity.retrieve());
  assert.instance(error, securityPkg.ValidationError);
  assert.is(error.parameter, 'auth.apiKey');
  noSecret(error, 'API-KEY-SECRET');
  assert.is(first.requests.length, 0);
});

test('a header value set by hand with CR/LF is refused, naming the header option', async () => {
  const error = await rejection(
    client({ headers: { 'x-trace': 'SECRET-TRACE\r\nx-evil: 1' } }).tweets.getPostsByIds({ ids: ['1'] }),
  );
  assert.instance(error, ValidationError);
  assert.is(error.parameter, 'headers.x-trace');
  noSecret(error, 'SECRET-TRACE');
  const perCall = await rejection(
    client().tweets.getPostsByIds({ ids: ['1'] }, { headers: { 'x-trace': 'SECRET-CALL\n' } }),
  );
  assert.is(perCall.parameter, 'options.headers.x-trace');
  noSecret(perCall, 'SECRET-CALL');
  assert.is(first.requests.length, 0);
});

test('a ConnectionError wrapping what fetch said never quotes a header value', async () => {
  // A fetch that, like Node's, quotes the request's headers in its error.
  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    throw new TypeError(`invalid header value ${JSON.stringify(init.headers)}`);
  };
  const error = await rejection(
    client({ fetch, headers: { 'x-custom': 'CUSTOM-HEADER-VALUE' } }).tweets.getPostsByIds({ ids: ['1'] }),
  );
  assert.instance(error, ConnectionError);
  assert.match(error.message, /\[redacted\]/);
  noSecret(error, BEARER, 'CUSTOM-HEADER-VALUE');
});

const redirectTo =
  (target: () => string, status = 302): ((request: SeenRequest) => Reply) =>
  (request) =>
    request.path.startsWith('/final')
      ? { status: 200, body: { data: [] } }
      : { status, headers: { location: target() } };

test('bearer: a cross-origin redirect is followed without Authorization', async () => {
  answer = redirectTo(() => `${second.url}/2/tweets?ids=1`);
  assert.equal(await client().tweets.getPostsByIds({ ids: ['1'] }), { data: [] });
  assert.is(first.requests[0]?.headers.authorization, `Bearer ${BEARER}`);
  assert.is(second.requests.length, 1);
  assert.is(second.requests[0]!.headers.authorization, undefined);
});

test('headers set by hand and cookies do not follow a cross-origin redirect either', async () => {
  answer = redirectTo(() => `${second.url}/2/tweets?ids=1`, 307);
  await client({
    headers: { 'x-api-key': 'HAND-SET-KEY', cookie: 'session=COOKIE-SECRET' },
  }).tweets.getPostsByIds({ ids: ['1'] });
  const seen = second.requests[0]!;
  assert.is(seen.headers['x-api-key'], undefined);
  assert.is(seen.headers.cookie, undefined);
  assert.is(seen.headers.authorization, undefined);
});

test('OAuth 1.0a: no signature goes to another origin; a same-origin redirect is signed again for its URL', async () => {
  const oauth = { oauth1: { ...CONSUMER, ...OWNER } };
  answer = redirectTo(() => `${second.url}/2/tweets?ids=1`);
  await client({ auth: oauth }).tweets.getPostsByIds({ ids: ['1'] });
  assert.match(String(first.requests[0]?.headers.authorization), /^OAuth /);
  assert.is(second.requests[0]!.headers.authorization, undefined);
  first.requests.length = 0;
  answer = redirectTo(() => `${first.url}/final?ids=1`);
  await client({ auth: oauth }).tweets.getPostsByIds({ ids: ['1'] });
  assert.is(first.requests.length, 2);
  const [a, b] = [first.requests[0]!.headers.authorization, first.requests[1]!.headers.authorization];
  assert.match(String(b), /^OAuth /, 'same origin: still signed');
  assert.is.not(a, b, 'signed for the new URL (fresh nonce and signature)');
});

test('API key in a header: kept on a same-origin redirect, never sent to another origin', async () => {
  const api = new securityPkg.CorpusClient({
    baseUrl: first.url,
    maxRetries: 0,
    auth: { apiKey: 'API-KEY-SECRET' },
  });
  answer = redirectTo(() => `${second.url}/elsewhere`);
  await api.defaultSecurity.retrieve();
  assert.is(first.requests[0]!.headers['x-api-key'], 'API-KEY-SECRET');
  assert.is(second.requests.length, 1);
  assert.is(second.requests[0]!.headers['x-api-key'], undefined);
  first.requests.length = 0;
  answer = redirectTo(() => '/final');
  await api.defaultSecurity.retrieve();
  assert.is(first.requests[1]!.headers['x-api-key'], 'API-KEY-SECRET', 'same origin keeps it');
});

test('303 turns into a GET without body; 307 and 308 keep method and body', async () => {
  const c = client();
  for (const [status, method, body] of [
    [303, 'GET', ''],
    [307, 'POST', 'kept'],
    [308, 'POST', 'kept'],
  ] as const) {
    first.requests.length = 0;
    answer = redirectTo(() => '/final', status);
    await c.tweets.createPosts({ text: 'kept' }).catch(() => undefined);
    const followed = first.requests[1]!;
    assert.is(followed.method, method, `${status}`);
    if (body) assert.equal(JSON.parse(followed.body), { text: 'kept' });
    else assert.is(followed.body, '');
    assert.is(followed.headers.authorization, `Bearer ${BEARER}`, 'same origin keeps the credentials');
  }
});

test('redirects are capped: the sixth is a ConnectionError saying so', async () => {
  answer = (request) => ({ status: 302, headers: { location: `${request.path}x` } });
  const error = await rejection(client().tweets.getPostsByIds({ ids: ['1'] }));
  assert.instance(error, ConnectionError);
  assert.match(error.message, /more than 5 redirects/);
  assert.is(first.requests.length, 6);
});

test.run();
