/**
 * OAuth credential flows driven through the package's own operations (found by `x-oauth-step`):
 * the OAuth 1.0a three-legged flow and OAuth 2.0 app-only bearer tokens. Every step is HTTPS-only
 * (loopback hosts excepted, for tests). Secrets are kept in private fields: they never show in
 * `String()`, JSON or an error message.
 */
import { buildUrl, createCore, request } from './http.js';
import { oauth1Auth } from './oauth1.js';
import { appOnlyAuth, appOnlyToken, forgetAppOnlyToken } from './app-only.js';
import { ApiError, ValidationError } from './errors.js';
import { oauthRequestToken as REQUEST_TOKEN, oauthAccessToken as ACCESS_TOKEN, oauthAuthorize as AUTHORIZE, oauthAuthenticate as AUTHENTICATE, oauthInvalidateToken as INVALIDATE, oauth2InvalidateToken as APP_TOKEN_INVALIDATE, } from '../operations.js';
/** Reads a required string field of a decoded OAuth response, never echoing the body (it holds secrets). */
function field(body, name, operationId) {
    const value = typeof body === 'object' && body !== null ? body[name] : undefined;
    if (typeof value !== 'string' || value === '') {
        throw new ApiError({
            operationId,
            status: 200,
            headers: new Headers(),
            body: undefined,
            message: `${operationId}: the response holds no ${name}`,
        });
    }
    return value;
}
function optionalField(body, name) {
    const value = typeof body === 'object' && body !== null ? body[name] : undefined;
    return typeof value === 'string' ? value : undefined;
}
function requireText(value, parameter, subject, what) {
    if (typeof value !== 'string' || value.trim() === '') {
        throw new ValidationError(parameter, 'required', `${subject}: ${what} is required (a non-empty string); nothing was sent`);
    }
    return value;
}
/** Reads the callback URL (or its query string) X redirected the user to. */
export function parseOAuth1Callback(url) {
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : url;
    const params = new URLSearchParams(query.split('#')[0] ?? '');
    const denied = params.get('denied');
    if (denied !== null)
        return { denied };
    const token = params.get('oauth_token');
    const verifier = params.get('oauth_verifier');
    if (!token || !verifier)
        throw new ValidationError('callback', 'oauth-callback', 'parseOAuth1Callback: the URL carries no oauth_token and oauth_verifier');
    return { oauth_token: token, oauth_verifier: verifier };
}
/**
 * The OAuth 1.0a three-legged flow: `start` (request token and the browser step URL), `finish`
 * (access token, with the verifier), `invalidate`. Each step is signed with the consumer key pair
 * and the token it needs.
 *
 * @example
 * const flow = new OAuth1Flow({ consumerKey: process.env.CONSUMER_KEY!, consumerSecret: process.env.CONSUMER_SECRET! });
 * const { requestToken, url } = await flow.start({ callback: 'https://example.com/cb' });
 * // The user approves at `url`; X then redirects to the callback with the verifier.
 * const callback = parseOAuth1Callback('https://example.com/cb?oauth_token=...&oauth_verifier=...');
 * if ('denied' in callback) throw new Error('The user declined');
 * const access = await flow.finish(requestToken, callback.oauth_verifier);
 * const client = new CoreClient({ auth: { oauth1: flow.credentials(access) } });
 */
