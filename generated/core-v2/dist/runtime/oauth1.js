/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1) for X API user-context calls.
 *
 * Dependency-free: a synchronous pure-JS SHA-1/HMAC (RFC 3174, RFC 2104), with
 * `crypto.getRandomValues`, `TextEncoder` and `URL`/`URLSearchParams` from the
 * platform, so it runs unchanged in Node 20+, browsers (secure context or not)
 * and edge runtimes.
 */
import { base64, percentEncode } from './encoding.js';
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
    // Synchronous on purpose: an async WebCrypto key import and sign cost more than the rest of
    // the signature (bench/RESULTS.md). The function stays async-returning for compatibility.
    const signature = base64(hmacSha1(key, baseString));
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
    // Random bytes are drawn in batches (one getRandomValues call per 64 nonces); each byte
    // is used once and the pool is refilled when it runs out.
    if (noncePos + NONCE_BYTES > noncePool.length) {
        getRandomValues(noncePool);
        noncePos = 0;
    }
    let out = '';
    for (let i = noncePos, end = noncePos + NONCE_BYTES; i < end; i++)
        out += HEX[noncePool[i]];
    noncePos += NONCE_BYTES;
    return out;
}
const NONCE_BYTES = 32;
const noncePool = new Uint8Array(NONCE_BYTES * 64);
let noncePos = noncePool.length;
const HEX = Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));
// `Uint8Array<ArrayBuffer>`: TypeScript 7's DOM lib takes no view of a SharedArrayBuffer here.
function getRandomValues(bytes) {
    const c = globalThis.crypto;
    if (c === undefined || typeof c.getRandomValues !== 'function') {
        throw new Error('oauth1Sign: crypto.getRandomValues is not available in this runtime');
    }
    c.getRandomValues(bytes);
}
// ---------------------------------------------------------------------------------------------
// SHA-1 (RFC 3174) and HMAC-SHA1 (RFC 2104), synchronous and allocation-light. Strings are
// hashed as their UTF-8 bytes (lone surrogates as U+FFFD, as TextEncoder does).
/** Bytes of the message being hashed, with room for the SHA-1 padding; reused between calls. */
let scratch = new Uint8Array(1024);
/** Inputs larger than this get a one-off buffer instead of growing the shared one for good. */
const MAX_SCRATCH = 64 * 1024;
const W = new Int32Array(80);
const IV = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0];
let encoder;
/** A buffer of at least `size` bytes: the shared scratch buffer, grown if needed, or a one-off. */
function bufferFor(size) {
    if (size <= scratch.length)
        return scratch;
    if (size > MAX_SCRATCH)
        return new Uint8Array(size);
    scratch = new Uint8Array(Math.min(MAX_SCRATCH, Math.max(size, scratch.length * 2)));
    return scratch;
}
/** The smallest multiple of 64 that holds `length` bytes, the 0x80 marker and the 8-byte length. */
function paddedLength(length) {
    return (Math.floor((length + 8) / 64) + 1) * 64;
}
/** Puts `input`'s bytes (UTF-8 for a string) in a buffer with room for the padding. */
function load(input) {
    if (typeof input !== 'string') {
        const buffer = bufferFor(paddedLength(input.length));
        buffer.set(input);
        return { buffer, length: input.length };
    }
    const n = input.length;
    let buffer = bufferFor(paddedLength(n));
    // ASCII fast path (OAuth base strings and keys are percent-encoded, so always ASCII).
    let i = 0;
    for (; i < n; i++) {
        const code = input.charCodeAt(i);
        if (code >= 0x80)
            break;
        buffer[i] = code;
    }
    if (i === n)
        return { buffer, length: n };
    const bytes = (encoder ??= new TextEncoder()).encode(input);
    buffer = bufferFor(paddedLength(bytes.length));
    buffer.set(bytes);
    return { buffer, length: bytes.length };
}
/** One SHA-1 compression of the 64-byte block at `offset` into the five words of `h`. */
function compress(h, block, offset) {
    const w = W;
    for (let i = 0, j = offset; i < 16; i++, j += 4) {
        w[i] = (block[j] << 24) | (block[j + 1] << 16) | (block[j + 2] << 8) | block[j + 3];
    }
    for (let i = 16; i < 80; i++) {
        const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16];
        w[i] = (x << 1) | (x >>> 31);
    }
    let a = h[0];
    let b = h[1];
    let c = h[2];
    let d = h[3];
    let e = h[4];
    let t;
    for (let i = 0; i < 20; i++) {
        t = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + w[i] + 0x5a827999) | 0;
        e = d;
        d = c;
        c = (b << 30) | (b >>> 2);
        b = a;
        a = t;
    }
    for (let i = 20; i < 40; i++) {
        t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + w[i] + 0x6ed9eba1) | 0;
        e = d;
        d = c;
        c = (b << 30) | (b >>> 2);
        b = a;
        a = t;
    }
    for (let i = 40; i < 60; i++) {
        t = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + w[i] + 0x8f1bbcdc) | 0;
        e = d;
        d = c;
        c = (b << 30) | (b >>> 2);
        b = a;
        a = t;
    }
    for (let i = 60; i < 80; i++) {
        t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + w[i] + 0xca62c1d6) | 0;
        e = d;
        d = c;
        c = (b << 30) | (b >>> 2);
        b = a;
        a = t;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0;
}
/**
 * Hashes the `length` message bytes at the start of `buffer` into `h`, which holds the state
 * after `prefix` bytes (a multiple of 64) were hashed already; pads in place.
 */
