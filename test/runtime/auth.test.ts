/** Credentials in the runtime: scheme choice, per-call auth, HTTPS-only OAuth steps, Basic encoding, secrets. */
import { inspect } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  AppOnlyTokens,
  ConnectionError,
  CoreClient,
  OAuth1Flow,
  operations,
  TimeoutError,
  ValidationError,
} from '../../generated/core-v2/src/index.js';
import {
  basicAuthorization,
  formBasicCredentials,
  isLoopbackHost,
  requireSecureUrl,
} from '../../generated/core-v2/src/runtime/auth.js';
import { parseOAuthHeader } from '../helpers/oauth1-verify.js';
import { startOAuthServer } from '../helpers/oauth-server.js';
import { startServer } from '../helpers/server.js';

const CONSUMER = { consumerKey: 'consumer-key-public', consumerSecret: 'CONSUMER-SECRET-never-shown+/=' };
const OWNER = { token: 'owner-token-public', tokenSecret: 'OWNER-TOKEN-SECRET-never-shown' };
const BEARER = 'BEARER-TOKEN-never-shown';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

test('isLoopbackHost: 127.0.0.0/8, ::1 and localhost only', () => {
  for (const host of ['127.0.0.1', '127.255.3.9', 'localhost', 'LOCALHOST', '[::1]', '::1'])
    assert.ok(isLoopbackHost(host), host);
  for (const host of [
    '128.0.0.1',
    '127.0.0.1.evil.com',
    'localhost.evil.com',
    'evil.localhost',
    '0.0.0.0',
    '10.0.0.1',
    '[::2]',
    'api.x.com',
  ]) {
    assert.not.ok(isLoopbackHost(host), host);
  }
  requireSecureUrl('https://api.x.com/oauth/request_token', 'x');
  requireSecureUrl('http://[::1]:8080/x', 'x');
  for (const url of ['http://api.x.com/oauth', 'ftp://127.0.0.1/', 'not a url']) {
    assert.throws(
      () => requireSecureUrl(url, 'x'),
      (e: unknown) => e instanceof ValidationError && e.rule === 'https-required',
    );
  }
});

test('every OAuth step is HTTPS-only: refused over http to a non-loopback host before anything is sent', async () => {
  for (const id of [
    'oauthRequestToken',
    'oauthAuthorize',
    'oauthAuthenticate',
    'oauthAccessToken',
    'oauthInvalidateToken',
    'oauth2Token',
    'oauth2InvalidateToken',
  ] as const) {
    assert.is(operations[id].requireHttps, requireSecureUrl, id);
  }
  assert.is(operations.getPostsByIds.requireHttps, undefined);
  const user = 'user:pass';
  const insecure = `http://${user}@192.0.2.1`;
  const flow = new OAuth1Flow(CONSUMER, { baseUrl: insecure, maxRetries: 0, timeoutMs: 200 });
  const client = new CoreClient({
    baseUrl: insecure,
    maxRetries: 0,
    timeoutMs: 200,
    auth: { oauth1: { ...CONSUMER, token: OWNER.token, tokenSecret: OWNER.tokenSecret } },
  });
  const errors = [
    await rejection(flow.requestToken({ callback: 'oob' })),
    await rejection(flow.start({ callback: 'oob' })),
    await rejection(flow.finish({ oauth_token: 't', oauth_token_secret: 's' }, 'v')),
    await rejection(flow.invalidate({ oauth_token: 't', oauth_token_secret: 's' })),
    await rejection(new AppOnlyTokens(CONSUMER, { baseUrl: insecure }).token()),
    await rejection(client.oauth.invalidateToken()),
    await rejection(Promise.resolve().then(() => flow.authorizeUrl('t'))),
    await rejection(Promise.resolve().then(() => client.oauth.authenticate({ oauth_token: 't' }))),
  ];
  for (const error of errors) {
    assert.instance(error, ValidationError);
    assert.is((error as ValidationError).rule, 'https-required');
    assert.not.ok((error as Error).message.includes(user), 'the URL user info is not echoed');
  }
  // https origins build; loopback over http is allowed (tests).
  assert.is(new OAuth1Flow(CONSUMER).authorizeUrl('t'), 'https://api.x.com/oauth/authorize?oauth_token=t');
  assert.is(
    new OAuth1Flow(CONSUMER, { baseUrl: 'http://localhost:1' }).authenticateUrl(
      { oauth_token: 't' },
      { forceLogin: false },
    ),
    'http://localhost:1/oauth/authenticate?oauth_token=t&force_login=false',
  );
});

