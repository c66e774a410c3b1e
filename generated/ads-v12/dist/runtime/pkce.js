/**
 * OAuth 2.0 Authorization Code with PKCE (RFC 7636, S256 only) helpers for X.
 *
 * Dependency-free (WebCrypto, `TextEncoder`, `btoa`), so it runs in Node 20+,
 * browsers and edge runtimes.
 */
import { percentEncode } from './oauth1.js';
// RFC 7636 section 4.1: code_verifier = 43*128 unreserved characters.
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
// Largest multiple of the alphabet size that fits in a byte; bytes above it are
// rejected so every character is equally likely (no modulo bias).
const BYTE_LIMIT = 256 - (256 % UNRESERVED.length);
/**
 * Create a random code verifier of `length` (43–128, default 64) characters from
 * the RFC 3986 unreserved set, using `crypto.getRandomValues` (~6 bits per char).
 */
export function createPkceVerifier(length = 64) {
    if (!Number.isInteger(length) || length < 43 || length > 128) {
        throw new RangeError('createPkceVerifier: length must be an integer from 43 to 128');
    }
    const crypto = getCrypto('createPkceVerifier');
    let out = '';
    while (out.length < length) {
        for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
            if (byte < BYTE_LIMIT && out.length < length)
                out += UNRESERVED[byte % UNRESERVED.length];
        }
    }
    return out;
}
/** S256 code challenge: base64url(SHA-256(ASCII(verifier))) without padding. */
export async function pkceChallenge(verifier) {
    if (typeof verifier !== 'string' || !VERIFIER.test(verifier)) {
        throw new TypeError('pkceChallenge: verifier must be 43-128 characters from A-Z a-z 0-9 - . _ ~ (RFC 7636)');
    }
    const digest = new Uint8Array(await getCrypto('pkceChallenge').subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    let binary = '';
    for (const byte of digest)
        binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/**
 * Build the URL to send the user to (response_type=code, S256 challenge,
 * space-joined scopes). Values are RFC 3986 encoded, so spaces are `%20`, not
 * `+`; query parameters already on `authorizeUrl` are kept.
 */
export function buildOAuth2AuthorizeUrl(options) {
    const { authorizeUrl = 'https://x.com/i/oauth2/authorize', clientId, redirectUri, scopes, state, codeChallenge, } = options;
    for (const [field, value] of [
        ['clientId', clientId],
        ['redirectUri', redirectUri],
        ['state', state],
        ['codeChallenge', codeChallenge],
    ]) {
        if (typeof value !== 'string' || value === '') {
            throw new TypeError(`buildOAuth2AuthorizeUrl: ${field} must be a non-empty string`);
        }
    }
    // RFC 6749 section 3.3: scope tokens are non-empty and contain no spaces, or the
    // space-joined list would be ambiguous.
    if (!Array.isArray(scopes) ||
        scopes.length === 0 ||
        !scopes.every((s) => typeof s === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))) {
        throw new TypeError('buildOAuth2AuthorizeUrl: scopes must be a non-empty list of scope tokens without spaces');
    }
    let url;
    try {
        url = new URL(authorizeUrl);
    }
    catch {
        throw new TypeError('buildOAuth2AuthorizeUrl: authorizeUrl must be an absolute URL');
    }
    const pairs = [
        ['response_type', 'code'],
        ['client_id', clientId],
        ['redirect_uri', redirectUri],
        ['scope', scopes.join(' ')],
        ['state', state],
        ['code_challenge', codeChallenge],
        ['code_challenge_method', 'S256'],
    ];
    const query = pairs.map(([name, value]) => `${name}=${percentEncode(value)}`).join('&');
    const existing = url.search.slice(1);
    url.search = existing === '' ? query : `${existing}&${query}`;
    return url.href;
}
function getCrypto(caller) {
    const c = globalThis.crypto;
    if (c === undefined || c.subtle === undefined) {
        throw new Error(`${caller}: WebCrypto (globalThis.crypto) is not available in this runtime`);
    }
    return c;
}
