import { ValidationError } from './errors.js';
/** The credential kinds a configured `auth` can provide, in order of preference. */
export function authKindsOf(auth) {
    if (!auth)
        return [];
    // A bearer token may be an app-only token or a user's OAuth 2.0 access token: the caller knows which.
    if ('bearerToken' in auth)
        return BEARER;
    if ('oauth1' in auth)
        return ['oauth1'];
    if ('basic' in auth)
        return ['basic'];
    if ('appOnly' in auth)
        return ['bearer', 'basic'];
    return [];
}
const BEARER = ['bearer', 'oauth2'];
const NAMES = {
    bearer: 'bearer token',
    oauth2: 'OAuth 2.0 user access token',
    oauth1: 'OAuth 1.0a',
    basic: 'HTTP Basic',
    apiKey: 'API key',
};
function configuredName(auth) {
    if (auth && 'appOnly' in auth)
        return 'app-only credentials';
    const kind = authKindsOf(auth)[0];
    return kind ? NAMES[kind] : 'no credentials';
}
/**
 * Decides whether the configured credentials may be sent with an operation. Returns the kind to
 * use, or `undefined` to send none; throws a ValidationError (the `unsupported-authentication`
 * rule) when the operation needs credentials the client does not have.
 */
export function chooseAuth(op, auth) {
    const have = authKindsOf(auth);
    const alternatives = op.security;
    // The spec states nothing: send what the client has.
    if (alternatives === undefined)
        return have[0];
    for (const kind of have)
        if (alternatives.some((a) => a.length === 1 && a[0] === kind))
            return kind;
    // Security is optional: send nothing rather than credentials the operation does not take.
    if (alternatives.length === 0 || alternatives.some((a) => a.length === 0))
        return undefined;
    const accepted = [...new Set(alternatives.map((a) => a.map((k) => NAMES[k]).join(' + ')))].join(' or ');
    throw new ValidationError('auth', 'unsupported-authentication', `${op.id}: accepts ${accepted}, but the client is configured with ${configuredName(auth)}`);
}
/** `127.0.0.0/8`, `::1` and `localhost`: the hosts an HTTPS-only step may reach over plain HTTP (tests). */
export function isLoopbackHost(hostname) {
    const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host === '::1')
        return true;
    return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
/**
 * Throws a ValidationError (rule `https-required`) unless `url` is `https:`, or `http:` to a
 * loopback host. The message names the origin only: a URL's query or user info may hold secrets.
 */
export function requireSecureUrl(url, subject, parameter = 'baseUrl') {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        throw new ValidationError(parameter, 'https-required', `${subject}: needs an absolute https: URL`);
    }
    if (parsed.protocol === 'https:')
        return;
    if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))
        return;
    throw new ValidationError(parameter, 'https-required', `${subject}: OAuth steps require HTTPS, and ${parsed.protocol}//${parsed.host} is neither https: nor a loopback host`);
}
/**
 * The value of a Basic `Authorization` header. With `formEncode` (RFC 6749 section 2.3.1, what X's
 * app-only token endpoint expects) each part is application/x-www-form-urlencoded first.
 */
export function basicAuthorization(username, password, formEncode = false) {
    const encode = (value) => formEncode ? new URLSearchParams([['', value]]).toString().slice(1) : value;
    const bytes = new TextEncoder().encode(`${encode(username)}:${encode(password)}`);
    let binary = '';
    bytes.forEach((b) => (binary += String.fromCharCode(b)));
    return `Basic ${btoa(binary)}`;
}
/**
 * `basic` of the descriptors whose security allows HTTP Basic: the `Authorization` of credentials
 * with a user name and password (Basic ones, or app-only ones: the application's key pair),
 * undefined for others. A descriptor refers to it, so a bundle of operations without Basic leaves it out.
 */
export function basicCredentials(auth) {
    return basicOf(auth, false);
}
/** `basicCredentials` with user name and password form-encoded first (RFC 6749 section 2.3.1). */
export function formBasicCredentials(auth) {
    return basicOf(auth, true);
}
function basicOf(auth, formEncode) {
    const pair = 'basic' in auth
        ? auth.basic
        : 'appOnly' in auth
            ? { username: auth.appOnly.consumerKey, password: auth.appOnly.consumerSecret }
            : undefined;
    return pair && basicAuthorization(pair.username, pair.password, formEncode);
}
/**
 * Adds the credentials of `kind` to a request; returns the URL to send (a promise of it when
 * signing is asynchronous). Secrets go only into headers, never into messages. With app-only
 * credentials, `bearer` needs the token resolved first (see `AppOnlySupport`).
 */
export function applyAuth(op, kind, auth, target, extensions) {
    if (!kind || !auth)
        return target.url;
    if ('bearerToken' in auth) {
        if (kind === 'bearer' || kind === 'oauth2')
            target.headers.authorization = `Bearer ${auth.bearerToken}`;
        return target.url;
    }
    const basic = kind === 'basic' ? op.basic?.(auth) : undefined;
    if (basic)
        target.headers.authorization = basic;
    if (kind === 'oauth1' && 'oauth1' in auth) {
        // The core was checked for the signer when it was made (and each call's own auth when sent).
        return extensions.oauth1(target, auth.oauth1).then((header) => {
            target.headers.authorization = header;
            return target.url;
        });
    }
    return target.url;
}
