/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1) for X API user-context calls.
 *
 * Dependency-free: uses only WebCrypto (`globalThis.crypto`), `TextEncoder`,
 * `URL`/`URLSearchParams` and `btoa`, so it runs unchanged in Node 20+, browsers
 * and edge runtimes.
 */
// Lone (unpaired) surrogates cannot be UTF-8 encoded. We replace them with U+FFFD,
// which is what URL, URLSearchParams, TextEncoder and fetch do with the same
// string, so the signed bytes match the bytes actually sent on the wire.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// encodeURIComponent keeps these sub-delims, RFC 3986 (and RFC 5849 3.6) does not.
const EXTRA_RESERVED = /[!'()*]/g;
/**
 * Percent-encode per RFC 3986 / RFC 5849 section 3.6: unreserved characters
 * (`A-Z a-z 0-9 - . _ ~`) are kept, every other UTF-8 byte becomes `%XX` with
 * uppercase hex. Lone surrogates are encoded as U+FFFD (`%EF%BF%BD`), never thrown.
 */
export function percentEncode(value) {
    return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(EXTRA_RESERVED, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}
/**
 * Decode a form body into pairs, as application/x-www-form-urlencoded (`+` is a
 * space, duplicates and order kept).
 */
export function parseForm(form) {
    if (typeof form === 'string') {
        // URLSearchParams drops a leading '?' (query-string convenience); a body has
        // no such prefix, so shield it with an empty, ignored '&' segment.
        return searchParamPairs(new URLSearchParams('&' + form));
    }
    if (form instanceof URLSearchParams)
        return searchParamPairs(form);
    return form.map(([name, value]) => [String(name), String(value)]);
}
/**
 * Serialise a form body for sending (spaces as `%20`, RFC 3986 encoding), so the
 * transmitted body decodes to exactly the signed pairs.
 */
export function formBody(form) {
    return parseForm(form)
        .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
        .join('&');
}
/**
 * Base string URI (RFC 5849 section 3.4.1.2): scheme and host lower-cased,
 * default port dropped, no userinfo, query or fragment. WHATWG URL parsing does
 * the normalisation, and its path is what fetch will send.
 */
export function signatureBaseUri(url) {
    const u = toUrl(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
}
/**
 * Normalise parameters (RFC 5849 section 3.4.1.3.2): encode each name and value,
 * sort byte-wise by name then value, join as `name=value` with `&`.
 */
export function normalizeParameters(params) {
    const encoded = [];
    for (const [name, value] of params)
        encoded.push([percentEncode(name), percentEncode(value)]);
    // Encoded strings are pure ASCII, so UTF-16 code-unit order is byte order;
    // localeCompare would not be.
    encoded.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
    return encoded.map(([name, value]) => `${name}=${value}`).join('&');
}
/**
 * Sign a request with HMAC-SHA1 and build its `Authorization: OAuth ...` header.
 * Query parameters, form-body parameters and protocol parameters are all signed.
 */
export async function oauth1Sign(request, credentials, options = {}) {
    const { consumerKey, consumerSecret, token, tokenSecret } = credentials;
    // Messages below name the offending field but never echo its value: secrets
    // (and tokens) must not end up in logs through an error.
    requireString(consumerKey, 'credentials.consumerKey', true);
    requireString(consumerSecret, 'credentials.consumerSecret', false);
    if (token !== undefined)
        requireString(token, 'credentials.token', true);
    if (tokenSecret !== undefined)
        requireString(tokenSecret, 'credentials.tokenSecret', false);
    requireString(request.method, 'request.method', true);
    const url = toUrl(request.url);
    const oauth = [
        ['oauth_consumer_key', consumerKey],
        ['oauth_nonce', options.nonce === undefined ? randomNonce() : checkNonce(options.nonce)],
        ['oauth_signature_method', 'HMAC-SHA1'],
        [
            'oauth_timestamp',
            options.timestamp === undefined
                ? String(Math.floor(Date.now() / 1000))
                : checkTimestamp(options.timestamp),
        ],
    ];
    if (token !== undefined)
        oauth.push(['oauth_token', token]);
    if (options.version !== null)
        oauth.push(['oauth_version', '1.0']);
    const signedOnly = [];
    for (const [name, value] of Object.entries(options.extra ?? {})) {
        if (RESERVED_PROTOCOL_PARAMS.has(name)) {
            throw new Error(`oauth1Sign: options.extra must not set ${name}; it is computed or has its own option`);
        }
        requireString(value, `options.extra.${name}`, false);
        (name.startsWith('oauth_') ? oauth : signedOnly).push([name, value]);
    }
    const params = [...oauth, ...signedOnly];
    // oauth_signature is never part of its own input (RFC 5849 section 3.4.1.3.1).
    for (const pair of searchParamPairs(url.searchParams))
        if (pair[0] !== 'oauth_signature')
            params.push(pair);
    if (request.form !== undefined) {
        for (const pair of parseForm(request.form))
            if (pair[0] !== 'oauth_signature')
                params.push(pair);
    }
    const normalizedParameters = normalizeParameters(params);
    const baseString = [
        percentEncode(request.method.toUpperCase()),
        percentEncode(signatureBaseUri(url)),
        percentEncode(normalizedParameters),
    ].join('&');
    const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret ?? '')}`;
    const signature = await hmacSha1Base64(key, baseString);
    oauth.push(['oauth_signature', signature]);
    // Everything is percent-encoded, so the header can never carry CR, LF, quotes
    // or separators from caller-supplied values.
    const header = 'OAuth ' +
        oauth
            .map(([name, value]) => [percentEncode(name), percentEncode(value)])
            .sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]))
            .map(([name, value]) => `${name}="${value}"`)
            .join(', ');
    return { header, signature, baseString, normalizedParameters };
}
const RESERVED_PROTOCOL_PARAMS = new Set([
    'oauth_consumer_key',
    'oauth_nonce',
    'oauth_signature',
    'oauth_signature_method',
    'oauth_timestamp',
    'oauth_token',
    'oauth_version',
]);
// forEach rather than iteration: URLSearchParams is only typed iterable with the
// DOM.Iterable lib, which consumers' tsconfig may not include.
function searchParamPairs(search) {
    const pairs = [];
    search.forEach((value, name) => {
        pairs.push([name, value]);
    });
    return pairs;
}
function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
function toUrl(url) {
    if (url instanceof URL)
        return url;
    try {
        return new URL(url);
    }
    catch {
        // Do not echo the URL: it may carry tokens in its query.
        throw new TypeError('oauth1Sign: request.url must be an absolute URL');
    }
}
function requireString(value, field, nonEmpty) {
    if (typeof value !== 'string' || (nonEmpty && value === '')) {
        throw new TypeError(`oauth1Sign: ${field} must be a ${nonEmpty ? 'non-empty ' : ''}string`);
    }
}
// X rejects nonces with non-ASCII characters; control characters are refused too.
const ASCII_NONCE = /^[\x20-\x7E]+$/;
function checkNonce(nonce) {
    if (typeof nonce !== 'string' || !ASCII_NONCE.test(nonce)) {
        throw new TypeError('oauth1Sign: options.nonce must be a non-empty string of printable ASCII characters (X accepts only ASCII nonces)');
    }
    return nonce;
}
function checkTimestamp(timestamp) {
    if (typeof timestamp === 'number' && Number.isSafeInteger(timestamp) && timestamp >= 0)
        return String(timestamp);
    if (typeof timestamp === 'string' && /^[0-9]+$/.test(timestamp))
        return timestamp;
    throw new TypeError('oauth1Sign: options.timestamp must be a non-negative integer number of seconds');
}
/** 32 random bytes as 64 lowercase hex characters: alphanumeric, unbiased, fixed length. */
function randomNonce() {
    const bytes = getCrypto().getRandomValues(new Uint8Array(32));
    let out = '';
    for (const byte of bytes)
        out += byte.toString(16).padStart(2, '0');
    return out;
}
function getCrypto() {
    const c = globalThis.crypto;
    if (c === undefined || c.subtle === undefined) {
        throw new Error('oauth1Sign: WebCrypto (globalThis.crypto.subtle) is not available in this runtime');
    }
    return c;
}
async function hmacSha1Base64(key, message) {
    const encoder = new TextEncoder();
    const subtle = getCrypto().subtle;
    const cryptoKey = await subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
    const mac = new Uint8Array(await subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
    let binary = '';
    for (const byte of mac)
        binary += String.fromCharCode(byte);
    return btoa(binary);
}