test('unsupported-authentication: a scheme the operation does not accept is refused before sending', async () => {
  const server = await startServer(() => ({ body: { data: [] } }));
  try {
    const cases: [
      string,
      ConstructorParameters<typeof CoreClient>[0],
      (c: CoreClient) => Promise<unknown>,
    ][] = [
      [
        'bearer on an OAuth 1.0a step',
        { auth: { bearerToken: BEARER } },
        (c) => c.oauth.requestToken({ oauth_callback: 'oob' }),
      ],
      [
        'OAuth 1.0a on a bearer-only operation',
        { auth: { oauth1: CONSUMER } },
        (c) => c.webhooks.createStreamLink({ webhook_id: '1' }),
      ],
      [
        'Basic on a bearer-only operation',
        { auth: { basic: { username: 'u', password: 'p' } } },
        (c) => c.webhooks.createStreamLink({ webhook_id: '1' }),
      ],
      ['app-only on an OAuth 1.0a step', { auth: { appOnly: CONSUMER } }, (c) => c.oauth.invalidateToken()],
      ['nothing on a bearer-only operation', {}, (c) => c.webhooks.createStreamLink({ webhook_id: '1' })],
      [
        'bearer on the Basic token operation',
        { auth: { bearerToken: BEARER } },
        (c) => c.oauth.oauth2Token({ grant_type: 'client_credentials' }),
      ],
      // Posting needs a user: an app-only bearer token is no OAuth 2.0 user access token.
      [
        'app-only on a user-context operation',
        { auth: { appOnly: CONSUMER } },
        (c) => c.tweets.createPosts({ text: 'hello' }),
      ],
    ];
    for (const [name, options, call] of cases) {
      const error = await rejection(call(new CoreClient({ baseUrl: server.url, maxRetries: 0, ...options })));
      assert.instance(error, ValidationError, name);
      assert.is((error as ValidationError).rule, 'unsupported-authentication', name);
      assert.is((error as ValidationError).parameter, 'auth', name);
    }
    assert.is(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test('per-call auth overrides the client credentials for one call', async () => {
  const server = await startServer(() => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true',
  }));
  try {
    const client = new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { bearerToken: BEARER } });
    const result = await client.oauth.requestToken({ oauth_callback: 'oob' }, { auth: { oauth1: CONSUMER } });
    assert.is(result.oauth_token, 't');
    assert.is(
      parseOAuthHeader(server.requests[0]?.headers.authorization).oauth_consumer_key,
      CONSUMER.consumerKey,
    );
    await client
      .call('getPostsByIds', { ids: ['1'] }, { auth: { oauth1: { ...CONSUMER, ...OWNER } } })
      .catch(() => undefined);
    assert.is(parseOAuthHeader(server.requests[1]?.headers.authorization).oauth_token, OWNER.token);
    const refused = await rejection(
      client.oauth.requestToken({ oauth_callback: 'oob' }, { auth: { bearerToken: 'x' } }),
    );
    assert.instance(refused, ValidationError);
    assert.is(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

test('Basic credentials are form-encoded only where the spec says so (x-basic-encoding)', async () => {
  assert.is(basicAuthorization('a b', 'c+d/e=', false), `Basic ${btoa('a b:c+d/e=')}`);
  assert.is(basicAuthorization('a b', 'c+d/e=', true), `Basic ${btoa('a+b:c%2Bd%2Fe%3D')}`);
  assert.is(operations.oauth2Token.basic, formBasicCredentials);
  assert.is(operations.getPostsByIds.basic, undefined);
  const server = await startServer(() => ({ body: { token_type: 'bearer', access_token: 'A' } }));
  try {
    await new CoreClient({
      baseUrl: server.url,
      auth: { basic: { username: 'k', password: 's+/=' } },
    }).oauth.oauth2Token({ grant_type: 'client_credentials' });
    assert.is(server.requests[0]?.headers.authorization, `Basic ${btoa('k:s%2B%2F%3D')}`);
  } finally {
    await server.close();
  }
});

test('a cached app-only token that is rejected is dropped: the next call gets a new one', async () => {
  const server = await startOAuthServer({ ...CONSUMER, owner: OWNER });
  try {
    const client = new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { appOnly: CONSUMER } });
    await client.tweets.getPostsByIds({ ids: ['1'] });
    const old = String(server.hits('/2/tweets')[0]?.headers.authorization).slice(7);
    // Revoked by someone else (another process, through the raw operation): the cache does not know.
    const owner = new CoreClient({
      baseUrl: server.url,
      maxRetries: 0,
      auth: { oauth1: { ...CONSUMER, token: OWNER.token, tokenSecret: OWNER.tokenSecret } },
    });
    await owner.oauth.oauth2InvalidateToken({ access_token: old });
    const error = await rejection(client.tweets.getPostsByIds({ ids: ['1'] }));
    assert.is((error as ApiError).status, 401);
    assert.is(server.tokenRequests(), 1);
    await client.tweets.getPostsByIds({ ids: ['1'] });
    assert.is(server.tokenRequests(), 2);
    assert.is.not(server.hits('/2/tweets').at(-1)?.headers.authorization, `Bearer ${old}`);
  } finally {
    await server.close();
  }
});

test('no secret (consumer secret, token secret, bearer, verifier) in any error, String(), JSON, stack, inspect or log', async () => {
  const server = await startOAuthServer({ ...CONSUMER, owner: OWNER, tokenRequestLimit: 1 });
  const logged: string[] = [];
  const original = {
    log: console.log,
    warn: console.warn,
    error: console.error,
    info: console.info,
    debug: console.debug,
  };
  for (const name of Object.keys(original) as (keyof typeof original)[]) {
    console[name] = (...args: unknown[]) =>
      logged.push(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '));
  }
  const secrets = [
    CONSUMER.consumerSecret,
    encodeURIComponent(CONSUMER.consumerSecret),
    OWNER.tokenSecret,
    BEARER,
  ];
  const errors: unknown[] = [];
  const keep = (p: Promise<unknown>): Promise<void> =>
    p.then(
      () => undefined,
      (e: unknown) => void errors.push(e),
    );
  const objects: unknown[] = [];
  try {
    const flow = new OAuth1Flow(CONSUMER, { baseUrl: server.url, maxRetries: 0 });
    const tokens = new AppOnlyTokens(CONSUMER, { baseUrl: server.url, maxRetries: 0 });
    objects.push(flow, tokens);
    const { requestToken, url } = await flow.start({ callback: 'https://example.com/cb' });
    const location = (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '';
    const verifier = new URL(location).searchParams.get('oauth_verifier') ?? '';
    secrets.push(requestToken.oauth_token_secret, verifier);
    await keep(flow.finish(requestToken, ''));
    await keep(flow.finish({ ...requestToken, oauth_token_secret: 'WRONG-REQUEST-SECRET' }, verifier)); // bad signature: 401
    await keep(flow.finish(requestToken, `${verifier}-wrong`)); // wrong verifier: 401
    const access = await flow.finish(requestToken, verifier);
    secrets.push(access.oauth_token_secret);
    const user = new CoreClient({
      baseUrl: server.url,
      maxRetries: 0,
      auth: { oauth1: flow.credentials(access) },
    });
    objects.push(user);
    await flow.invalidate(access);
    await keep(user.tweets.getPostsByIds({ ids: ['1'] })); // 401 code 89
    await keep(flow.invalidate(access));
    const bearer = await tokens.token();
    secrets.push(bearer);
    await keep(
      new CoreClient({
        baseUrl: server.url,
        maxRetries: 0,
        auth: { appOnly: { ...CONSUMER, consumerSecret: 'x' } },
      }).tweets.getPostsByIds({ ids: ['1'] }),
    ); // 403 code 99
    await keep(tokens.invalidate({ token: OWNER.token, tokenSecret: 'WRONG' }));
    await keep(
      new CoreClient({
        baseUrl: 'http://127.0.0.1:1',
        maxRetries: 0,
        auth: { bearerToken: BEARER },
      }).tweets.getPostsByIds({ ids: ['1'] }),
    );
    await keep(
      new CoreClient({ baseUrl: 'http://192.0.2.1', auth: { bearerToken: BEARER } }).oauth.oauth2Token({
        grant_type: 'client_credentials',
      }),
    );
    await keep(
      new CoreClient({
        baseUrl: 'http://10.255.255.1',
        auth: { oauth1: { ...CONSUMER, ...OWNER } },
        timeoutMs: 30,
      }).tweets.getPostsByIds({ ids: ['1'] }),
    );
    objects.push(
      new CoreClient({ auth: { bearerToken: BEARER } }),
      new CoreClient({ auth: { appOnly: CONSUMER } }),
    );
  } finally {
    Object.assign(console, original);
    await server.close();
  }
  assert.ok(errors.length >= 10, `errors: ${errors.length}`);
  assert.ok(errors.some((e) => e instanceof ValidationError));
  assert.ok(errors.some((e) => e instanceof ApiError && e.legacyErrors?.[0]?.code === 89));
  assert.ok(errors.some((e) => e instanceof ApiError && e.legacyErrors?.[0]?.code === 99));
  assert.ok(errors.some((e) => e instanceof ConnectionError || e instanceof TimeoutError));
  const texts: string[] = [...logged];
  for (const error of errors) {
    const e = error as Error;
    texts.push(e.message, String(e), JSON.stringify(e), e.stack ?? '', inspect(e, { depth: 0 }));
  }
  for (const object of objects)
    texts.push(String(object), JSON.stringify(object) ?? '', inspect(object, { depth: 4 }));
  for (const text of texts) {
    for (const secret of secrets)
      assert.not.ok(text.includes(secret), `leaks a secret: ${text.slice(0, 300)}`);
  }
});

test.run();
