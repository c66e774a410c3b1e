/**
 * Streams of @xgen/core-v2 over real HTTP on loopback: newline-delimited JSON, keep-alives, events
 * split across chunks, typed problems, stalls, and reconnection on X's schedule. Reconnection waits
 * go through an injected `sleep` (recorded, not slept).
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  ConnectionError,
  CoreClient,
  type ReconnectEvent,
} from '../../generated/core-v2/src/index.js';
import { streamPosts } from '../../generated/core-v2/src/operations.js';
import { createCore } from '../../generated/core-v2/src/runtime/http.js';
import { EventStream } from '../../generated/core-v2/src/runtime/stream.js';
import type { OperationSpec } from '../../generated/core-v2/src/runtime/types.js';
import { type Reply, startServer, type TestServer } from '../helpers/server.js';

const TOKEN = 'AAAA-secret-bearer-token-never-shown';
const NOW = 1_700_000_000_000;
const NDJSON = { 'content-type': 'application/json' };
let server: TestServer;
let replies: Reply[];
let waits: number[];

test.before(async () => {
  server = await startServer(
    () => replies.shift() ?? { status: 500, body: { title: 'no reply left', type: 'about:blank' } },
  );
});
test.after(async () => {
  await server.close();
});
test.before.each(() => {
  server.requests.length = 0;
  replies = [];
  waits = [];
});

/** Records each wait instead of sleeping; gives up after 50, so that a broken stop rule fails instead of spinning. */
async function record(ms: number): Promise<void> {
  waits.push(ms);
  if (waits.length > 50) throw new Error('reconnected more than 50 times');
}

const client = (extra: ConstructorParameters<typeof CoreClient>[0] = {}) =>
  new CoreClient({
    baseUrl: server.url,
    auth: { bearerToken: TOKEN },
    sleep: record,
    now: () => NOW,
    ...extra,
  });

const line = (id: string) =>
  `${JSON.stringify({ data: { id, text: `post ${id}`, edit_history_tweet_ids: [id] }, matching_rules: [{ id: '10', tag: 'coffee' }] })}\r\n`;
const streamOf = (...data: string[]): Reply => ({
  status: 200,
  headers: NDJSON,
  chunks: data.map((d) => ({ data: d, pauseMs: 10 })),
});

test('keep-alives, an event split across three chunks, a drop: every event once, a reconnect after 250 ms, and on', async () => {
  const split = line('2');
  replies = [
    {
      status: 200,
      headers: NDJSON,
      chunks: [
        { data: '\r\n', pauseMs: 15 },
        { data: line('1'), pauseMs: 15 },
        { data: '\r\n', pauseMs: 15 },
        { data: split.slice(0, 20), pauseMs: 15 },
        { data: split.slice(20, 45), pauseMs: 15 },
        { data: split.slice(45), pauseMs: 15 },
        { data: '\r\n', pauseMs: 15 },
        // Cut off mid-event by the drop: lost with the connection, never yielded half.
        { data: '{"data":{"id":"3","te', pauseMs: 15 },
      ],
      abort: true,
    },
    streamOf('\r\n', line('4'), '\r\n'),
  ];
  const reconnects: ReconnectEvent[] = [];
  const stream = client().stream.posts(
    { 'tweet.fields': ['created_at'] },
    { reconnect: { onReconnect: (e) => reconnects.push(e) } },
  );
  const ids: string[] = [];
  for await (const event of stream) {
    ids.push(event.data?.id ?? '?');
    assert.is(event.matching_rules?.[0]?.tag, 'coffee');
    if (ids.length === 3) stream.close();
  }
  assert.equal(ids, ['1', '2', '4']);
  assert.equal(waits, [250]);
  assert.equal(
    reconnects.map((e) => [e.attempt, e.kind, e.delayMs, e.error instanceof ConnectionError]),
    [[1, 'network', 250, true]],
  );
  assert.is(stream.connections, 2);
  assert.is(server.requests.length, 2);
  for (const req of server.requests) {
    assert.is(req.path, '/2/tweets/search/stream');
    assert.is(req.query.get('tweet.fields'), 'created_at');
    assert.is(req.headers.authorization, `Bearer ${TOKEN}`);
  }
  assert.ok(stream.closed);
});

