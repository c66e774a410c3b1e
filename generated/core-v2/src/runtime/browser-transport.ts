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
import type { Call, Deadline, Send, ClearTimer, SetTimer, Transport } from './types.js';
import type { SigningTarget } from './auth.js';

export const transport: Transport | undefined = undefined;

/** Attempts' time limits: a `setTimeout` each (called as plain functions: a browser's refuse another `this`). */
export const setTimer: SetTimer = setTimeout;
export const clearTimer = clearTimeout as ClearTimer;

/**
 * Lets fetch follow redirects where every credential of the call travels in `Authorization` (a
 * bearer token, Basic) or there is none. An API key in another header would be forwarded to another
 * origin, one in the query would stay in a `Location` the server wrote, and an OAuth 1.0a signature
 * holds only for the first URL: those calls keep `redirect: 'manual'`, and a redirect is a
 * ConnectionError saying so. `manual` rather than `'error'`: fetch reports `'error'` as a network
 * failure, which would be retried and could not be told apart. A `fetch` option is never asked to
 * follow (the client does not know what it does with credentials): the same error.
 */
export const send: Send = async (
  { fetch, given, kind, fail }: Call,
  first: SigningTarget,
  body: BodyInit | null,
  deadline: Deadline,
): Promise<Response> => {
  // `fetch` is called as a plain function: a browser's refuses any other `this` than the window.
  const follows = !given && [undefined, 'bearer', 'oauth2', 'basic'].includes(kind);
  const response = await fetch(first.url, {
    method: first.method,
    headers: first.headers,
    body,
    redirect: follows ? 'follow' : 'manual',
    signal: deadline.signal ?? null,
  });
  if (
    follows ||
    (response.type !== 'opaqueredirect' &&
      !(response.status > 300 && response.status < 400 && response.headers.has('location')))
  )
    return response;
  throw fail(
    `the server answered with a redirect, not followed in a browser ${given ? 'through the fetch option' : `with ${kind} credentials`}; use the URL it redirects to as baseUrl`,
  );
};
