/**
 * A stateful OAuth server on loopback that plays X's credential lifecycle (seed section 3.1):
 * request tokens, the browser approval step, access tokens, revocation (401 code 89 afterwards),
 * one app-only bearer token per application, and 403 code 99 when the token is requested too often.
 * Every OAuth 1.0a request is checked with `verifyOAuth1`; a bad signature is a 401 code 32.
 */
import { randomBytes } from 'node:crypto';
import { parseOAuthHeader, verifyOAuth1 } from './oauth1-verify.js';
import { type Reply, type SeenRequest, startServer, type TestServer } from './server.js';

export interface OAuthServerOptions {
  consumerKey: string;
  consumerSecret: string;
  /** The application owner's access token, which signs `oauth2/invalidate_token`. */
  owner: { token: string; tokenSecret: string };
  /** The user who approves in the browser step. */
  user?: { user_id: string; screen_name: string };
  /** How many `oauth2/token` requests are answered before 403 code 99 (per server). Default 5. */
  tokenRequestLimit?: number;
}

export interface OAuthServer extends TestServer {
  /** Every token the server handed out and later revoked. */
  readonly revoked: Set<string>;
  /** How many `oauth2/token` requests arrived. */
  tokenRequests(): number;
  /** Requests that reached a given path. */
  hits(path: string): SeenRequest[];
  /** The last error the server answered with (for debugging). */
  lastError(): string | undefined;
}

interface RequestToken {
  secret: string;
  callback: string;
  verifier?: string;
}

const legacy = (status: number, code: number, message: string): Reply => ({
  status,
  body: { errors: [{ code, message }] },
});
const form = (pairs: Record<string, string>): Reply => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(pairs).toString(),
});
const fresh = (prefix: string): string => `${prefix}-${randomBytes(12).toString('hex')}`;

