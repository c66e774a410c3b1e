/**
 * The credential lifecycle of the seed (section 3.1), one test per row, played against a stateful
 * OAuth server on loopback that checks every signature.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  AppOnlyTokens,
  CoreClient,
  OAuth1Flow,
  parseOAuth1Callback,
  ValidationError,
} from '../../generated/core-v2/src/index.js';
import { parseOAuthHeader } from '../helpers/oauth1-verify.js';
import { type OAuthServer, startOAuthServer } from '../helpers/oauth-server.js';

// Characters that need form-encoding in the Basic credentials and percent-encoding in signatures.
const CONSUMER = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw+/=&',
};
const OWNER = {
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};
const CALLBACK = 'https://example.com/oauth/callback?state=a b';

let server: OAuthServer;
const flow = (): OAuth1Flow => new OAuth1Flow(CONSUMER, { baseUrl: server.url, maxRetries: 0 });
const appTokens = (): AppOnlyTokens => new AppOnlyTokens(CONSUMER, { baseUrl: server.url, maxRetries: 0 });

test.before.each(async () => {
  server = await startOAuthServer({ ...CONSUMER, owner: OWNER, tokenRequestLimit: 4 });
});
test.after.each(async () => {
  await server.close();
});

/** The browser step, as a user agent would follow it: the redirect to the callback carries the verifier. */
async function approve(url: string): Promise<{ oauth_token: string; oauth_verifier: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  assert.is(response.status, 302, server.lastError());
  const callback = parseOAuth1Callback(response.headers.get('location') ?? '');
  if ('denied' in callback) throw new Error('denied');
  return callback;
}

async function userAccessToken(): Promise<{ oauth_token: string; oauth_token_secret: string }> {
  const { requestToken, url } = await flow().start({ callback: CALLBACK });
  const { oauth_verifier } = await approve(url);
  return flow().finish(requestToken, oauth_verifier);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

test('no request token -> POST oauth/request_token (signed, with oauth_callback) -> request token issued', async () => {
  const token = await flow().requestToken({ callback: CALLBACK, accessType: 'read' });
  assert.type(token.oauth_token, 'string');
  assert.type(token.oauth_token_secret, 'string');
  assert.is(token.oauth_callback_confirmed, true);
  const seen = server.hits('/oauth/request_token')[0];
  assert.is(seen?.query.get('oauth_callback'), CALLBACK);
  assert.is(seen?.query.get('svc_auth_access_type'), 'read');
  const header = parseOAuthHeader(seen?.headers.authorization);
  assert.is(header.oauth_consumer_key, CONSUMER.consumerKey);
  assert.is(header.oauth_signature_method, 'HMAC-SHA1');
  assert.is(header.oauth_version, '1.0');
  assert.is(header.oauth_token, undefined);
  // Pin mode still sends oauth_callback, as `oob`.
  await flow().requestToken({ callback: 'oob' });
  assert.is(server.hits('/oauth/request_token')[1]?.query.get('oauth_callback'), 'oob');
  // No callback: refused before sending.
  const error = await rejection(flow().requestToken({ callback: '' }));
  assert.instance(error, ValidationError);
  assert.is(server.hits('/oauth/request_token').length, 2);
});

test('request token issued -> user visits authorize or authenticate -> redirected to the callback with a verifier', async () => {
  const { requestToken, url } = await flow().start({
    callback: CALLBACK,
    forceLogin: true,
    screenName: 'XDevelopers',
  });
  const authorize = new URL(url);
  assert.is(authorize.pathname, '/oauth/authorize');
  assert.equal([...authorize.searchParams.keys()], ['oauth_token', 'force_login', 'screen_name']);
  assert.is(authorize.searchParams.get('oauth_token'), requestToken.oauth_token);
  assert.is(authorize.searchParams.get('force_login'), 'true');
  const requestsBefore = server.requests.length;
  const authenticate = flow().authenticateUrl(requestToken, { screenName: 'jack' });
  assert.is(server.requests.length, requestsBefore, 'building a URL sends nothing');
  assert.ok(authenticate.startsWith(`${server.url}/oauth/authenticate?oauth_token=`));
  assert.not.ok(authenticate.includes('oauth_callback'));
  const callback = await approve(authenticate);
  assert.is(callback.oauth_token, requestToken.oauth_token);
  assert.type(callback.oauth_verifier, 'string');
});

test('request token issued -> POST oauth/access_token with the verifier -> access token (refused without one)', async () => {
  const { requestToken, url } = await flow().start({ callback: CALLBACK });
  const { oauth_verifier } = await approve(url);
  for (const missing of ['', '   ', undefined as unknown as string]) {
    const error = await rejection(flow().finish(requestToken, missing));
    assert.instance(error, ValidationError);
    assert.is((error as ValidationError).parameter, 'oauth_verifier');
  }
  assert.is(server.hits('/oauth/access_token').length, 0, 'nothing is sent without a verifier');
  const access = await flow().finish(requestToken, oauth_verifier);
  assert.type(access.oauth_token, 'string');
  assert.type(access.oauth_token_secret, 'string');
  assert.is(access.user_id, '6253282');
  assert.is(access.screen_name, 'XDevelopers');
  const seen = server.hits('/oauth/access_token')[0];
  assert.is(seen?.query.get('oauth_verifier'), oauth_verifier);
  assert.is(seen?.query.get('oauth_token'), requestToken.oauth_token);
  // The request token is used up.
  const again = await rejection(flow().finish(requestToken, oauth_verifier));
  assert.instance(again, ApiError);
  assert.is((again as ApiError).status, 401);
});

test('access token valid -> POST oauth/invalidate_token -> later use gives 401 code 89, a new token differs', async () => {
  const access = await userAccessToken();
  const client = new CoreClient({
    baseUrl: server.url,
    maxRetries: 0,
    auth: { oauth1: flow().credentials(access) },
  });
  const before = await client.tweets.getPostsByIds({ ids: ['1'] });
  assert.is(before.data?.[0]?.text, 'hello XDevelopers');
  assert.is(await flow().invalidate(access), access.oauth_token);
  const error = await rejection(client.tweets.getPostsByIds({ ids: ['1'] }));
  assert.instance(error, ApiError);
  assert.is((error as ApiError).status, 401);
  assert.is((error as ApiError).legacyErrors?.[0]?.code, 89);
  const renewed = await userAccessToken();
  assert.is.not(renewed.oauth_token, access.oauth_token);
  const again = new CoreClient({
    baseUrl: server.url,
    maxRetries: 0,
    auth: { oauth1: flow().credentials(renewed) },
  });
  assert.ok((await again.tweets.getPostsByIds({ ids: ['1'] })).data);
});

test('no bearer token -> POST oauth2/token (Basic, client_credentials) -> bearer token outstanding', async () => {
  const client = new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { appOnly: CONSUMER } });
  const result = await client.tweets.getPostsByIds({ ids: ['1'] });
  assert.is(result.data?.[0]?.text, 'app-only');
  const [tokenRequest] = server.hits('/oauth2/token');
  assert.is(tokenRequest?.body, 'grant_type=client_credentials');
  const basic = Buffer.from(String(tokenRequest?.headers.authorization).slice(6), 'base64').toString();
  assert.is(basic, `${CONSUMER.consumerKey}:${encodeURIComponent(CONSUMER.consumerSecret)}`);
  const token = await appTokens().token();
  assert.is(server.hits('/2/tweets')[0]?.headers.authorization, `Bearer ${token}`);
  assert.is(server.tokenRequests(), 1, 'the token is cached');
});

