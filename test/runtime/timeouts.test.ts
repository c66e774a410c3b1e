/**
 * Timeouts and cancellation over real HTTP on loopback: a timed-out or cancelled attempt fails on
 * time and its request is really aborted (the server sees the connection go), with Node's own
 * fetch and with a `fetch` option; and a finished attempt leaves no timer behind.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { CoreClient, TimeoutError } from '../../generated/core-v2/src/index.js';
import { listenHttp } from '../helpers/server.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback server that tells when the client went away before its answer was complete. */
async function server(
  handler: Handler,
): Promise<{ url: string; gone: () => Promise<number>; close: () => Promise<void> }> {
  let goneAt: ((at: number) => void) | undefined;
  const gone = new Promise<number>((resolve) => (goneAt = resolve));
  // Watched on the connection, not the response: on a loaded machine the client may give up before
  // the server has read the request, and then no response exists to see it go.
  const answered = new WeakSet<Socket>();
  const {
    url,
    close,
    server: http,
  } = await listenHttp((req, res) => {
    res.on('finish', () => answered.add(req.socket));
    handler(req, res);
  });
  http.on('connection', (socket: Socket) =>
    socket.on('close', () => {
      if (!answered.has(socket)) goneAt?.(Date.now());
    }),
  );
  return { url, gone: () => gone, close };
}

/** Node's own fetch, and the same fetch given as an option. */
const FETCHES: [string, typeof fetch | undefined][] = [
  ['Node fetch', undefined],
  ['a fetch option', (input, init) => fetch(input, init)],
];

/** Settles like `promise`, or rejects after `ms`: a broken timeout fails the test instead of hanging it. */
const within = <T>(promise: Promise<T>, ms = 3_000): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms).unref(),
    ),
  ]);

const call = (
  url: string,
  fetchOption: typeof fetch | undefined,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
) =>
  new CoreClient({
    baseUrl: url,
    auth: { bearerToken: 'TOKEN' },
    maxRetries: 0,
    ...(fetchOption && { fetch: fetchOption }),
  }).tweets.getPostsByIds({ ids: ['20'] }, options);

for (const [label, fetchOption] of FETCHES) {
  test(`${label}: no headers in time is a TimeoutError on time, and the request is aborted`, async () => {
    const s = await server(() => undefined); // never answers
    try {
      const started = Date.now();
      const error = await within(call(s.url, fetchOption, { timeoutMs: 100 })).then(
        () => assert.unreachable('should time out'),
        (e: unknown) => e,
      );
      assert.instance(error, TimeoutError);
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 95 && elapsed < 600, `failed after ${elapsed} ms`);
      // The abort closes the connection; the server sees it within its timer resolution.
      const goneAfter =
        (await Promise.race([s.gone(), new Promise<number>((r) => setTimeout(() => r(0), 3_000))])) - started;
      assert.ok(goneAfter > 0 && goneAfter < 2_500, `the connection stayed open (${goneAfter} ms)`);
    } finally {
      await s.close();
    }
  });

  test(`${label}: a body that stops coming is a TimeoutError on time, and the request is aborted`, async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":['); // and nothing more
    });
    try {
      const started = Date.now();
      const error = await within(call(s.url, fetchOption, { timeoutMs: 150 })).then(
        () => assert.unreachable('should time out'),
        (e: unknown) => e,
      );
      assert.instance(error, TimeoutError);
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 145 && elapsed < 700, `failed after ${elapsed} ms`);
      const goneAfter =
        (await Promise.race([s.gone(), new Promise<number>((r) => setTimeout(() => r(0), 3_000))])) - started;
      assert.ok(goneAfter > 0 && goneAfter < 1_000, `the connection stayed open (${goneAfter} ms)`);
    } finally {
      await s.close();
    }
  });

  test(`${label}: the caller's signal cancels a request in flight, with or without a timeout`, async () => {
    for (const timeoutMs of [30_000, 0]) {
      const s = await server(() => undefined);
      try {
        const controller = new AbortController();
        setTimeout(() => controller.abort(new Error('cancelled by caller')), 50);
        const error = await within(call(s.url, fetchOption, { timeoutMs, signal: controller.signal })).then(
          () => assert.unreachable('should be cancelled'),
          (e: unknown) => e,
        );
        assert.is((error as Error).message, 'cancelled by caller');
        const goneAt = await Promise.race([
          s.gone(),
          new Promise<number>((r) => setTimeout(() => r(0), 3_000)),
        ]);
        assert.ok(goneAt > 0, 'the request was aborted');
      } finally {
        await s.close();
      }
    }
  });

  test(`${label}: a call that succeeds leaves no timer behind`, async () => {
    const body = JSON.stringify({ data: [{ id: '20', text: 't', edit_history_tweet_ids: ['20'] }] });
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    try {
      const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
      await call(s.url, fetchOption, { timeoutMs: 60_000 }); // warm: undici's own timers settle
      const before = timers();
      for (let i = 0; i < 20; i++) await call(s.url, fetchOption, { timeoutMs: 60_000 });
      assert.ok(timers() <= before, `timers: ${before} before, ${timers()} after`);
    } finally {
      await s.close();
    }
  });
}

test('on the node:http transport, calls in flight together keep one timer for their time limits', async () => {
  if (process.env.XGEN_TEST_TRANSPORT === 'fetch') return;
  const body = JSON.stringify({ data: [{ id: '20', text: 't', edit_history_tweet_ids: ['20'] }] });
  const held: ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const allArrived = new Promise<void>((resolve) => (arrived = resolve));
  const s = await server((_req, res) => {
    held.push(res);
    if (held.length === 20) arrived();
  });
  const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  try {
    const before = timers();
    const calls = Array.from({ length: 20 }, () => call(s.url, undefined, { timeoutMs: 60_000 }));
    await within(allArrived);
    const during = timers();
    for (const res of held.splice(0)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }
    await Promise.all(calls);
    assert.ok(during <= before + 1, `timers: ${before} before, ${during} with 20 calls in flight`);
    assert.ok(timers() <= before, `timers: ${before} before, ${timers()} after`);
  } finally {
    await s.close();
  }
});

test.run();
