/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1) for X API user-context calls.
 *
 * Dependency-free: the synchronous HMAC-SHA1 of sha1.ts, with
 * `crypto.getRandomValues` and `URL`/`URLSearchParams` from the platform, so it
 * runs unchanged in Node 20+, browsers (secure context or not) and edge runtimes.
 */

import type { CoreExtension } from './auth.js';
import { base64, percentEncode } from './encoding.js';
import { hmacSha1 } from './sha1.js';

/** A form body in `application/x-www-form-urlencoded` shape. */
export type OAuth1Form = string | URLSearchParams | ReadonlyArray<readonly [string, string]>;

/** The parts of an HTTP request that take part in the signature. */
export interface OAuth1Request {
  /** HTTP method; upper-cased for the base string. */
  method: string;
  /** Absolute request URL, including any query string that will be sent. */
  url: string;
  /**
   * The body, only when it is `application/x-www-form-urlencoded` (RFC 5849
   * section 3.4.1.3.1 signs form bodies and nothing else). A string is parsed as
   * an encoded body (`+` is a space); a `URLSearchParams` or pair list holds
   * decoded names and values. Send exactly these pairs, e.g. via `formBody()`.
   */
  form?: OAuth1Form;
}

/** Consumer (app) and optional token (user) credentials. */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** Overrides for values that are normally generated. */
export interface OAuth1Options {
  /** Printable-ASCII nonce; default 64 hex chars from 32 random bytes. */
  nonce?: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number | string;
  /** `oauth_version` value; `null` omits the parameter (both are valid per RFC 5849). */
  version?: '1.0' | null;
  /**
   * Extra protocol parameters such as `oauth_callback` or `oauth_verifier`.
   * All are signed; only names starting with `oauth_` are put in the header, so
   * any other name must be sent by the caller some other way (query or body).
   */
  extra?: Record<string, string>;
}

/** The signing result; `header` is the full `Authorization` header value. */
export interface OAuth1Signature {
  header: string;
  signature: string;
  baseString: string;
  normalizedParameters: string;
}

/** A decoded name/value pair. */
export type OAuth1Parameter = readonly [name: string, value: string];

/**
 * Decode a form body into pairs, as application/x-www-form-urlencoded (`+` is a
 * space, duplicates and order kept).
 */
export function parseForm(form: OAuth1Form): OAuth1Parameter[] {
  if (typeof form === 'string') {
    // URLSearchParams drops a leading '?' (query-string convenience); a body has
    // no such prefix, so shield it with an empty, ignored '&' segment.
    return searchParamPairs(new URLSearchParams('&' + form));
  }
  if (form instanceof URLSearchParams) return searchParamPairs(form);
  return form.map(([name, value]): OAuth1Parameter => [String(name), String(value)]);
}

/**
 * Serialise a form body for sending (spaces as `%20`, RFC 3986 encoding), so the
 * transmitted body decodes to exactly the signed pairs.
 */
export function formBody(form: OAuth1Form): string {
  return parseForm(form)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&');
}

/**
 * Base string URI (RFC 5849 section 3.4.1.2): scheme and host lower-cased,
 * default port dropped, no userinfo, query or fragment. WHATWG URL parsing does
 * the normalisation, and its path is what fetch will send.
 */
