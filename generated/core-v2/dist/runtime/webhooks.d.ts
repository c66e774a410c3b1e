/**
 * Webhook helpers for an API that signs its deliveries with HMAC-SHA256 keyed by the app's consumer
 * secret (the spec's `x-webhook-signature`): the challenge-response check (CRC) and verification of
 * the signature header of a delivery.
 *
 * Dependency-free (WebCrypto, `TextEncoder`, `atob`), so it runs in
 * Node 20+, browsers and edge runtimes.
 */
/** Body to return (as JSON) from a GET CRC check. */
export interface CrcResponse {
  response_token: string;
}
/**
 * Answer a CRC challenge: `sha256=` + base64(HMAC-SHA256(consumerSecret, crcToken)).
 * Return it as JSON with status 200 from the webhook's GET handler.
 */
export declare function crcResponse(crcToken: string, consumerSecret: string): Promise<CrcResponse>;
/**
 * Check a delivery's signature header (`sha256=<base64>`) against the
 * raw request body. Pass the body bytes exactly as received (before any JSON
 * parsing); a string is UTF-8 encoded. Returns false for a missing or malformed
 * header; the MAC comparison runs in constant time.
 */
export declare function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  consumerSecret: string,
): Promise<boolean>;
/**
 * Compare two byte arrays without an early exit: the time taken depends only on
 * the lengths (which are public: always 32 here), not on where they differ.
 */
export declare function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean;