test('an operational-disconnect problem is yielded typed, and the stream reconnects after the server closes it', async () => {
  const disconnect = {
    errors: [
      {
        type: 'https://api.twitter.com/2/problems/operational-disconnect',
        title: 'operational-disconnect',
        detail: 'This stream has been disconnected upstream for operational reasons.',
        disconnect_type: 'UpstreamOperationalDisconnect',
      },
    ],
  };
  const event = {
    data: {
      event_type: 'profile.update.bio',
      event_uuid: '1',
      filter: { user_id: '2244994945' },
      payload: { before: 'a', after: 'b' },
    },
  };
  replies = [streamOf(`${JSON.stringify(disconnect)}\r\n`), streamOf(`${JSON.stringify(event)}\r\n`)];
  const stream = client().accountActivity.activityStream();
  const disconnectTypes: string[] = [];
  const eventTypes: string[] = [];
  for await (const item of stream) {
    for (const problem of item.errors ?? []) {
      if (problem.type === 'https://api.twitter.com/2/problems/operational-disconnect')
        disconnectTypes.push(problem.disconnect_type ?? 'none');
    }
    if (item.data) {
      eventTypes.push(item.data.event_type ?? '?');
      stream.close();
    }
  }
  assert.equal(disconnectTypes, ['UpstreamOperationalDisconnect']);
  assert.equal(eventTypes, ['profile.update.bio']);
  assert.equal(waits, [250], 'a stream the server closes counts as a network disconnect');
  assert.is(server.requests[0]?.path, '/2/activity/stream');
});

test('HTTP errors back off exponentially from 5 s, 429s from 1 minute (or until the reset)', async () => {
  replies = [
    { status: 503, body: { type: 'about:blank', title: 'Service Unavailable' } },
    { status: 503, body: {} },
    { status: 500, body: {} },
    { status: 429, body: {} },
    { status: 429, headers: { 'x-rate-limit-reset': String(NOW / 1000 + 300) }, body: {} },
    { status: 429, body: {} },
    streamOf(line('1')),
  ];
  const kinds: string[] = [];
  const stream = client({ maxRetries: 5 }).stream.posts(
    {},
    { reconnect: { onReconnect: (e) => kinds.push(`${e.attempt}:${e.kind}`) } },
  );
  for await (const event of stream) {
    assert.is(event.data?.id, '1');
    stream.close();
  }
  assert.equal(waits, [5_000, 10_000, 20_000, 60_000, 300_000, 240_000]);
  assert.equal(kinds, ['1:http', '2:http', '3:http', '4:rate-limit', '5:rate-limit', '6:rate-limit']);
  assert.is(server.requests.length, 7, 'the client retries do not run under the stream');
});

test('network errors back off linearly up to the cap, and a healthy connection starts the schedule again', async () => {
  replies = [
    { destroy: 'mid-head' },
    { destroy: 'mid-head' },
    { destroy: 'mid-head' },
    { destroy: 'mid-head' },
    { ...streamOf(line('1')), abort: true },
    { destroy: 'mid-head' },
    streamOf(line('2')),
  ];
  const stream = client().stream.posts({}, { reconnect: { networkMaxMs: 600 } });
  const ids: string[] = [];
  for await (const event of stream) {
    ids.push(event.data?.id ?? '?');
    if (ids.length === 2) stream.close();
  }
  assert.equal(ids, ['1', '2']);
  assert.equal(waits, [250, 500, 600, 600, 250, 500]);
});

test('a stall (no byte within stallTimeoutMs) is a disconnect: the stream reconnects', async () => {
  replies = [
    { status: 200, headers: NDJSON, chunks: [{ data: line('1'), pauseMs: 1_000 }, { data: line('never') }] },
    streamOf(line('2')),
  ];
  const errors: string[] = [];
  const stream = client().stream.posts(
    {},
    { stallTimeoutMs: 100, reconnect: { onReconnect: (e) => errors.push(e.error.message) } },
  );
  const ids: string[] = [];
  const started = Date.now();
  for await (const event of stream) {
    ids.push(event.data?.id ?? '?');
    if (ids.length === 2) stream.close();
  }
  assert.equal(ids, ['1', '2']);
  assert.is(errors.length, 1);
  assert.match(errors[0] ?? '', /no data for 100 ms/);
  assert.ok(Date.now() - started < 900, 'the stall was noticed before the server spoke again');
});

test('a 401 throws ApiError without reconnecting', async () => {
  replies = [
    {
      status: 401,
      body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    },
  ];
  try {
    for await (const _ of client().stream.posts()) assert.unreachable('no events');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.is((error as ApiError).status, 401);
  }
  assert.is(server.requests.length, 1);
  assert.equal(waits, []);
});

