/**
 * The encodings OAuth and webhook signatures share: RFC 3986 percent-encoding and standard base64.
 * Dependency-free, so it runs in Node 20+, browsers and edge runtimes.
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
export function percentEncode(value: string): string {
  // Fast path: most names and values (ids, keys, nonces) need no encoding at all.
  if (UNRESERVED_ONLY.test(value)) return value;
  const wellFormed = SURROGATE.test(value) ? value.replace(LONE_SURROGATE, '\uFFFD') : value;
  const encoded = encodeURIComponent(wellFormed);
  return SUB_DELIMS.test(encoded)
    ? encoded.replace(EXTRA_RESERVED, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    : encoded;
}

const UNRESERVED_ONLY = /^[A-Za-z0-9\-._~]*$/;
const SURROGATE = /[\uD800-\uDFFF]/;
const SUB_DELIMS = /[!'()*]/;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (what `btoa` gives for the same bytes). */
export function base64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += BASE64[n >>> 18]! + BASE64[(n >>> 12) & 63]! + BASE64[(n >>> 6) & 63]! + BASE64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += BASE64[n >>> 18]! + BASE64[(n >>> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += BASE64[n >>> 18]! + BASE64[(n >>> 12) & 63]! + BASE64[(n >>> 6) & 63]! + '=';
  }
  return out;
}