function finish(h, prefix, buffer, length) {
    const total = paddedLength(length);
    buffer[length] = 0x80;
    buffer.fill(0, length + 1, total - 8);
    const bits = (prefix + length) * 8;
    writeWord(buffer, total - 8, Math.floor(bits / 0x100000000));
    writeWord(buffer, total - 4, bits >>> 0);
    for (let offset = 0; offset < total; offset += 64)
        compress(h, buffer, offset);
}
function writeWord(buffer, offset, word) {
    buffer[offset] = word >>> 24;
    buffer[offset + 1] = word >>> 16;
    buffer[offset + 2] = word >>> 8;
    buffer[offset + 3] = word;
}
function digestBytes(h) {
    const out = new Uint8Array(20);
    for (let i = 0; i < 5; i++)
        writeWord(out, i * 4, h[i]);
    return out;
}
/** SHA-1 of `data` (a string is hashed as UTF-8); 20 bytes. */
export function sha1(data) {
    const h = Int32Array.from(IV);
    const { buffer, length } = load(data);
    finish(h, 0, buffer, length);
    return digestBytes(h);
}
/**
 * The HMAC states of a key: SHA-1 after the (key XOR ipad) block in words 0-4, after the
 * (key XOR opad) block in words 5-9. Caching them saves the pads and two compressions a signature.
 */
function keyState(key) {
    const loaded = load(key);
    let keyBytes = loaded.buffer.subarray(0, loaded.length);
    if (keyBytes.length > 64)
        keyBytes = sha1(keyBytes);
    const block = new Uint8Array(64);
    block.set(keyBytes);
    // The key's bytes do not linger in the shared buffer.
    loaded.buffer.fill(0, 0, loaded.length);
    const state = new Int32Array(10);
    for (let i = 0; i < 64; i++)
        block[i] = block[i] ^ 0x36;
    const inner = Int32Array.from(IV);
    compress(inner, block, 0);
    for (let i = 0; i < 64; i++)
        block[i] = block[i] ^ 0x36 ^ 0x5c;
    const outer = Int32Array.from(IV);
    compress(outer, block, 0);
    block.fill(0);
    state.set(inner, 0);
    state.set(outer, 5);
    return state;
}
/** Key states of recent signing keys (consumer secret & token secret), oldest first. */
const keyStates = new Map();
const KEY_STATES_MAX = 16;
function cachedKeyState(key) {
    let state = keyStates.get(key);
    if (state === undefined) {
        state = keyState(key);
        if (keyStates.size >= KEY_STATES_MAX) {
            const oldest = keyStates.keys().next();
            if (!oldest.done)
                keyStates.delete(oldest.value);
        }
        keyStates.set(key, state);
    }
    return state;
}
const hState = new Int32Array(5);
/** HMAC-SHA1 (RFC 2104) of `message` under `key` (strings as UTF-8); 20 bytes. */
export function hmacSha1(key, message) {
    const state = typeof key === 'string' ? cachedKeyState(key) : keyState(key);
    const h = hState;
    for (let i = 0; i < 5; i++)
        h[i] = state[i];
    const { buffer, length } = load(message);
    finish(h, 64, buffer, length);
    // Outer hash over the 20-byte inner digest.
    for (let i = 0; i < 5; i++)
        writeWord(buffer, i * 4, h[i]);
    for (let i = 0; i < 5; i++)
        h[i] = state[i + 5];
    finish(h, 64, buffer, 20);
    return digestBytes(h);
}
/**
 * The extension that lets a core sign with OAuth 1.0a (`CoreClient` always has it):
 * `createCore({ auth: { oauth1: { consumerKey, consumerSecret, token, tokenSecret } } }, oauth1Auth)`.
 */
export const oauth1Auth = {
    oauth1: async (target, credentials) => (await oauth1Sign({ method: target.method, url: target.url, ...(target.form ? { form: target.form } : {}) }, credentials)).header,
};
