import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import {
  buildOAuth2AuthorizeUrl,
  createPkceVerifier,
  exchangeOAuth2Code,
  isOAuth2TokenExpired,
  type OAuth2UserToken,
  pkceChallenge,
  refreshOAuth2Token,
} from '../../generated/core-v2/src/runtime/oauth2-user.js';
import {
  ApiError,
  ConnectionError,
  TimeoutError,
  ValidationError,
} from '../../generated/core-v2/src/runtime/errors.js';
import { type Reply, type SeenRequest, startServer } from '../helpers/server.js';

test('RFC 7636 appendix B vector', async () => {
  // Verbatim from RFC 7636 appendix B (the verifier is base64url of the listed 32 octets).
  assert.is(
    await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  );
});

test('createPkceVerifier: length and alphabet', () => {
  assert.is(createPkceVerifier().length, 64);
  for (const length of [43, 77, 128]) {
    const verifier = createPkceVerifier(length);
    assert.is(verifier.length, length);
    assert.match(verifier, /^[A-Za-z0-9\-._~]+$/);
  }
  assert.is.not(createPkceVerifier(), createPkceVerifier());
  for (const bad of [42, 129, 50.5, Number.NaN]) {
    assert.throws(() => createPkceVerifier(bad), /43 to 128/);
  }
});

test('createPkceVerifier: every unreserved character shows up', () => {
  const seen = new Set(Array.from({ length: 100 }, () => createPkceVerifier(128)).join(''));
  assert.is(seen.size, 66);
});

test('property: challenges of generated verifiers are 43-char base64url without padding', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 43, max: 128 }), async (length) => {
      const challenge = await pkceChallenge(createPkceVerifier(length));
      return /^[A-Za-z0-9_-]{43}$/.test(challenge);
    }),
    { numRuns: 100 },
  );
});

test('pkceChallenge rejects invalid verifiers', async () => {
  for (const bad of ['short', 'a'.repeat(129), 'a'.repeat(42) + '+', 'a'.repeat(42) + 'é']) {
    try {
      await pkceChallenge(bad);
      assert.unreachable('should throw');
    } catch (error) {
      assert.instance(error, TypeError);
      assert.match((error as Error).message, /RFC 7636/);
    }
  }
});

test('buildOAuth2AuthorizeUrl: default endpoint and parameters', () => {
  const href = buildOAuth2AuthorizeUrl({
    clientId: 'M1M5R3BMVy13QmpScXkzTUt5OE46MTpjaQ',
    redirectUri: 'https://www.example.com/callback?x=1&y=2',
    scopes: ['tweet.read', 'users.read', 'offline.access'],
    state: 'st&te=1 2',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  });
  assert.is(
    href,
    'https://x.com/i/oauth2/authorize?response_type=code&client_id=M1M5R3BMVy13QmpScXkzTUt5OE46MTpjaQ' +
      '&redirect_uri=https%3A%2F%2Fwww.example.com%2Fcallback%3Fx%3D1%26y%3D2&scope=tweet.read%20users.read%20offline.access' +
      '&state=st%26te%3D1%202&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
  );
  const url = new URL(href);
  assert.is(url.origin + url.pathname, 'https://x.com/i/oauth2/authorize');
  assert.is(url.searchParams.get('response_type'), 'code');
  assert.is(url.searchParams.get('code_challenge_method'), 'S256');
  assert.is(url.searchParams.get('scope'), 'tweet.read users.read offline.access');
  assert.is(url.searchParams.get('redirect_uri'), 'https://www.example.com/callback?x=1&y=2');
  assert.is(url.searchParams.get('state'), 'st&te=1 2');
});

test('buildOAuth2AuthorizeUrl: custom endpoint keeps its own query', () => {
  const url = new URL(
    buildOAuth2AuthorizeUrl({
      authorizeUrl: 'https://twitter.com/i/oauth2/authorize?lang=en',
      clientId: 'c',
      redirectUri: 'http://127.0.0.1:8080/cb',
      scopes: ['tweet.write'],
      state: 's',
      codeChallenge: 'cc',
    }),
  );
  assert.is(url.host, 'twitter.com');
  assert.is(url.searchParams.get('lang'), 'en');
  assert.is(url.searchParams.get('client_id'), 'c');
  assert.is(url.searchParams.get('scope'), 'tweet.write');
});

