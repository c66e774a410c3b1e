/**
 * SHA-1 (RFC 3174) and HMAC-SHA1 (RFC 2104), synchronous, dependency-free and allocation-light:
 * OAuth 1.0a signatures (oauth1.ts) are HMAC-SHA1, and `crypto.subtle` is neither synchronous nor
 * present outside a secure context. Strings are hashed as their UTF-8 bytes (lone surrogates as
 * U+FFFD, as TextEncoder does).
 */
/** SHA-1 of `data` (a string is hashed as UTF-8); 20 bytes. */
export declare function sha1(data: string | Uint8Array): Uint8Array;
/** HMAC-SHA1 (RFC 2104) of `message` under `key` (strings as UTF-8); 20 bytes. */
export declare function hmacSha1(key: string | Uint8Array, message: string | Uint8Array): Uint8Array;
