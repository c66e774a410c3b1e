/**
 * Webhook helpers for an API that signs its deliveries with HMAC-SHA256 keyed by the app's consumer
 * secret (the spec's `x-webhook-signature`): the challenge-response check (CRC) and verification of
 * the signature header of a delivery.
 *
 * Dependency-free (WebCrypto, `TextEncoder`, `atob`), so it runs in
 * Node 20+, browsers and edge runtimes.
 */
import { base64 } from './encoding.js';
/**
 * Answer a CRC challenge: `sha256=` + base64(HMAC-SHA256(consumerSecret, crcToken)).
 * Return it as JSON with status 200 from the webhook's GET handler.
 */
export async function crcResponse(crcToken, consumerSecret) {
    if (typeof crcToken !== 'string')
        throw new TypeError('crcResponse: crcToken must be a string');
    const mac = await hmacSha256(consumerSecret, new TextEncoder().encode(crcToken), 'crcResponse');
    return { response_token: 'sha256=' + base64(mac) };
}
// 32-byte HMAC-SHA256 in standard padded base64 is always 43 chars plus '='.
const SIGNATURE_HEADER = /^sha256=([A-Za-z0-9+/]{43}=)$/;
/**
 * Check a delivery's signature header (`sha256=<base64>`) against the
 * raw request body. Pass the body bytes exactly as received (before any JSON
 * parsing); a string is UTF-8 encoded. Returns false for a missing or malformed
 * header; the MAC comparison runs in constant time.
 */
export async function verifyWebhookSignature(rawBody, signatureHeader, consumerSecret) {
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
        throw new TypeError('verifyWebhookSignature: rawBody must be a string or Uint8Array');
    }
    // Copying a Uint8Array also detaches us from SharedArrayBuffer-backed views,
    // which WebCrypto refuses.
    const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
    // Compute the MAC before looking at the header so that a malformed header does
    // not fail noticeably faster than a wrong one; a bad secret still throws.
    const expected = await hmacSha256(consumerSecret, body, 'verifyWebhookSignature');
    if (typeof signatureHeader !== 'string')
        return false;
    const match = SIGNATURE_HEADER.exec(signatureHeader.trim());
    const encoded = match?.[1];
    if (encoded === undefined)
        return false;
    let received;
    try {
        received = fromBase64(encoded);
    }
    catch {
        return false;
    }
    return constantTimeEqual(expected, received);
}
/**
 * Compare two byte arrays without an early exit: the time taken depends only on
 * the lengths (which are public: always 32 here), not on where they differ.
 */
export function constantTimeEqual(a, b) {
    const length = Math.max(a.length, b.length);
    let diff = a.length ^ b.length;
    for (let i = 0; i < length; i++)
        diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
    return diff === 0;
}
async function hmacSha256(secret, message, caller) {
    // Never echo the secret; WebCrypto also rejects zero-length HMAC keys in some runtimes.
    if (typeof secret !== 'string' || secret === '')
        throw new TypeError(`${caller}: consumerSecret must be a non-empty string`);
    const subtle = globalThis.crypto?.subtle;
    if (subtle === undefined)
        throw new Error(`${caller}: WebCrypto (globalThis.crypto.subtle) is not available in this runtime`);
    const key = await subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return new Uint8Array(await subtle.sign('HMAC', key, message));
}
function fromBase64(encoded) {
    const binary = atob(encoded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++)
        bytes[i] = binary.charCodeAt(i);
    return bytes;
}