test('reconnect: false ends at the first problem: a drop throws ConnectionError, a clean end just ends', async () => {
  replies = [{ ...streamOf(line('1')), abort: true }];
  const ids: string[] = [];
  try {
    for await (const event of client().stream.posts({}, { reconnect: false }))
      ids.push(event.data?.id ?? '?');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ConnectionError);
  }
  assert.equal(ids, ['1']);
  replies = [streamOf(line('2'), '\r\n')];
  for await (const event of client().stream.posts({}, { reconnect: false })) ids.push(event.data?.id ?? '?');
  assert.equal(ids, ['1', '2']);
  // A last line without its newline: yielded when whole, dropped when cut off.
  replies = [streamOf(line('3'), line('4').trim()), streamOf(line('5'), '{"data":{"id":"6","te')];
  for await (const event of client().stream.posts({}, { reconnect: false })) ids.push(event.data?.id ?? '?');
  for await (const event of client().stream.posts({}, { reconnect: false })) ids.push(event.data?.id ?? '?');
  assert.equal(ids, ['1', '2', '3', '4', '5']);
  assert.is(server.requests.length, 4);
  assert.equal(waits, []);
});

test('maxAttempts gives up with the last error', async () => {
  replies = [{ destroy: 'mid-head' }, { destroy: 'mid-head' }, { destroy: 'mid-head' }];
  try {
    for await (const _ of client().stream.posts({}, { reconnect: { maxAttempts: 2 } }))
      assert.unreachable('no events');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ConnectionError);
  }
  assert.equal(waits, [250, 500]);
  assert.is(server.requests.length, 3);
});

test('close() or the call signal during a reconnect wait ends the iteration quietly', async () => {
  for (const how of ['close', 'signal'] as const) {
    server.requests.length = 0;
    replies = [{ destroy: 'mid-head' }];
    const controller = new AbortController();
    // The real timer sleep, with a wait that only the close can cut short (and a bound in case it does not).
    const stream = new CoreClient({ baseUrl: server.url, auth: { bearerToken: TOKEN } }).stream.posts(
      {},
      { signal: controller.signal, reconnect: { networkStepMs: 2_000, maxAttempts: 1 } },
    );
    setTimeout(() => (how === 'close' ? stream.close() : controller.abort()), 50);
    const started = Date.now();
    for await (const _ of stream) assert.unreachable('no events');
    assert.ok(Date.now() - started < 1_000, how);
    assert.is(server.requests.length, 1);
  }
});

test('a wrong content type or a line that is not JSON is a typed ApiError, not a crash', async () => {
  replies = [{ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' }];
  try {
    for await (const _ of client().stream.posts()) assert.unreachable('no events');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.match((error as Error).message, /text\/html/);
  }
  replies = [streamOf(line('1'), 'not json at all\r\n')];
  const ids: string[] = [];
  try {
    for await (const event of client().stream.posts()) ids.push(event.data?.id ?? '?');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.match((error as Error).message, /not valid JSON/);
  }
  assert.equal(ids, ['1']);
});

test('a stream opened by a POST reconnects only when it opted in: the server may have acted on the first', async () => {
  // The same stream, opened by a POST (as another spec may have it).
  const op: OperationSpec = { ...streamPosts, method: 'POST' };
  const core = createCore({ baseUrl: server.url, auth: { bearerToken: TOKEN }, sleep: record });
  const dropped = (): Reply => ({ ...streamOf(line('1')), abort: true });
  replies = [dropped(), streamOf(line('2'))];
  const ids: string[] = [];
  const error = await (async () => {
    for await (const event of new EventStream<{ data?: { id?: string } }>(core, op, {}))
      ids.push(event.data?.id ?? '?');
  })().catch((e: unknown) => e);
  assert.instance(error, ConnectionError);
  assert.equal(ids, ['1']);
  assert.is(server.requests.length, 1, 'opened once');
  replies = [dropped(), streamOf(line('2'))];
  server.requests.length = 0;
  const stream = new EventStream<{ data?: { id?: string } }>(core, op, {}, { retryNonIdempotent: true });
  for await (const event of stream) {
    ids.push(event.data?.id ?? '?');
    if (ids.length === 3) stream.close();
  }
  assert.equal(ids, ['1', '1', '2']);
  assert.equal(
    server.requests.map((r) => r.method),
    ['POST', 'POST'],
  );
});

test.run();
