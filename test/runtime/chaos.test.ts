/**
 * A seeded chaos server on loopback (raw TCP, so that it can break HTTP the way networks do): resets,
 * stalls before and inside the body, 5xx and 429, bodies cut short (plain and gzip), wrong and empty
 * bodies, redirect loops and redirects to another origin. Every call of @xgen/core-v2 must settle
 * in bounded time with the right value or the error its last answer calls for, retried exactly when
 * the README says, with no token in any error and none sent to the other origin; and nothing is left
 * behind (timers). Runs on the transport the test process resolves (node:http, or fetch under
 * `--conditions=xgen-fetch`: test/run.ts runs it both ways).
 */
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ApiError, ConnectionError, CoreClient, TimeoutError } from '../../generated/core-v2/src/index.js';
import { listenSockets } from '../helpers/server.ts';

const TOKEN = 'AAAA-chaos-bearer-token-never-shown';
const SEED = 0x5eed_2025;
const CALLS = 160;
const TIMEOUT_MS = 1_000;
const MAX_RETRIES = 2;

const KINDS = [
  'ok',
  'ok-gzip',
  'reset',
  'cut',
  'cut-gzip',
  'short-gzip',
  'stall-headers',
  'stall-body',
  '503',
  '429',
  'wrong-type',
  'not-json',
  'empty',
  'redirect-loop',
  'redirect-away',
] as const;
type Kind = (typeof KINDS)[number];
/** How often each answer comes (stalls are rare: each costs a timeout). */
const WEIGHTS: Record<Kind, number> = {
  ok: 10,
  'ok-gzip': 6,
  reset: 4,
  cut: 4,
  'cut-gzip': 4,
  'short-gzip': 3,
  'stall-headers': 1,
  'stall-body': 1,
  '503': 4,
  '429': 3,
  'wrong-type': 2,
  'not-json': 2,
  empty: 2,
  'redirect-loop': 1,
  'redirect-away': 2,
};
const RETRIED: ReadonlySet<Kind> = new Set(['reset', 'cut', 'cut-gzip', 'short-gzip', '503', '429']);

/** mulberry32: a small seeded generator, so that every run meets the same faults in the same order. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(random: () => number): Kind {
  const total = KINDS.reduce((sum, k) => sum + WEIGHTS[k], 0);
  let r = random() * total;
  for (const kind of KINDS) if ((r -= WEIGHTS[kind]) < 0) return kind;
  return 'ok';
}

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Which request on its connection this is: 0 for the first, more on a reused (kept-alive) socket. */
  nth: number;
}

/** A raw HTTP/1.1 server: calls `answer` with each whole request (head and `content-length` body); keep-alive unless the answer closes. */
function rawServer(answer: (seen: Seen, socket: Socket) => void): ReturnType<typeof listenSockets> {
  return listenSockets((socket) => {
    let buffered = '';
    let nth = 0;
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end).split('\r\n');
        const [method = 'GET', path = '/'] = head[0]!.split(' ');
        const headers: Record<string, string> = {};
        for (const line of head.slice(1)) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const body = buffered.slice(end + 4, end + 4 + length);
        buffered = buffered.slice(end + 4 + length);
        answer({ method, path, headers, body, nth: nth++ }, socket);
      }
    });
  });
}