export async function startOAuthServer(options: OAuthServerOptions): Promise<OAuthServer> {
  const consumer = { consumerKey: options.consumerKey, consumerSecret: options.consumerSecret };
  const user = options.user ?? { user_id: '6253282', screen_name: 'XDevelopers' };
  const limit = options.tokenRequestLimit ?? 5;
  const requestTokens = new Map<string, RequestToken>();
  const accessTokens = new Map<string, { secret: string; user_id: string; screen_name: string }>();
  accessTokens.set(options.owner.token, {
    secret: options.owner.tokenSecret,
    user_id: '1',
    screen_name: 'owner',
  });
  const revoked = new Set<string>();
  let bearer: string | undefined;
  let tokenRequests = 0;
  let lastError: string | undefined;
  let origin = '';

  const fail = (reply: Reply, why: string): Reply => {
    lastError = why;
    return reply;
  };

  /** The form body, decoded, when there is one. */
  const bodyOf = (req: SeenRequest): URLSearchParams =>
    String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(req.body)
      : new URLSearchParams();

  /** An OAuth protocol parameter, wherever it was sent (header, query or form body). */
  const param = (req: SeenRequest, name: string): string | undefined =>
    parseOAuthHeader(req.headers.authorization)[name] ??
    req.query.get(name) ??
    bodyOf(req).get(name) ??
    undefined;

  /** The user access token an OAuth 1.0a request is signed with, or a reply refusing it. */
  async function userContext(req: SeenRequest): Promise<{ token: string } | Reply> {
    const header = parseOAuthHeader(req.headers.authorization);
    const token = header.oauth_token;
    if (!token) return fail(legacy(401, 89, 'Invalid or expired token.'), 'no oauth_token');
    const known = accessTokens.get(token);
    if (!known || revoked.has(token))
      return fail(legacy(401, 89, 'Invalid or expired token.'), 'unknown or revoked token');
    if (!(await verifyOAuth1(req, origin, { ...consumer, token, tokenSecret: known.secret }))) {
      return fail(legacy(401, 32, 'Could not authenticate you.'), 'bad user-context signature');
    }
    return { token };
  }

  function basicCredentials(req: SeenRequest): { key: string; secret: string } | undefined {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    // RFC 6749 2.3.1: both parts are form-encoded before they are joined.
    const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
    return { key: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }

  async function handle(req: SeenRequest): Promise<Reply> {
    if (req.method === 'POST' && req.path === '/oauth/request_token') {
      if (parseOAuthHeader(req.headers.authorization).oauth_token)
        return fail(legacy(401, 32, 'Could not authenticate you.'), 'request_token with a token');
      if (!(await verifyOAuth1(req, origin, consumer)))
        return fail(legacy(401, 32, 'Could not authenticate you.'), 'bad request_token signature');
      const callback = param(req, 'oauth_callback');
      if (!callback)
        return fail(
          legacy(400, 417, 'Callback URL not approved for this client application.'),
          'no oauth_callback',
        );
      const token = fresh('req');
      const secret = fresh('reqsecret');
      requestTokens.set(token, { secret, callback });
      return form({ oauth_token: token, oauth_token_secret: secret, oauth_callback_confirmed: 'true' });
    }

    if (req.method === 'GET' && (req.path === '/oauth/authorize' || req.path === '/oauth/authenticate')) {
      // The browser step: the user approves at once and is redirected to the callback with a verifier.
      if (req.query.has('oauth_callback'))
        return fail({ status: 400, body: 'oauth_callback is never sent here' }, 'callback on browser step');
      const token = req.query.get('oauth_token') ?? '';
      const pending = requestTokens.get(token);
      if (!pending) return fail({ status: 401, body: 'unknown request token' }, 'unknown request token');
      pending.verifier = fresh('verifier');
      if (pending.callback === 'oob')
        return {
          headers: { 'content-type': 'text/html' },
          body: `<code id="pin">${pending.verifier}</code>`,
        };
      const target = new URL(pending.callback);
      target.searchParams.set('oauth_token', token);
      target.searchParams.set('oauth_verifier', pending.verifier);
      return { status: 302, headers: { location: target.href }, body: '' };
    }

    if (req.method === 'POST' && req.path === '/oauth/access_token') {
      const token = param(req, 'oauth_token') ?? '';
      const pending = requestTokens.get(token);
      if (!pending)
        return fail(legacy(401, 89, 'Invalid request token.'), 'unknown request token at access_token');
      const header = parseOAuthHeader(req.headers.authorization);
      const secrets = header.oauth_token
        ? { ...consumer, token, tokenSecret: pending.secret }
        : { ...consumer, tokenSecret: pending.secret };
      if (!(await verifyOAuth1(req, origin, secrets)))
        return fail(legacy(401, 32, 'Could not authenticate you.'), 'bad access_token signature');
      const verifier = param(req, 'oauth_verifier');
      // OAuth 1.0a is strictly enforced: no verifier, no access token.
      if (!verifier || verifier !== pending.verifier)
        return fail(
          legacy(401, 32, 'Error processing your OAuth request: invalid oauth_verifier.'),
          'missing or wrong verifier',
        );
      requestTokens.delete(token);
      const access = fresh(`${user.user_id}`);
      const secret = fresh('accsecret');
      accessTokens.set(access, { secret, ...user });
      return form({
        oauth_token: access,
        oauth_token_secret: secret,
        user_id: user.user_id,
        screen_name: user.screen_name,
      });
    }

    if (
      req.method === 'POST' &&
      (req.path === '/1.1/oauth/invalidate_token' || req.path === '/1.1/oauth/invalidate_token.json')
    ) {
      const ctx = await userContext(req);
      if (!('token' in ctx)) return ctx;
      revoked.add(ctx.token);
      accessTokens.delete(ctx.token);
      return { body: { access_token: ctx.token } };
    }

    if (req.method === 'POST' && req.path === '/oauth2/token') {
      tokenRequests++;
      if (tokenRequests > limit)
        return fail(legacy(403, 99, 'Unable to verify your credentials'), 'token requested too often');
      const basic = basicCredentials(req);
      if (!basic || basic.key !== consumer.consumerKey || basic.secret !== consumer.consumerSecret) {
        return fail(legacy(403, 99, 'Unable to verify your credentials'), 'bad basic credentials');
      }
      if (bodyOf(req).get('grant_type') !== 'client_credentials')
        return fail(legacy(403, 170, 'Missing required parameter: grant_type'), 'bad grant_type');
      // One bearer token per application: while it is outstanding, the same one is returned.
      bearer ??= fresh('AAAA');
      return { body: { token_type: 'bearer', access_token: bearer } };
    }

    if (req.method === 'POST' && req.path === '/oauth2/invalidate_token') {
      const ctx = await userContext(req);
      if (!('token' in ctx)) return ctx;
      if (ctx.token !== options.owner.token)
        return fail(
          legacy(403, 348, 'Client application is not permitted to invalidate this token.'),
          'not the owner',
        );
      const target = bodyOf(req).get('access_token');
      if (!target || target !== bearer)
        return fail(legacy(404, 89, 'Invalid or expired token.'), 'no such bearer');
      revoked.add(target);
      bearer = undefined;
      return { body: { access_token: target } };
    }

    if (req.path.startsWith('/2/')) {
      const auth = req.headers.authorization ?? '';
      if (auth.startsWith('Bearer ')) {
        const token = auth.slice(7);
        if (token !== bearer) return fail(legacy(401, 89, 'Invalid or expired token.'), 'bad bearer');
        return { body: { data: [{ id: '1', text: 'app-only', edit_history_tweet_ids: ['1'] }] } };
      }
      const ctx = await userContext(req);
      if (!('token' in ctx)) return ctx;
      return {
        body: {
          data: [
            {
              id: '1',
              text: `hello ${accessTokens.get(ctx.token)?.screen_name}`,
              edit_history_tweet_ids: ['1'],
            },
          ],
        },
      };
    }
    return fail(
      { status: 404, body: { errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] } },
      `no route ${req.method} ${req.path}`,
    );
  }

  const server = await startServer(handle);
  origin = server.url;
  return {
    ...server,
    revoked,
    tokenRequests: () => tokenRequests,
    hits: (path) => server.requests.filter((r) => r.path === path),
    lastError: () => lastError,
  };
}
