/**
 * The transport in browsers (the `browser` condition of `#transport` in package.json): the global
 * `fetch`, which follows redirects itself. A script cannot follow one by hand there (`redirect:
 * 'manual'` gives an opaque response), but the browser keeps credentials to their origin on its own:
 * it drops `Authorization` on a cross-origin redirect (Fetch standard), cookies are per origin, and
 * the other origin sees the request only if its CORS rules allow it. So the hand-following code of
 * the other transports (`redirects.ts`) stays out of browser bundles.
 *
 * It imports nothing of the runtime (types only), like the other transports.
 */
import type { Send, ClearTimer, SetTimer, Transport } from './types.js';
export declare const transport: Transport | undefined;
/** Attempts' time limits: a `setTimeout` each (called as plain functions: a browser's refuse another `this`). */
export declare const setTimer: SetTimer;
export declare const clearTimer: ClearTimer;
/**
 * Lets fetch follow redirects where every credential of the call travels in `Authorization` (a
 * bearer token, Basic) or there is none. An API key in another header would be forwarded to another
 * origin, one in the query would stay in a `Location` the server wrote, and an OAuth 1.0a signature
 * holds only for the first URL: those calls keep `redirect: 'manual'`, and a redirect is a
 * ConnectionError saying so. `manual` rather than `'error'`: fetch reports `'error'` as a network
 * failure, which would be retried and could not be told apart. A `fetch` option is never asked to
 * follow (the client does not know what it does with credentials): the same error.
 */
export declare const send: Send;
