/**
 * Redirects followed by the client itself, where a redirect can be seen (`redirect: 'manual'` gives
 * the 3xx): on Node, Deno, Bun and edge runtimes, and through a `fetch` option there. The `node` and
 * `default` transports send with this; the browser one lets the browser follow, so a browser bundle
 * does not carry it.
 *
 * Like the transports, it imports nothing of the runtime (types only): `#transport` resolves to the
 * package's built files whichever copy of the runtime loads it, so its errors come from `call.fail`.
 */
import type { SigningTarget } from './auth.js';
import type { Call, Deadline, Send } from './types.js';

/** Failures of a connection after a request may have gone out on it (not a refusal, nor a name that did not resolve). */
const BROKE_AFTER_SENDING = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * A failed request that may not be sent twice (a POST without `retryNonIdempotent`): when its
 * connection broke after it went out, the server may have acted on it, and the caller must know
 * before trying again. Here rather than in the runtime: a browser's fetch names no such cause, so
 * a browser bundle does not carry it.
 */
function notResent(call: Call, method: string, error: unknown): unknown {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  if (typeof code !== 'string' || !BROKE_AFTER_SENDING.has(code)) return error;
  return call.fail(
    `${code} after sending: the server may have received it; a ${method} is resent only with retryNonIdempotent`,
  );
}

/** Redirects followed before giving up. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends a request and follows redirects itself, so that credentials never reach another origin: a
 * same-origin redirect is signed again for its new URL, a cross-origin one carries only `accept` and
 * `content-type` (no Authorization, API key, cookie, OAuth signature, nor any header set by hand) and
 * loses an API key in its query. 303 (and 301/302 after POST) turns into a GET without a body; 307
 * and 308 keep method and body (RFC 9110). Where a redirect cannot be followed by script (a browser
 * fetch answers `opaqueredirect`): a ConnectionError.
 */
export const follow: Send = async (
  call: Call,
  first: SigningTarget,
  body: BodyInit | null,
  deadline: Deadline,
): Promise<Response> => {
  // Called as a plain function: a browser's fetch refuses any other `this` than the window.
  const { op, native, fetch } = call;
  let { url, method, headers, form } = first;
  for (let redirects = 0; ; redirects++) {
    // The node transport watches the deadline itself; a fetch gets its signal (in the literal: one shape).
    const init: RequestInit = {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: native ? null : (deadline.signal ?? null),
    };
    let response: Response;
    try {
      response = await (native ? fetch(url, init, deadline) : fetch(url, init));
    } catch (error) {
      throw deadline.resendable || deadline.stopped ? error : notResent(call, method, error);
    }
    const status = response.status;
    if (response.type === 'opaqueredirect')
      throw call.fail(
        'the server answered with a redirect, which a browser does not let a script follow; use the URL it redirects to as baseUrl',
      );
    const location = REDIRECTS.has(status) ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    if (redirects >= MAX_REDIRECTS) throw call.fail(`more than ${MAX_REDIRECTS} redirects (last ${status})`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw call.fail(`redirected (${status}) to an invalid URL`);
    }
    if (next.protocol !== 'https:' && next.protocol !== 'http:')
      throw call.fail(`redirected (${status}) to a ${next.protocol} URL`);
    headers = call.headers();
    // 303 turns any method but HEAD into GET; 301 and 302 turn POST into GET, as browsers do.
    if (status === 303 ? method !== 'HEAD' : status < 303 && method === 'POST') {
      method = 'GET';
      body = null;
      form = undefined;
      delete headers['content-type'];
    }
    // Compared with the first request's origin (worked out here: most requests never meet a redirect).
    if (next.origin === new URL(first.url).origin)
      url = await call.sign({ method, url: next.href, form, headers });
    else {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name === 'accept' || name === 'content-type'),
      );
      if (op.apiKey?.in === 'query') next.searchParams.delete(op.apiKey.name);
      url = next.href;
    }
  }
};
