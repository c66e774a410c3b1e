import type { Send } from './types.js';
/**
 * Sends a request and follows redirects itself, so that credentials never reach another origin: a
 * same-origin redirect is signed again for its new URL, a cross-origin one carries only `accept` and
 * `content-type` (no Authorization, API key, cookie, OAuth signature, nor any header set by hand) and
 * loses an API key in its query. 303 (and 301/302 after POST) turns into a GET without a body; 307
 * and 308 keep method and body (RFC 9110). Where a redirect cannot be followed by script (a browser
 * fetch answers `opaqueredirect`): a ConnectionError.
 */
export declare const follow: Send;
