import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { buildOAuth2AuthorizeUrl, createPkceVerifier, pkceChallenge } from '../../generated/core-v2/src/runtime/pkce.js';

test('RFC 7636 appendix B vector', async () => {
  // Verbatim from RFC 7636 appendix B (the verifier is base64url of the listed 32 octets).
  assert.is(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
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
  const base = { clientId: 'c', redirectUri: 'https://e.com/cb', scopes: ['a'], state: 's', codeChallenge: 'cc' };
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, clientId: '' }), /clientId/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, state: '' }), /state/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, scopes: [] }), /scopes/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, scopes: ['a b'] }), /scopes/);
  assert.throws(() => buildOAuth2AuthorizeUrl({ ...base, authorizeUrl: '/relative' }), /authorizeUrl/);
});

test.run();