export class OAuth1Flow {
    #core;
    #consumer;
    constructor(consumer, options = {}) {
        requireText(consumer?.consumerKey, 'consumerKey', 'OAuth1Flow', 'the consumer key');
        requireText(consumer?.consumerSecret, 'consumerSecret', 'OAuth1Flow', 'the consumer secret');
        this.#consumer = { consumerKey: consumer.consumerKey, consumerSecret: consumer.consumerSecret };
        this.#core = createCore({ ...options, auth: { oauth1: { ...this.#consumer } } }, oauth1Auth);
    }
    /** Step 1: a request token, signed with the consumer keys; `oauth_callback` is always sent (`oob` for pin mode). */
    async requestToken(options) {
        const callback = requireText(options?.callback, 'oauth_callback', REQUEST_TOKEN.id, 'the callback URL (or `oob` for pin mode)');
        const params = { oauth_callback: callback };
        if (options.accessType !== undefined)
            params.svc_auth_access_type = options.accessType;
        const body = await request(this.#core, REQUEST_TOKEN, params, stepOptions(options));
        return {
            oauth_token: field(body, 'oauth_token', REQUEST_TOKEN.id),
            oauth_token_secret: field(body, 'oauth_token_secret', REQUEST_TOKEN.id),
            oauth_callback_confirmed: optionalField(body, 'oauth_callback_confirmed') === 'true',
        };
    }
    /** Step 2 (browser): the URL where the user approves the app every time. Builds a URL; sends nothing. */
    authorizeUrl(requestToken, options = {}) {
        return buildUrl(this.#core, AUTHORIZE, browserParams(requestToken, options));
    }
    /**
     * Step 2 (browser), Sign in with X: a user who already approved the app is sent straight back.
     * Builds a URL; sends nothing.
     */
    authenticateUrl(requestToken, options = {}) {
        return buildUrl(this.#core, AUTHENTICATE, browserParams(requestToken, options));
    }
    /** Steps 1 and 2: a request token and the URL to send the user to. */
    async start(options) {
        const step = options?.step ?? 'authorize';
        const build = step === 'authenticate' ? AUTHENTICATE : AUTHORIZE;
        // Checked before the request token is asked for: nothing is sent for a URL that cannot be built.
        if (step !== 'authorize' && step !== 'authenticate')
            throw new ValidationError('step', 'enum', `OAuth1Flow.start: step must be authorize or authenticate`);
        buildUrl(this.#core, build, browserParams('check', options));
        const requestToken = await this.requestToken(options);
        return { requestToken, url: buildUrl(this.#core, build, browserParams(requestToken, options)) };
    }
    /**
     * Step 3: exchanges the approved request token and the verifier (from the callback, or the pin
     * in out-of-band mode) for the user's access token. Without a verifier nothing is sent.
     */
    async finish(requestToken, verifier, options = {}) {
        const oauthVerifier = requireText(verifier, 'oauth_verifier', ACCESS_TOKEN.id, 'the verifier (from the callback, or the pin in out-of-band mode)');
        const token = requireText(requestToken?.oauth_token, 'oauth_token', ACCESS_TOKEN.id, 'the request token');
        const tokenSecret = requireText(requestToken?.oauth_token_secret, 'oauth_token_secret', ACCESS_TOKEN.id, 'the request token secret');
        // The request token travels once, as the spec's `oauth_token` parameter; its secret signs.
        const body = await request(this.#core, ACCESS_TOKEN, { oauth_token: token, oauth_verifier: oauthVerifier }, { ...stepOptions(options), auth: { oauth1: { ...this.#consumer, tokenSecret } } });
        const access = {
            oauth_token: field(body, 'oauth_token', ACCESS_TOKEN.id),
            oauth_token_secret: field(body, 'oauth_token_secret', ACCESS_TOKEN.id),
        };
        const userId = optionalField(body, 'user_id');
        const screenName = optionalField(body, 'screen_name');
        if (userId !== undefined)
            access.user_id = userId;
        if (screenName !== undefined)
            access.screen_name = screenName;
        return access;
    }
    /** Revokes a user access token; later use of it gives 401 (code 89). Resolves to the revoked token. */
    async invalidate(accessToken, options = {}) {
        const body = await request(this.#core, INVALIDATE, {}, { ...stepOptions(options), auth: { oauth1: this.credentials(accessToken) } });
        return field(body, 'access_token', INVALIDATE.id);
    }
    /** The `oauth1` credentials of a user: the consumer key pair with the user's access token. */
    credentials(accessToken) {
        return {
            ...this.#consumer,
            token: requireText(accessToken?.oauth_token, 'oauth_token', 'OAuth1Flow', 'the access token'),
            tokenSecret: requireText(accessToken?.oauth_token_secret, 'oauth_token_secret', 'OAuth1Flow', 'the access token secret'),
        };
    }
}
function browserParams(requestToken, options) {
    const token = typeof requestToken === 'string' ? requestToken : requestToken?.oauth_token;
    const params = {
        oauth_token: requireText(token, 'oauth_token', 'OAuth1Flow', 'the request token'),
    };
    if (options.forceLogin !== undefined)
        params.force_login = options.forceLogin;
    if (options.screenName !== undefined)
        params.screen_name = options.screenName;
    return params;
}
function stepOptions(options) {
    const out = {};
    if (!options)
        return out;
    if (options.signal)
        out.signal = options.signal;
    if (options.timeoutMs !== undefined)
        out.timeoutMs = options.timeoutMs;
    if (options.maxRetries !== undefined)
        out.maxRetries = options.maxRetries;
    if (options.headers)
        out.headers = options.headers;
    if (options.onResponse)
        out.onResponse = options.onResponse;
    return out;
}
/**
 * OAuth 2.0 app-only bearer tokens of one application. The token is requested with HTTP Basic
 * (the key pair, form-encoded) and `grant_type=client_credentials`, and cached per application and
 * origin: every `AppOnlyTokens` and every client configured with `{ appOnly }` for the same
 * application shares it, and concurrent callers share one request. X keeps one token per
 * application; asking too often gives 403 (code 99), so keep using the cached one.
 */
export class AppOnlyTokens {
    #core;
    #consumer;
    constructor(consumer, options = {}) {
        requireText(consumer?.consumerKey, 'consumerKey', 'AppOnlyTokens', 'the consumer key');
        requireText(consumer?.consumerSecret, 'consumerSecret', 'AppOnlyTokens', 'the consumer secret');
        this.#consumer = { consumerKey: consumer.consumerKey, consumerSecret: consumer.consumerSecret };
        this.#core = createCore({ ...options, auth: { appOnly: { ...this.#consumer } } }, appOnlyAuth, oauth1Auth);
    }
    /** The application's bearer token: cached, or requested once however many callers wait. */
    token(options = {}) {
        return appOnlyToken(this.#core, this.#consumer, stepOptions(options));
    }
    /** Drops the cached token (the next `token()` requests one). */
    forget() {
        forgetAppOnlyToken(this.#core, this.#consumer.consumerKey);
    }
    /**
     * Revokes a bearer token (default: the application's current one), signed with OAuth 1.0a by the
     * consumer keys and the owner's access token, and drops it from the cache. Afterwards the old
     * token is rejected and the next `token()` gets a different one. Resolves to the revoked token.
     */
    async invalidate(owner, bearerToken, options = {}) {
        const token = requireText(owner?.token, 'token', APP_TOKEN_INVALIDATE.id, "the owner's access token");
        const tokenSecret = requireText(owner?.tokenSecret, 'tokenSecret', APP_TOKEN_INVALIDATE.id, "the owner's access token secret");
        const revoke = bearerToken === undefined
            ? await this.token(options)
            : requireText(bearerToken, 'access_token', APP_TOKEN_INVALIDATE.id, 'the bearer token');
        const body = await request(this.#core, APP_TOKEN_INVALIDATE, { access_token: revoke }, { ...stepOptions(options), auth: { oauth1: { ...this.#consumer, token, tokenSecret } } });
        forgetAppOnlyToken(this.#core, this.#consumer.consumerKey, revoke);
        return field(body, 'access_token', APP_TOKEN_INVALIDATE.id);
    }
}