test('buildOAuth2AuthorizeUrl: rejects missing fields and bad scopes', () => {
  const base = {
    clientId: 'c',
    redirectUri: 'https://e.com/cb',
    scopes: ['a'],
    state: 's',
    codeChallenge: 'cc',
  };
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, clientId: '' }), /clientId/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, state: '' }), /state/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, scopes: [] }), /scopes/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, scopes: ['a b'] }), /scopes/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, authorizeUrl: '/relative' }), /authorizeUrl/);
});

test('buildOAuth2AuthorizeUrl: HTTPS only, loopback excepted', () => {
  const base = {
    clientId: 'c',
    redirectUri: 'https://e.com/cb',
    scopes: ['a'],
    state: 's',
    codeChallenge: 'cc',
  };
  assert.throws(
    () => buildOAuth2AuthorizeUrl({ ...base, authorizeUrl: 'http://x.com/i/oauth2/authorize' }),
    (e: unknown) => e instanceof ValidationError && e.rule === 'https-required',
  );
  assert.ok(
    buildOAuth2AuthorizeUrl({ ...base, authorizeUrl: 'http://127.0.0.1:9/authorize' }).startsWith(
      'http://127.0.0.1:9/authorize?',
    ),
  );
});

const CODE = 'VGNibzFWSWREZm01bjN1N3dicWlNUG1oa2xRRVNNdmVHelJGY2hFN1ZNY1Q5OjE2MjIxNjA4MTI5NDQ6MTowOmFjOjE';
const CLIENT_SECRET = 'client-secret-+/=never-shown';
const REFRESH = 'refresh-token-never-shown';

async function tokenServer(reply: (req: SeenRequest) => Reply) {
  return startServer(reply);
}

