/**
 * A seeded chaos server on loopback (raw TCP, so that it can break HTTP the way networks do): resets,
 * stalls before and inside the body, 5xx and 429, bodies cut short (plain and gzip), wrong and empty
 * bodies, redirect loops and redirects to another origin. Every call of @xgen/core-v2 must settle
 * in bounded time with the right value or the error its last answer calls for, retried exactly when
 * the README says, with no token in any error and none sent to the other origin; and nothing is left
 * behind (timers). Runs on the transport the test process resolves (node:http, or fetch under
 * `--conditions=xgen-fetch`: test/run.ts runs it both ways).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ConnectionError, CoreClient, TimeoutError } from '../../generated/core-v2/src/index.js';

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
  path: string;
  headers: Record<string, string>;
}

/** A raw HTTP/1.1 server: calls `answer` with each request head; keep-alive unless the answer closes. */
async function rawServer(answer: (seen: Seen, socket: Socket) => void): Promise<{ server: Server; url: string; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end).split('\r\n');
        buffered = buffered.slice(end + 4);
        const [, path = '/'] = head[0]!.split(' ');
        const headers: Record<string, string> = {};
        for (const line of head.slice(1)) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        answer({ path, headers }, socket);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, sockets };
}

function head(status: number, headers: Record<string, string | number>): string {
  return `HTTP/1.1 ${status} X\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

const bodyFor = (id: string): string => JSON.stringify({ data: [{ id, text: `post ${id} ${'lorem ipsum '.repeat(40)}`, edit_history_tweet_ids: [id] }] });

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
    if (seen.path.startsWith('/loop/')) return void socket.write(head(302, { location: seen.path, 'content-length': 0 }));
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
        return void socket.write(head(Number(kind), { ...json, 'content-length': error.length, 'retry-after': 0 }) + error);
      }
      case 'wrong-type':
        return void socket.write(head(200, { 'content-type': 'text/html', 'content-length': 13 }) + '<html></html>');
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
  const client = new CoreClient({ baseUrl: main.url, auth: { bearerToken: TOKEN }, timeoutMs: TIMEOUT_MS, maxRetries: MAX_RETRIES, sleep: async () => undefined });
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
          if (took > (MAX_RETRIES + 1) * TIMEOUT_MS + 2_000) problems.push(`${label}: took ${took.toFixed(0)} ms`);
          // Retried exactly on connection failures, 5xx and 429, at most MAX_RETRIES times.
          const retries = kinds.slice(0, -1);
          if (retries.some((k) => !RETRIED.has(k))) problems.push(`${label}: retried after an answer that is not retried`);
          if (last && RETRIED.has(last) && kinds.length <= MAX_RETRIES) problems.push(`${label}: not retried`);
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
            if (!want || !(error instanceof (want as typeof Error))) problems.push(`${label}: ${String(error)}`);
          } else {
            const value = outcome.value as { data?: { id?: string }[] } | undefined;
            const got = value?.data?.[0]?.id;
            const want = last === 'redirect-away' ? 'away' : last === 'ok' || last === 'ok-gzip' ? id : undefined;
            if (want === undefined || got !== want) problems.push(`${label}: resolved to ${JSON.stringify(value)?.slice(0, 80)}`);
          }
        }),
      );
    }
  } finally {
    for (const socket of stalled) socket.destroy();
    for (const s of [main, other]) {
      for (const socket of s.sockets) socket.destroy();
      s.server.close();
    }
  }
  const elapsed = performance.now() - started;
  for (const seen of away) if (seen.headers.authorization || JSON.stringify(seen).includes(TOKEN)) problems.push(`the token reached the other origin: ${seen.path}`);
  assert.equal(problems, [], problems.join('\n'));
  // Every kind of fault was met (the seed decides which calls meet which).
  for (const kind of KINDS) assert.ok([...served.values()].some((k) => k.includes(kind)), `the storm never served ${kind}`);
  assert.ok(elapsed < 30_000, `the storm took ${elapsed.toFixed(0)} ms`);
  // Nothing left behind: every attempt's timer was cleared.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const timersAfter = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  assert.ok(timersAfter <= timersBefore, `${timersAfter - timersBefore} timers left behind`);
  void tally;
});

test.run();
