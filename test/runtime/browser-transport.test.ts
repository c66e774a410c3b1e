/**
 * The browser transport's redirect rules, over loopback with Node's fetch (which, like a browser's,
 * drops Authorization on a cross-origin redirect; with `redirect: 'manual'` it shows the 3xx where a
 * browser shows an opaque response, and the transport refuses both). Only calls whose credentials all
 * travel in Authorization let fetch follow; an API key, OAuth 1.0a and a `fetch` option keep
 * `manual` and fail with a clear error. The whole client in Chromium: test/browser/browser.test.ts.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { send } from '../../generated/core-v2/src/runtime/browser-transport.ts';
import type { AuthKind, Call, Deadline, OperationSpec } from '../../generated/core-v2/src/runtime/types.ts';
import { startServer, type TestServer } from '../helpers/server.js';

let first: TestServer;
let second: TestServer;

test.before(async () => {
  first = await startServer((request) => ({
    status: 302,
    headers: { location: `${second.url}/landed${request.url}` },
  }));
  second = await startServer(() => ({ status: 200, body: { landed: true } }));
});
test.after(async () => {
  await first.close();
  await second.close();
});
test.before.each(() => {
  first.requests.length = 0;
  second.requests.length = 0;
});

const deadline: Deadline = { stopped: false, reason: undefined, onStop: undefined, signal: undefined };

function callOf(kind: AuthKind | undefined, given = false): Call {
  return {
    op: { id: 'getThing', method: 'GET' } as OperationSpec,
    kind,
    fetch: globalThis.fetch,
    native: false,
    given,
    headers: () => ({ accept: 'application/json' }),
    sign: (target) => target.url,
    fail: (message) => new Error(`failed: ${message}`),
  };
}

function sendWith(call: Call, headers: Record<string, string>): Promise<Response> {
  return send(call, { method: 'GET', url: `${first.url}/2/thing`, form: undefined, headers }, null, deadline);
}

test('a bearer call lets fetch follow a cross-origin redirect, which drops Authorization', async () => {
  const response = await sendWith(callOf('bearer'), {
    accept: 'application/json',
    authorization: 'Bearer SECRET-TOKEN',
  });
  assert.is(response.status, 200);
  assert.equal(await response.json(), { landed: true });
  assert.is(first.requests[0]?.headers.authorization, 'Bearer SECRET-TOKEN');
  assert.is(second.requests.length, 1);
  assert.is(second.requests[0]!.headers.authorization, undefined);
});

test('an API key or OAuth 1.0a call does not follow: a clear error, nothing reaches the other origin', async () => {
  for (const kind of ['apiKey', 'oauth1'] as const) {
    first.requests.length = 0;
    let error: Error | undefined;
    try {
      await sendWith(callOf(kind), { accept: 'application/json', 'x-api-key': 'SECRET-KEY' });
    } catch (caught) {
      error = caught as Error;
    }
    assert.ok(error, `${kind}: rejected`);
    assert.match(
      error!.message,
      `failed: the server answered with a redirect, not followed in a browser with ${kind} credentials`,
    );
    assert.not.match(error!.message, 'SECRET');
    assert.is(first.requests.length, 1);
  }
  assert.is(second.requests.length, 0, 'the key went nowhere else');
});

test('a fetch option is never asked to follow', async () => {
  let init: RequestInit | undefined;
  const call = {
    ...callOf('bearer', true),
    fetch: (url: string, given: RequestInit) => ((init = given), globalThis.fetch(url, given)),
  };
  const error = await sendWith(call, { accept: 'application/json' }).then(
    () => undefined,
    (caught: Error) => caught,
  );
  assert.is(init?.redirect, 'manual');
  assert.match(String(error?.message), 'not followed in a browser through the fetch option');
  assert.is(second.requests.length, 0);
});

test('without credentials fetch follows too; a plain answer passes through', async () => {
  const response = await sendWith(callOf(undefined), { accept: 'application/json' });
  assert.is(response.status, 200);
  assert.is(second.requests.length, 1);
});

test.run();