function head(status: number, headers: Record<string, string | number>): string {
  return `HTTP/1.1 ${status} X\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

const bodyFor = (id: string): string =>
  JSON.stringify({
    data: [{ id, text: `post ${id} ${'lorem ipsum '.repeat(40)}`, edit_history_tweet_ids: [id] }],
  });

test('a seeded storm of faults: right values or the right errors, in bounded time, no token anywhere', async () => {
  const random = seeded(SEED);
  /** What was answered to each call, by the id it asked for. */
  const served = new Map<string, Kind[]>();
  const away: Seen[] = [];
  const other = await rawServer((seen, socket) => {
    away.push(seen);
    const body = bodyFor('away');
    socket.write(head(200, { 'content-type': 'application/json', 'content-length': body.length }) + body);
  });
  const stalled = new Set<Socket>();
  const main = await rawServer((seen, socket) => {
    const id = new URL(seen.path, 'http://x').searchParams.get('ids') ?? '?';
    // A loop goes on for as long as the client follows it.
    if (seen.path.startsWith('/loop/'))
      return void socket.write(head(302, { location: seen.path, 'content-length': 0 }));
    const kind = pick(random);
    served.set(id, [...(served.get(id) ?? []), kind]);
    const body = bodyFor(id);
    const json = { 'content-type': 'application/json' };
    const gz = gzipSync(body);
    switch (kind) {
      case 'ok':
        return void socket.write(head(200, { ...json, 'content-length': body.length }) + body);
      case 'ok-gzip':
        socket.write(head(200, { ...json, 'content-encoding': 'gzip', 'content-length': gz.length }));
        return void socket.write(gz);
      case 'reset':
        return void socket.resetAndDestroy();
      case 'cut':
        socket.write(head(200, { ...json, 'content-length': body.length }) + body.slice(0, body.length >> 1));
        return void socket.end();
      case 'cut-gzip':
        socket.write(head(200, { ...json, 'content-encoding': 'gzip', 'content-length': gz.length }));
        socket.write(gz.subarray(0, gz.length >> 1));
        return void socket.end();
      case 'short-gzip': {
        // Whole as HTTP goes (its content-length is what is sent), but the gzip stream stops half-way.
        const part = gz.subarray(0, gz.length >> 1);
        socket.write(head(200, { ...json, 'content-encoding': 'gzip', 'content-length': part.length }));
        return void socket.write(part);
      }
      case 'stall-headers':
        return void stalled.add(socket);
      case 'stall-body':
        stalled.add(socket);
        return void socket.write(head(200, { ...json, 'content-length': body.length }) + body.slice(0, 10));
      case '503':
      case '429': {
        const error = JSON.stringify({ title: 'Try again', detail: 'later', type: 'about:blank' });
        return void socket.write(
          head(Number(kind), { ...json, 'content-length': error.length, 'retry-after': 0 }) + error,
        );
      }
      case 'wrong-type':
        return void socket.write(
          head(200, { 'content-type': 'text/html', 'content-length': 13 }) + '<html></html>',
        );
      case 'not-json':
        return void socket.write(head(200, { ...json, 'content-length': 9 }) + 'not json!');
      case 'empty':
        return void socket.write(head(200, { ...json, 'content-length': 0 }));
      case 'redirect-loop':
        return void socket.write(head(302, { location: `/loop${seen.path}`, 'content-length': 0 }));
      case 'redirect-away':
        return void socket.write(head(307, { location: `${other.url}${seen.path}`, 'content-length': 0 }));
    }
  });
  const client = new CoreClient({
    baseUrl: main.url,
    auth: { bearerToken: TOKEN },
    timeoutMs: TIMEOUT_MS,
    maxRetries: MAX_RETRIES,
    sleep: async () => undefined,
  });
  const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const started = performance.now();
  const problems: string[] = [];
  const tally = new Map<string, number>();
  try {
    // Four calls in flight at a time; each id is its own call, so every answer is traced to its call.
    for (let batch = 0; batch < CALLS; batch += 4) {
      await Promise.all(
        [0, 1, 2, 3].map(async (offset) => {
          const id = String(1000 + batch + offset);
          const callStarted = performance.now();
          const outcome = await client.tweets.getPostsByIds({ ids: [id] }).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          const took = performance.now() - callStarted;
          const kinds = served.get(id) ?? [];
          const last = kinds.at(-1);
          const label = `${id} [${kinds.join(', ')}]`;
          tally.set(last ?? 'none', (tally.get(last ?? 'none') ?? 0) + 1);
          if (took > (MAX_RETRIES + 1) * TIMEOUT_MS + 2_000)
            problems.push(`${label}: took ${took.toFixed(0)} ms`);
          // Retried exactly on connection failures, 5xx and 429, at most MAX_RETRIES times.
          const retries = kinds.slice(0, -1);
          if (retries.some((k) => !RETRIED.has(k)))
            problems.push(`${label}: retried after an answer that is not retried`);
          if (last && RETRIED.has(last) && kinds.length <= MAX_RETRIES)
            problems.push(`${label}: not retried`);
          if ('error' in outcome) {
            const error = outcome.error;
            const text = `${String(error)} ${(error as Error).stack ?? ''} ${JSON.stringify(error)} ${String((error as Error).cause ?? '')}`;
            if (text.includes(TOKEN)) problems.push(`${label}: the token shows in the error`);
            const expected: Record<Kind, unknown> = {
              ok: undefined,
              'ok-gzip': undefined,
              reset: ConnectionError,
              cut: ConnectionError,
              'cut-gzip': ConnectionError,
              'short-gzip': ConnectionError,
              'stall-headers': TimeoutError,
              'stall-body': TimeoutError,
              '503': ApiError,
              '429': ApiError,
              'wrong-type': ApiError,
              'not-json': ApiError,
              empty: ApiError,
              'redirect-loop': ConnectionError,
              'redirect-away': undefined,
            };
            const want = last && expected[last];
            if (!want || !(error instanceof (want as typeof Error)))
              problems.push(`${label}: ${String(error)}`);
          } else {
            const value = outcome.value as { data?: { id?: string }[] } | undefined;
            const got = value?.data?.[0]?.id;
            const want =
              last === 'redirect-away' ? 'away' : last === 'ok' || last === 'ok-gzip' ? id : undefined;
            if (want === undefined || got !== want)
              problems.push(`${label}: resolved to ${JSON.stringify(value)?.slice(0, 80)}`);
          }
        }),
      );
    }
  } finally {
    for (const socket of stalled) socket.destroy();
    await Promise.all([main.close(), other.close()]);
  }
  const elapsed = performance.now() - started;
  for (const seen of away)
    if (seen.headers.authorization || JSON.stringify(seen).includes(TOKEN))
      problems.push(`the token reached the other origin: ${seen.path}`);
  assert.equal(problems, [], problems.join('\n'));
  // Every kind of fault was met (the seed decides which calls meet which).
  for (const kind of KINDS)
    assert.ok(
      [...served.values()].some((k) => k.includes(kind)),
      `the storm never served ${kind}`,
    );
  assert.ok(elapsed < 30_000, `the storm took ${elapsed.toFixed(0)} ms`);
  // Nothing left behind: every attempt's timer was cleared.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const timersAfter = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  assert.ok(timersAfter <= timersBefore, `${timersAfter - timersBefore} timers left behind`);
  void tally;
});

/** What the write storm answers: a created post, a reset as the request arrives (after the server read it), a 503. */
type WriteKind = 'created' | 'reset' | '503';
function pickWrite(random: () => number): WriteKind {
  const r = random();
  return r < 0.6 ? 'created' : r < 0.9 ? 'reset' : '503';
}

/** Active handles of a kind (sockets, timers), to see that a storm leaves none behind. */
const active = (kind: string): number => process.getActiveResourcesInfo().filter((r) => r === kind).length;

test('resets on reused sockets: a POST reaches the server at most once unless it opted in; sends stay within the policy', async () => {
  const random = seeded(SEED ^ 0x2057);
  /** The answers each call's requests got, by the text (POST) or id (GET) it carried. */
  const arrivals = new Map<string, WriteKind[]>();
  let created = 0;
  const server = await rawServer((seen, socket) => {
    const key =
      seen.method === 'POST'
        ? ((JSON.parse(seen.body || '{}') as { text?: string }).text ?? '?')
        : (new URL(seen.path, 'http://x').searchParams.get('ids') ?? '?');
    // Only a reused socket is reset: that is where a client may think the request never arrived.
    const kind = seen.nth === 0 ? 'created' : pickWrite(random);
    arrivals.set(key, [...(arrivals.get(key) ?? []), kind]);
    if (kind === 'reset') return void socket.resetAndDestroy();
    const body =
      seen.method === 'POST' ? JSON.stringify({ data: { id: String(++created), text: key } }) : bodyFor(key);
    const status = kind === '503' ? 503 : seen.method === 'POST' ? 201 : 200;
    const extra: Record<string, number> = kind === '503' ? { 'retry-after': 0 } : {};
    socket.write(
      head(status, { 'content-type': 'application/json', 'content-length': body.length, ...extra }) + body,
    );
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const timersBefore = active('Timeout');
  const socketsBefore = active('TCPSocketWrap');
  const client = new CoreClient({
    baseUrl: server.url,
    auth: { bearerToken: TOKEN },
    timeoutMs: TIMEOUT_MS,
    maxRetries: MAX_RETRIES,
    sleep: async () => undefined,
  });
  const problems: string[] = [];
  const noToken = (label: string, error: unknown): void => {
    const text = `${String(error)} ${(error as Error).stack ?? ''} ${JSON.stringify(error)} ${String((error as Error).cause ?? '')}`;
    if (text.includes(TOKEN)) problems.push(`${label}: the token shows in the error`);
  };
  /** Runs `calls` calls, twelve in flight at a time. */
  const storm = async (calls: number, one: (i: number) => Promise<void>): Promise<void> => {
    for (let next = 0; next < calls;)
      await Promise.all(Array.from({ length: Math.min(12, calls - next) }, () => one(next++)));
  };
  const started = performance.now();
  try {
    // POSTs without opt-in: never sent twice. A reset after the request went out is the caller's to judge.
    await storm(240, async (i) => {
      const text = `plain ${i}`;
      const outcome = await client.tweets.createPosts({ text }).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const got = arrivals.get(text) ?? [];
      const label = `${text} [${got.join(', ')}]`;
      if (got.length > 1) problems.push(`${label}: sent ${got.length} times without retryNonIdempotent`);
      if ('value' in outcome) {
        if (got[0] !== 'created' || outcome.value.data?.text !== text)
          problems.push(`${label}: resolved to ${JSON.stringify(outcome.value)}`);
        return;
      }
      noToken(label, outcome.error);
      if (got[0] === '503' && outcome.error instanceof ApiError) return;
      if (!(outcome.error instanceof ConnectionError))
        return void problems.push(`${label}: ${String(outcome.error)}`);
      if (got.length === 1 && !/may have received it/.test(outcome.error.message))
        problems.push(
          `${label}: the error does not say the server may have received it: ${outcome.error.message}`,
        );
    });
    // Opted in (POST) or idempotent (GET): sent again, but never more than the policy allows: each of
    // the 1 + maxRetries attempts once, plus at most one resend of each on a new connection.
    const bound = 2 * (1 + MAX_RETRIES);
    const retried = async (label: string, key: string, call: () => Promise<unknown>): Promise<void> => {
      const outcome = await call().then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const got = arrivals.get(key) ?? [];
      const tag = `${label} [${got.join(', ')}]`;
      if (got.length > bound) problems.push(`${tag}: sent ${got.length} times, more than ${bound}`);
      if (outcome.ok !== (got.at(-1) === 'created'))
        problems.push(`${tag}: ${outcome.ok ? 'resolved' : String(outcome.error)} after its last answer`);
      if (!outcome.ok) {
        noToken(tag, outcome.error);
        if (!(outcome.error instanceof ConnectionError || outcome.error instanceof ApiError))
          problems.push(`${tag}: ${String(outcome.error)}`);
      }
    };
    await storm(120, (i) =>
      retried(`opted-in ${i}`, `opted-in ${i}`, () =>
        client.tweets.createPosts({ text: `opted-in ${i}` }, { retryNonIdempotent: true }),
      ),
    );
    await storm(120, (i) =>
      retried(`get ${i}`, String(5000 + i), () => client.tweets.getPostsByIds({ ids: [String(5000 + i)] })),
    );
  } finally {
    await server.close();
    process.off('unhandledRejection', onUnhandled);
  }
  const elapsed = performance.now() - started;
  assert.equal(problems, [], problems.join('\n'));
  const all = [...arrivals.values()];
  assert.ok(
    all.some((k) => k.includes('reset')) && all.some((k) => k.includes('503')),
    'the storm served every fault',
  );
  assert.ok(
    all.some((k) => k.length > 1),
    'some opted-in or idempotent call was sent again',
  );
  assert.ok(elapsed < 20_000, `the storm took ${elapsed.toFixed(0)} ms`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(unhandled, [], 'no unhandled rejection');
  assert.ok(active('Timeout') <= timersBefore, `${active('Timeout') - timersBefore} timers left behind`);
  // The server closed every connection: the client holds none open (kept-alive ones were dropped with them).
  for (let waited = 0; active('TCPSocketWrap') > socketsBefore && waited < 2_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(
    active('TCPSocketWrap') <= socketsBefore,
    `${active('TCPSocketWrap') - socketsBefore} sockets left open`,
  );
});

test.run();