test('bearer token outstanding -> POST oauth2/token again -> the same token; concurrent callers share one request', async () => {
  const tokens = appTokens();
  const concurrent = await Promise.all(Array.from({ length: 8 }, () => tokens.token()));
  assert.is(new Set(concurrent).size, 1);
  assert.is(server.tokenRequests(), 1, 'one request in flight');
  const clients = [1, 2, 3].map(
    () => new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { appOnly: CONSUMER } }),
  );
  await Promise.all(clients.map((c) => c.tweets.getPostsByIds({ ids: ['1'] })));
  assert.is(server.tokenRequests(), 1, 'shared across client instances');
  tokens.forget();
  assert.is(await tokens.token(), concurrent[0], 'requested again, the server returns the same token');
  assert.is(server.tokenRequests(), 2);
});

test('bearer token outstanding -> POST oauth2/invalidate_token -> the old one is rejected, a new one differs', async () => {
  const tokens = appTokens();
  const old = await tokens.token();
  assert.is(await tokens.invalidate(OWNER), old);
  const seen = server.hits('/oauth2/invalidate_token')[0];
  assert.is(new URLSearchParams(seen?.body).get('access_token'), old);
  assert.is(parseOAuthHeader(seen?.headers.authorization).oauth_token, OWNER.token);
  const stale = new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { bearerToken: old } });
  const error = await rejection(stale.tweets.getPostsByIds({ ids: ['1'] }));
  assert.instance(error, ApiError);
  assert.is((error as ApiError).status, 401);
  const renewed = await tokens.token();
  assert.is.not(renewed, old);
  const client = new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { appOnly: CONSUMER } });
  assert.ok((await client.tweets.getPostsByIds({ ids: ['1'] })).data);
  assert.is(server.hits('/2/tweets').at(-1)?.headers.authorization, `Bearer ${renewed}`);
});

test('requesting oauth2/token too often -> 403 code 99 as a typed ApiError (and nothing cached)', async () => {
  const basic = new CoreClient({ baseUrl: server.url, maxRetries: 0, auth: { appOnly: CONSUMER } });
  for (let i = 0; i < 4; i++) await basic.oauth.oauth2Token({ grant_type: 'client_credentials' });
  const error = await rejection(basic.oauth.oauth2Token({ grant_type: 'client_credentials' }));
  assert.instance(error, ApiError);
  assert.is((error as ApiError).status, 403);
  assert.is((error as ApiError).legacyErrors?.[0]?.code, 99);
  const cached = await rejection(appTokens().token());
  assert.instance(cached, ApiError);
  assert.is((cached as ApiError).legacyErrors?.[0]?.code, 99);
  await rejection(appTokens().token());
  assert.is(server.tokenRequests(), 7, 'a failed request is not cached: each call asks again');
});

test.run();