export function signatureBaseUri(url: string | URL): string {
  const u = toUrl(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/**
 * Normalise parameters (RFC 5849 section 3.4.1.3.2): encode each name and value,
 * sort byte-wise by name then value, join as `name=value` with `&`.
 */
export function normalizeParameters(params: Iterable<OAuth1Parameter>): string {
  const encoded: Array<[string, string]> = [];
  for (const [name, value] of params) encoded.push([percentEncode(name), percentEncode(value)]);
  // Encoded strings are pure ASCII, so UTF-16 code-unit order is byte order;
  // localeCompare would not be.
  encoded.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  return encoded.map(([name, value]) => `${name}=${value}`).join('&');
}

/**
 * Sign a request with HMAC-SHA1 and build its `Authorization: OAuth ...` header.
 * Query parameters, form-body parameters and protocol parameters are all signed.
 */
export async function oauth1Sign(
  request: OAuth1Request,
  credentials: OAuth1Credentials,
  options: OAuth1Options = {},
): Promise<OAuth1Signature> {
  const { consumerKey, consumerSecret, token, tokenSecret } = credentials;
  // Messages below name the offending field but never echo its value: secrets
  // (and tokens) must not end up in logs through an error.
  requireString(consumerKey, 'credentials.consumerKey', true);
  requireString(consumerSecret, 'credentials.consumerSecret', false);
  if (token !== undefined) requireString(token, 'credentials.token', true);
  if (tokenSecret !== undefined) requireString(tokenSecret, 'credentials.tokenSecret', false);
  requireString(request.method, 'request.method', true);

  const url = toUrl(request.url);

  const oauth: Array<[string, string]> = [
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
  if (token !== undefined) oauth.push(['oauth_token', token]);
  if (options.version !== null) oauth.push(['oauth_version', '1.0']);
  const signedOnly: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    if (RESERVED_PROTOCOL_PARAMS.has(name)) {
      throw new Error(`oauth1Sign: options.extra must not set ${name}; it is computed or has its own option`);
    }
    requireString(value, `options.extra.${name}`, false);
    (name.startsWith('oauth_') ? oauth : signedOnly).push([name, value]);
  }

  const params: OAuth1Parameter[] = [...oauth, ...signedOnly];
  // oauth_signature is never part of its own input (RFC 5849 section 3.4.1.3.1).
  for (const pair of searchParamPairs(url.searchParams)) if (pair[0] !== 'oauth_signature') params.push(pair);
  if (request.form !== undefined) {
    for (const pair of parseForm(request.form)) if (pair[0] !== 'oauth_signature') params.push(pair);
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
  const header =
    'OAuth ' +
    oauth
      .map(([name, value]): [string, string] => [percentEncode(name), percentEncode(value)])
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
function searchParamPairs(search: URLSearchParams): OAuth1Parameter[] {
  const pairs: OAuth1Parameter[] = [];
  search.forEach((value, name) => {
    pairs.push([name, value]);
  });
  return pairs;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toUrl(url: string | URL): URL {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch {
    // Do not echo the URL: it may carry tokens in its query.
    throw new TypeError('oauth1Sign: request.url must be an absolute URL');
  }
}

function requireString(value: unknown, field: string, nonEmpty: boolean): void {
  if (typeof value !== 'string' || (nonEmpty && value === '')) {
    throw new TypeError(`oauth1Sign: ${field} must be a ${nonEmpty ? 'non-empty ' : ''}string`);
  }
}

// X rejects nonces with non-ASCII characters; control characters are refused too.
const ASCII_NONCE = /^[\x20-\x7E]+$/;

function checkNonce(nonce: string): string {
  if (typeof nonce !== 'string' || !ASCII_NONCE.test(nonce)) {
    throw new TypeError(
      'oauth1Sign: options.nonce must be a non-empty string of printable ASCII characters (X accepts only ASCII nonces)',
    );
  }
  return nonce;
}

function checkTimestamp(timestamp: number | string): string {
  if (typeof timestamp === 'number' && Number.isSafeInteger(timestamp) && timestamp >= 0)
    return String(timestamp);
  if (typeof timestamp === 'string' && /^[0-9]+$/.test(timestamp)) return timestamp;
  throw new TypeError('oauth1Sign: options.timestamp must be a non-negative integer number of seconds');
}

/** 32 random bytes as 64 lowercase hex characters: alphanumeric, unbiased, fixed length. */
function randomNonce(): string {
  // Random bytes are drawn in batches (one getRandomValues call per 64 nonces); each byte
  // is used once and the pool is refilled when it runs out.
  if (noncePos + NONCE_BYTES > noncePool.length) {
    getRandomValues(noncePool);
    noncePos = 0;
  }
  let out = '';
  for (let i = noncePos, end = noncePos + NONCE_BYTES; i < end; i++) out += HEX[noncePool[i]!]!;
  noncePos += NONCE_BYTES;
  return out;
}

const NONCE_BYTES = 32;
const noncePool = new Uint8Array(NONCE_BYTES * 64);
let noncePos = noncePool.length;
const HEX: readonly string[] = Array.from(
  { length: 256 },
  (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16),
);

// `Uint8Array<ArrayBuffer>`: TypeScript 7's DOM lib takes no view of a SharedArrayBuffer here.
function getRandomValues(bytes: Uint8Array<ArrayBuffer>): void {
  const c = globalThis.crypto as Crypto | undefined;
  if (c === undefined || typeof c.getRandomValues !== 'function') {
    throw new Error('oauth1Sign: crypto.getRandomValues is not available in this runtime');
  }
  c.getRandomValues(bytes);
}

/**
 * The extension that lets a core sign with OAuth 1.0a (the package's client class always has it):
 * `createCore({ auth: { oauth1: { consumerKey, consumerSecret, token, tokenSecret } } }, oauth1Auth)`.
 */
export const oauth1Auth: CoreExtension = {
  oauth1: async (target, credentials) =>
    (
      await oauth1Sign(
        { method: target.method, url: target.url, ...(target.form ? { form: target.form } : {}) },
        credentials,
      )
    ).header,
};