test('exchangeOAuth2Code: a public client sends client_id, code, verifier and redirect URI in the form', async () => {
  let now = 1_700_000_000_000;
  const server = await tokenServer(() => ({
    body: {
      token_type: 'bearer',
      expires_in: 7200,
      access_token: 'access-1',
      scope: 'tweet.read offline.access',
      refresh_token: 'refresh-1',
    },
  }));
  try {
    const verifier = createPkceVerifier();
    const token = await exchangeOAuth2Code({
      tokenUrl: `${server.url}/2/oauth2/token`,
      clientId: 'client-id',
      code: CODE,
      codeVerifier: verifier,
      redirectUri: 'https://example.com/cb?x=1',
      now: () => now,
    });
    assert.equal(token, {
      token_type: 'bearer',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      scope: 'tweet.read offline.access',
      expires_at: now + 7_200_000,
    });
    const seen = server.requests[0];
    assert.is(seen?.method, 'POST');
    assert.is(seen?.path, '/2/oauth2/token');
    assert.is(seen?.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.is(seen?.headers.authorization, undefined);
    const form = new URLSearchParams(seen?.body);
    assert.equal(Object.fromEntries(form), {
      grant_type: 'authorization_code',
      code: CODE,
      redirect_uri: 'https://example.com/cb?x=1',
      code_verifier: verifier,
      client_id: 'client-id',
    });
    // Stored and restored as plain JSON, no live object needed.
    const restored = JSON.parse(JSON.stringify(token)) as OAuth2UserToken;
    assert.equal(restored, token);
    assert.is(isOAuth2TokenExpired(restored, { now }), false);
    now += 7_200_000;
    assert.is(isOAuth2TokenExpired(restored, { now }), true);
    assert.is(
      isOAuth2TokenExpired(restored, { now: now - 7_200_000 + 7_180_000 }),
      true,
      'within the 30 s skew',
    );
  } finally {
    await server.close();
  }
});

test('refreshOAuth2Token: a confidential client uses form-encoded Basic; the old refresh token is kept when none is sent', async () => {
  const server = await tokenServer(() => ({
    body: { token_type: 'bearer', expires_in: '60', access_token: 'access-2' },
  }));
  try {
    const token = await refreshOAuth2Token({
      tokenUrl: `${server.url}/2/oauth2/token`,
      clientId: 'id:1',
      clientSecret: CLIENT_SECRET,
      refreshToken: REFRESH,
      now: () => 0,
    });
    assert.equal(token, {
      token_type: 'bearer',
      access_token: 'access-2',
      refresh_token: REFRESH,
      expires_at: 60_000,
    });
    const seen = server.requests[0];
    const basic = Buffer.from(
      String(seen?.headers.authorization).replace(/^Basic /, ''),
      'base64',
    ).toString();
    assert.is(basic, `${encodeURIComponent('id:1')}:${encodeURIComponent(CLIENT_SECRET)}`);
    assert.equal(Object.fromEntries(new URLSearchParams(seen?.body)), {
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
    });
  } finally {
    await server.close();
  }
});

test('token endpoint errors are typed and carry no secret; HTTPS is required', async () => {
  const server = await tokenServer((req) =>
    req.path === '/slow'
      ? { delayMs: 300, body: {} }
      : req.path === '/empty'
        ? { body: { token_type: 'bearer' } }
        : {
            status: 400,
            body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
          },
  );
  const errors: unknown[] = [];
  const base = { clientId: 'id', clientSecret: CLIENT_SECRET, refreshToken: REFRESH };
  try {
    await refreshOAuth2Token({ ...base, tokenUrl: `${server.url}/2/oauth2/token` }).catch((e: unknown) =>
      errors.push(e),
    );
    await refreshOAuth2Token({ ...base, tokenUrl: `${server.url}/empty` }).catch((e: unknown) =>
      errors.push(e),
    );
    await refreshOAuth2Token({ ...base, tokenUrl: `${server.url}/slow`, timeoutMs: 50 }).catch((e: unknown) =>
      errors.push(e),
    );
    await refreshOAuth2Token({ ...base, tokenUrl: 'http://127.0.0.1:1/token' }).catch((e: unknown) =>
      errors.push(e),
    );
    await refreshOAuth2Token({ ...base, tokenUrl: 'http://api.x.com/2/oauth2/token' }).catch((e: unknown) =>
      errors.push(e),
    );
    await exchangeOAuth2Code({
      clientId: 'id',
      code: CODE,
      codeVerifier: 'short',
      redirectUri: 'https://e.com',
    }).catch((e: unknown) => errors.push(e));
  } finally {
    await server.close();
  }
  assert.instance(errors[0], ApiError);
  assert.is((errors[0] as ApiError).status, 400);
  assert.match((errors[0] as Error).message, /invalid_request/);
  assert.instance(errors[1], ApiError);
  assert.instance(errors[2], TimeoutError);
  assert.instance(errors[3], ConnectionError);
  assert.instance(errors[4], ValidationError);
  assert.is((errors[4] as ValidationError).rule, 'https-required');
  assert.instance(errors[5], TypeError);
  assert.is(server.requests.filter((r) => r.path === '/token').length, 0);
  for (const error of errors) {
    const e = error as Error;
    for (const text of [e.message, String(e), JSON.stringify(e), e.stack ?? '']) {
      for (const secret of [CLIENT_SECRET, encodeURIComponent(CLIENT_SECRET), REFRESH, CODE]) {
        assert.not.ok(text.includes(secret), `${e.name} leaks a secret: ${text}`);
      }
    }
  }
});

test('a fetch of another runtime can be injected', async () => {
  const server = await tokenServer(() => ({ body: { token_type: 'bearer', access_token: 'access-3' } }));
  let calls = 0;
  try {
    const token = await exchangeOAuth2Code({
      tokenUrl: `${server.url}/t`,
      clientId: 'id',
      code: 'c',
      codeVerifier: createPkceVerifier(),
      redirectUri: 'https://e.com/cb',
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    assert.is(token.access_token, 'access-3');
    assert.is(token.expires_at, undefined);
    assert.is(calls, 1);
  } finally {
    await server.close();
  }
});

test.run();
