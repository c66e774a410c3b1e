/**
 * 4. Request overhead: 10,000 requests per client against a loopback server (its own process), the same
 * post lookup each time, sequentially; the clients take turns in rounds of 1,000.
 */
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { alternate, median, ratio } from './lib/measure.ts';
import { peer } from './lib/peers.ts';
import { BENCH, ROOT } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

/**
 * The committed package, which `npm run generate -- --check` keeps current, so a partial run measures the
 * runtime as it is now; XGEN_BENCH_CORE points at another build of it (an older checkout's, to compare).
 */
const XGEN_CORE = process.env.XGEN_BENCH_CORE ?? join(ROOT, 'generated/core-v2');

const CONTENDERS = ['xgen', 'fetch', 'xdk', 'twitter-api-v2', 'xgen-no-timeout', 'fetch-timeout'] as const;
type Contender = (typeof CONTENDERS)[number];
const LABELS: Record<Contender, string> = {
  xgen: '@xgen/core-v2',
  fetch: 'bare fetch',
  'xgen-no-timeout': '@xgen/core-v2, `timeoutMs: 0`',
  'fetch-timeout': 'bare fetch + AbortSignal.timeout',
  xdk: '@xdevplatform/xdk',
  'twitter-api-v2': 'twitter-api-v2',
};
const TOTAL = 10_000;
const ROUND = 1_000;
const WARMUP = 500;

async function startServer(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, [join(BENCH, 'lib/server.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { port, stop: () => child.stdin.end() };
}

type Call = () => Promise<unknown>;

async function makeCalls(origin: string): Promise<Record<Contender, Call>> {
  type Ctor<T> = new (...args: never[]) => T;
  const { CoreClient } = await peer<{ CoreClient: Ctor<{ tweets: { getPostsByIds(p: { ids: string[] }): Promise<unknown> } }> }>(
    join(XGEN_CORE, 'dist/index.js'),
  );
  const { Client } = await peer<{ Client: Ctor<{ posts: { getByIds(ids: string[]): Promise<unknown> } }> }>('@xdevplatform/xdk');
  const { TwitterApi } = await peer<{ TwitterApi: Ctor<{ v2: { _prefix: string; tweets(ids: string[]): Promise<unknown> } }> }>('twitter-api-v2');
  const make = <T>(C: Ctor<T>, ...args: unknown[]): T => new (C as unknown as new (...a: unknown[]) => T)(...args);
  const ours = make(CoreClient, { baseUrl: origin, auth: { bearerToken: 'TOKEN' } });
  const oursNoTimeout = make(CoreClient, { baseUrl: origin, auth: { bearerToken: 'TOKEN' }, timeoutMs: 0 });
  const xdk = make(Client, { baseUrl: origin, bearerToken: 'TOKEN' });
  // twitter-api-v2 always calls https.request; an http.Agent makes it speak plain HTTP to the loopback.
  const tav2 = make(TwitterApi, 'TOKEN', { httpAgent: new Agent({ keepAlive: true }) });
  tav2.v2._prefix = `${origin}/2/`;
  const url = `${origin}/2/tweets?ids=20`;
  return {
    xgen: () => ours.tweets.getPostsByIds({ ids: ['20'] }),
    fetch: async () => (await fetch(url, { headers: { authorization: 'Bearer TOKEN' } })).json(),
    xdk: () => xdk.posts.getByIds(['20']),
    'twitter-api-v2': () => tav2.v2.tweets(['20']),
    // The two rows that split our overhead: the client without its default 30 s timeout, and bare
    // fetch with a timeout signal of its own (what enforcing a timeout costs inside Node's fetch).
    'xgen-no-timeout': () => oursNoTimeout.tweets.getPostsByIds({ ids: ['20'] }),
    'fetch-timeout': async () => (await fetch(url, { headers: { authorization: 'Bearer TOKEN' }, signal: AbortSignal.timeout(30_000) })).json(),
  };
}

async function loop(call: Call, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await call();
  return performance.now() - started;
}

export async function run(): Promise<Section> {
  const server = await startServer();
  try {
    const calls = await makeCalls(`http://127.0.0.1:${server.port}`);
    for (const c of CONTENDERS) await loop(calls[c], WARMUP);
    const results = await alternate(CONTENDERS, { warmup: 0, runs: TOTAL / ROUND }, (c) => loop(calls[c], ROUND));
    const perRequest = new Map(CONTENDERS.map((c) => [c, (median(results.get(c)!) / ROUND) * 1000] as const));
    const total = new Map(CONTENDERS.map((c) => [c, results.get(c)!.reduce((a, b) => a + b, 0)] as const));
    const rows = CONTENDERS.map((c) => [
      LABELS[c],
      `${perRequest.get(c)!.toFixed(0)} µs`,
      `${Math.round(1e6 / perRequest.get(c)!)}`,
      `${(total.get(c)! / 1000).toFixed(2)} s`,
      ratio(perRequest.get(c), perRequest.get('fetch')),
      ratio(perRequest.get(c), perRequest.get('xgen')),
    ]);
    const body = [
      table(['client', 'per request (median)', 'requests/s', `${TOTAL.toLocaleString('en')} requests`, 'vs bare fetch', 'vs xgen'], rows),
      '',
      `GET /2/tweets?ids=20 with a bearer token against a loopback HTTP server in another process; each client sends ${TOTAL.toLocaleString('en')} requests one after another (after ${WARMUP} warm-up requests), the clients taking turns in rounds of ${ROUND.toLocaleString('en')}; per request is the median round divided by ${ROUND.toLocaleString('en')}. Every client parses the JSON body. twitter-api-v2 uses node:http with a keep-alive agent; the others use the global fetch (undici). Our client has a 30 s timeout by default, enforced with one AbortController per attempt; the last two rows split its overhead into the client's own code (\`timeoutMs: 0\`) and what a timeout signal costs bare fetch.`,
    ].join('\n');
    const overhead = perRequest.get('xgen')! / perRequest.get('fetch')!;
    const ownCode = perRequest.get('xgen-no-timeout')! / perRequest.get('fetch')!;
    return {
      title: 'Request overhead',
      body,
      targets: [
        ['request overhead ≤ 1.1x bare fetch (default 30 s timeout)', `${overhead.toFixed(2)}x`, overhead <= 1.1],
        ['… without a timeout (`timeoutMs: 0`)', `${ownCode.toFixed(2)}x`, ownCode <= 1.1],
      ],
    };
  } finally {
    server.stop();
  }
}
