/** Which credential flows a spec supports is decided in the model, from its schemes and its `x-oauth-step` marks. */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { readAuthFlows } from '../../../generator/model/auth-flows.ts';
import type { SecuritySchemeModel } from '../../../generator/model/types.ts';

const step = (id: string, oauthStep: 'request-token' | 'access-token' | 'app-token' | 'authorize') => ({
  id,
  constName: id,
  oauthStep,
});

test('the OAuth 1.0a flow needs both token steps and an OAuth 1.0a scheme', () => {
  const ops = [
    step('requestToken', 'request-token'),
    step('accessToken', 'access-token'),
    step('authorize', 'authorize'),
  ];
  const flows = readAuthFlows(ops, [], ['oauth1']);
  assert.ok(flows.oauth1);
  assert.equal(flows.steps.requestToken, { id: 'requestToken', constName: 'requestToken' });
  assert.equal(Object.keys(flows.steps).sort(), ['accessToken', 'authorize', 'requestToken']);
  assert.not.ok(readAuthFlows(ops, [], ['bearer']).oauth1, 'no OAuth 1.0a scheme, no flow');
  assert.not.ok(readAuthFlows(ops.slice(1), [], ['oauth1']).oauth1, 'no request-token step, no flow');
});

test('app-only tokens need an app-token step, Basic credentials and bearer tokens', () => {
  const ops = [step('getToken', 'app-token')];
  assert.ok(readAuthFlows(ops, [], ['basic', 'bearer']).appOnly);
  assert.not.ok(readAuthFlows(ops, [], ['bearer']).appOnly);
  assert.not.ok(readAuthFlows([], [], ['basic', 'bearer']).appOnly);
});

test('the OAuth 2 user flow is the first authorization-code flow with both endpoints', () => {
  const scheme = (
    name: string,
    authorizationUrl: string,
    tokenUrl: string,
    refreshUrl?: string,
  ): SecuritySchemeModel =>
    ({
      name,
      kind: 'oauth2',
      oauth2Flows: {
        authorizationCode: {
          authorizationUrl,
          tokenUrl,
          ...(refreshUrl ? { refreshUrl } : {}),
          scopes: [
            { name: 'read', description: 'Read.' },
            { name: 'write', description: 'Write.' },
          ],
        },
      },
    }) as SecuritySchemeModel;
  const flows = readAuthFlows(
    [],
    [
      scheme('NoToken', 'https://a.example/auth', ''),
      scheme('User', 'https://a.example/auth', 'https://a.example/token'),
    ],
    ['oauth2'],
  );
  // Without a refreshUrl, refreshes go to the token endpoint (RFC 6749 section 6).
  assert.equal(flows.oauth2User, {
    scheme: 'User',
    authorizationUrl: 'https://a.example/auth',
    tokenUrl: 'https://a.example/token',
    refreshUrl: 'https://a.example/token',
    scopes: ['read', 'write'],
  });
  assert.is(readAuthFlows([], [], ['oauth2']).oauth2User, undefined);
});

test.run();
