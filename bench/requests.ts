/**
 * 4. Requests: the same post lookup against a loopback server (its own process), per client, at
 * concurrency 1 (with per-request latency) and 50; the clients take turns in rounds. Then the heap
 * of our client over 100,000 calls.
 */
import { spawn } from 'node:child_process';
import { Agent, type OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { alternate, median, paired, pairedRatios, ratio, spread } from './lib/measure.ts';
import { peer } from './lib/peers.ts';
import { BENCH, ROOT } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

/**
 * The committed package, which `npm run generate -- --check` keeps current, so a partial run measures the
 * runtime as it is now; XGEN_BENCH_CORE points at another build of it (an older checkout's, to compare).
 */
const XGEN_CORE = process.env.XGEN_BENCH_CORE ?? join(ROOT, 'generated/core-v2');

const CONTENDERS = [
  'xgen',
  'xgen-fetch',
  'fetch',
  'fetch-deadline',
  'twitter-api-v2',
  'undici',
  'node-http',
] as const;
type Contender = (typeof CONTENDERS)[number];
const LABELS: Record<Contender, string> = {
  xgen: '@xgen/core-v2 (node:http transport)',
  'xgen-fetch': '@xgen/core-v2 through fetch (`fetch:` option)',
  fetch: 'bare fetch',
  'fetch-deadline': 'bare fetch with a deadline (AbortController + setTimeout)',
  'twitter-api-v2': 'twitter-api-v2',
  undici: 'undici.request',
  'node-http': 'node:http, keep-alive agent, the same request bytes',
};
/** Requests per round and rounds, at concurrency 1 and 50. */
const ROUND_1 = 1_000;
const ROUNDS_1 = 10;
const CONCURRENCY = 50;
const ROUND_50 = 5_000;
const ROUNDS_50 = 8;
const WARMUP = 1_000;
const HEAP_CALLS = 100_000;
const HEAP_SAMPLE = 10_000;

async function startServer(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, [join(BENCH, 'lib/server.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { port, stop: () => child.stdin.end() };
}

type Call = () => Promise<unknown>;

/**
 * The bytes of the request head one call sends, from a TCP server that answers a fixed 200, with the
 * port taken out of `Host` (each capture listens on its own port).
 */
async function requestHead(send: (origin: string) => Promise<unknown>): Promise<string> {
  let head = '';
  const server = createTcpServer((socket) => {
    socket.on('data', (data: Buffer) => {
      head += data.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{"data":[]}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    await send(`http://127.0.0.1:${port}`);
  } finally {
    server.close();
  }
  return head.replace(`127.0.0.1:${port}`, '127.0.0.1:PORT');
}

/** The header fields of a request head that the caller sets (node:http adds Host and Connection itself). */
function headersOf(head: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon);
    if (!/^(host|connection)$/i.test(name)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A GET through node:http and a keep-alive agent that reads the body and parses it: nothing else. */
function nodeHttpGet(target: URL, agent: Agent | false, headers: OutgoingHttpHeaders): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function makeCalls(
  origin: string,
): Promise<{ calls: Partial<Record<Contender, Call>>; heads: { xgen: string; nodeHttp: string } }> {
  type Ctor<T> = new (...args: never[]) => T;
  type Core = { tweets: { getPostsByIds(p: { ids: string[] }): Promise<unknown> } };
  const { CoreClient } = await peer<{ CoreClient: Ctor<Core> }>(join(XGEN_CORE, 'dist/index.js'));
  const { TwitterApi } = await peer<{
    TwitterApi: Ctor<{ v2: { _prefix: string; tweets(ids: string[]): Promise<unknown> } }>;
  }>('twitter-api-v2');
  const make = <T>(C: Ctor<T>, ...args: unknown[]): T =>
    new (C as unknown as new (...a: unknown[]) => T)(...args);
  const ours = make(CoreClient, { baseUrl: origin, auth: { bearerToken: 'TOKEN' } });
  const oursFetch = make(CoreClient, {
    baseUrl: origin,
    auth: { bearerToken: 'TOKEN' },
    fetch: (url: string, init: RequestInit) => fetch(url, init),
  });
  // twitter-api-v2 always calls https.request; an http.Agent makes it speak plain HTTP to the loopback.
  const tav2 = make(TwitterApi, 'TOKEN', { httpAgent: new Agent({ keepAlive: true }) });
  tav2.v2._prefix = `${origin}/2/`;
  const url = `${origin}/2/tweets?ids=20`;
  const agent = new Agent({ keepAlive: true });
  const target = new URL(url);
  // The baseline sends what our client sends, header for header (its accept and accept-encoding
  // too): a difference in time is then the client's, not a longer request's.
  const path = '/2/tweets?ids=20';
  const xgenHead = await requestHead((at) =>
    make(CoreClient, { baseUrl: at, auth: { bearerToken: 'TOKEN' } }).tweets.getPostsByIds({ ids: ['20'] }),
  );
  const sameHeaders = headersOf(xgenHead);
  const captureAgent = new Agent({ keepAlive: true });
  const nodeHttpHead = await requestHead((at) =>
    nodeHttpGet(new URL(at + path), captureAgent, sameHeaders),
  ).finally(() => captureAgent.destroy());
  const calls: Partial<Record<Contender, Call>> = {
    xgen: () => ours.tweets.getPostsByIds({ ids: ['20'] }),
    'xgen-fetch': () => oursFetch.tweets.getPostsByIds({ ids: ['20'] }),
    fetch: async () => (await fetch(url, { headers: { authorization: 'Bearer TOKEN' } })).json(),
    // What any caller of fetch pays to give each request a time limit that also stops it: the floor of
    // our client through fetch, whose default 30 s timeout needs the same signal.
    'fetch-deadline': async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      try {
        return await (
          await fetch(url, { headers: { authorization: 'Bearer TOKEN' }, signal: controller.signal })
        ).json();
      } finally {
        clearTimeout(timer);
      }
    },
    'twitter-api-v2': () => tav2.v2.tweets(['20']),
    // The floor: node:http itself with our client's headers, reading the body and parsing it, nothing else.
    'node-http': () => nodeHttpGet(target, agent, sameHeaders),
  };
  try {
    type Undici = { request(url: string, o: object): Promise<{ body: { json(): Promise<unknown> } }> };
    const undici = await peer<Undici>('undici');
    calls.undici = async () =>
      (await undici.request(url, { headers: { authorization: 'Bearer TOKEN' } })).body.json();
  } catch {
    // Not installed: its rows are left out.
  }
  return { calls, heads: { xgen: xgenHead, nodeHttp: nodeHttpHead } };
}

/** The client process's CPU time per call (µs) of each round, by contender: load on the machine moves it less than wall time. */
const cpuPerCall = new Map<Contender, number[]>();
/** The same at concurrency 1. */
const cpuPerCall1 = new Map<Contender, number[]>();

/** `count` calls, `concurrency` at a time; per-call latencies (µs) into `latencies` when given. */
async function loop(call: Call, count: number, concurrency: number, latencies?: number[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      if (latencies) {
        const t = performance.now();
        await call();
        latencies.push((performance.now() - t) * 1000);
      } else await call();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Heap after a full collection (the flag is set for this process the first time). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/** Our client's heap after every 10,000 of 100,000 calls (concurrency 50), after a collection. */
async function heapSamples(call: Call): Promise<number[]> {
  const samples = [heapAfterGc()];
  for (let done = 0; done < HEAP_CALLS; done += HEAP_SAMPLE) {
    await loop(call, HEAP_SAMPLE, CONCURRENCY);
    samples.push(heapAfterGc());
  }
  return samples;
}

export async function run(): Promise<Section> {
  const server = await startServer();
  try {
    const { calls, heads } = await makeCalls(`http://127.0.0.1:${server.port}`);
    const contenders = CONTENDERS.filter((c) => calls[c]);
    for (const c of contenders) await loop(calls[c]!, WARMUP, 1);
    for (const c of contenders) await loop(calls[c]!, WARMUP, CONCURRENCY);
    const latencies = new Map(contenders.map((c) => [c, [] as number[]]));
    const one = await alternate(contenders, { warmup: 0, runs: ROUNDS_1 }, async (c) => {
      const cpu = process.cpuUsage();
      const ms = await loop(calls[c]!, ROUND_1, 1, latencies.get(c));
      const used = process.cpuUsage(cpu);
      cpuPerCall1.set(c, [...(cpuPerCall1.get(c) ?? []), (used.user + used.system) / ROUND_1]);
      return ms;
    });
    const fifty = await alternate(contenders, { warmup: 0, runs: ROUNDS_50 }, async (c) => {
      const cpu = process.cpuUsage();
      const ms = await loop(calls[c]!, ROUND_50, CONCURRENCY);
      const used = process.cpuUsage(cpu);
      cpuPerCall.set(c, [...(cpuPerCall.get(c) ?? []), (used.user + used.system) / ROUND_50]);
      return ms;
    });
    const cpu = (c: Contender): number => median(cpuPerCall.get(c)!);
    const pairedOf = (values: Map<Contender, number[]>, a: Contender, b: Contender): number =>
      paired(values.get(a)!, values.get(b)!);
    // The range of the per-round ratios a target row states beside its median (see pairedSpread).
    const rangeOf = (values: Map<Contender, number[]>, a: Contender, b: Contender): string =>
      spread(pairedRatios(values.get(a)!, values.get(b)!));
    const fetchWall = pairedOf(one, 'xgen-fetch', 'fetch');
    const fetchCpu = pairedOf(cpuPerCall, 'xgen-fetch', 'fetch');
    const floorCpu = pairedOf(cpuPerCall, 'fetch-deadline', 'fetch');
    const ownCpu = pairedOf(cpuPerCall, 'xgen-fetch', 'fetch-deadline');
    const nodeCpu = pairedOf(cpuPerCall, 'xgen', 'node-http');
    const nodeCpu1 = pairedOf(cpuPerCall1, 'xgen', 'node-http');
    const nodeWall1 = pairedOf(one, 'xgen', 'node-http');
    const nodeWall50 = pairedOf(fifty, 'xgen', 'node-http');
    const sameBytes = heads.xgen === heads.nodeHttp;
    const rate1 = new Map(contenders.map((c) => [c, ROUND_1 / (median(one.get(c)!) / 1000)]));
    const rate50 = new Map(contenders.map((c) => [c, ROUND_50 / (median(fifty.get(c)!) / 1000)]));
    const p = (c: Contender, q: number): number => percentile(latencies.get(c)!, q);
    const per = (rates: Map<Contender, number>, c: Contender | undefined): number | undefined =>
      c && rates.has(c) ? 1 / rates.get(c)! : undefined;
    const rows = contenders.map((c) => [
      LABELS[c],
      Math.round(rate1.get(c)!).toLocaleString('en'),
      Math.round(rate50.get(c)!).toLocaleString('en'),
      `${p(c, 50).toFixed(0)} / ${p(c, 99).toFixed(0)} µs`,
      ratio(per(rate1, c), per(rate1, 'node-http')),
      ratio(per(rate50, c), per(rate50, 'node-http')),
      ratio(p(c, 99), p('node-http', 99)),
      `${cpu(c).toFixed(0)} µs`,
      ratio(cpu(c), cpu('node-http')),
    ]);
    const heap = await heapSamples(calls.xgen!);
    // Growth per call over the last 90,000 calls (the first 10,000 fill caches and pools).
    const growth = (heap[heap.length - 1]! - heap[1]!) / (HEAP_CALLS - HEAP_SAMPLE);
    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const body = [
      table(
        [
          'client',
          'req/s, c=1',
          'req/s, c=50',
          'p50 / p99, c=1',
          'time vs node:http, c=1',
          'c=50',
          'p99 vs node:http',
          'CPU per request, c=50',
          'vs node:http',
        ],
        rows,
      ),
      '',
      `GET /2/tweets?ids=20 with a bearer token against a loopback HTTP server in another process (keep-alive). At concurrency 1 each client sends ${ROUNDS_1} rounds of ${ROUND_1.toLocaleString('en')} requests one after another, at 50 ${ROUNDS_50} rounds of ${ROUND_50.toLocaleString('en')} with 50 in flight, the clients taking turns round by round (after ${WARMUP.toLocaleString('en')} warm-up requests each); req/s from the median round, p50/p99 over every request at concurrency 1. Every client parses the JSON body. The node:http baseline sends the same request head, byte for byte, as our client (its headers are read from a request our client sent, then both heads are compared: ${sameBytes ? 'identical' : 'DIFFERENT'}). "vs node:http" is time per request (or p99) over raw node:http's; below 1 is faster. twitter-api-v2 uses node:http with a keep-alive agent; bare fetch is Node's global fetch (undici inside). CPU per request is this process's user+system time per request at concurrency 50 (median round): what the client costs, less moved by other load on the machine than wall time. Paired (per round, then the median), our client on the node:http transport takes ${nodeWall1.toFixed(2)}x node:http's time at c=1 and ${nodeWall50.toFixed(2)}x at c=50, and ${nodeCpu1.toFixed(2)}x and ${nodeCpu.toFixed(2)}x its CPU per request. Through fetch, paired (the ratio within each round, where the two ran back to back, then the median of the rounds): ${fetchWall.toFixed(2)}x bare fetch's time at c=1, ${fetchCpu.toFixed(2)}x its CPU per request at c=50; bare fetch with a deadline (an AbortController and a timer per request, what our default 30 s timeout needs) ${floorCpu.toFixed(2)}x, and our client ${ownCpu.toFixed(2)}x that.`,
      '',
      `Heap of \`@xgen/core-v2\` (node:http transport) over ${HEAP_CALLS.toLocaleString('en')} calls at concurrency 50, after a full collection every ${HEAP_SAMPLE.toLocaleString('en')}: ${heap.map(mb).join(', ')}; ${growth.toFixed(2)} bytes per call from the first sample after warm-up to the last.`,
    ].join('\n');
    const r = (a: Contender, b: Contender, rates: Map<Contender, number>): number =>
      rates.get(b)! / rates.get(a)!;
    const vsHttp1 = r('xgen', 'node-http', rate1);
    const vsHttp50 = r('xgen', 'node-http', rate50);
    const p99 = p('xgen', 99) / p('node-http', 99);
    return {
      title: 'Requests',
      body,
      targets: [
        [
          'req/s ≥ twitter-api-v2 (c=1, c=50)',
          `${Math.round(rate1.get('xgen')!)} vs ${Math.round(rate1.get('twitter-api-v2')!)}; ${Math.round(rate50.get('xgen')!)} vs ${Math.round(rate50.get('twitter-api-v2')!)}`,
          rate1.get('xgen')! >= rate1.get('twitter-api-v2')! &&
            rate50.get('xgen')! >= rate50.get('twitter-api-v2')!,
        ],
        [
          'same request bytes as node:http baseline (53)',
          sameBytes
            ? 'identical heads'
            : `differ: ${JSON.stringify(heads.xgen)} vs ${JSON.stringify(heads.nodeHttp)}`,
          sameBytes,
        ],
        [
          'time per request within 1.15x of node:http, same bytes (c=1, c=50) (53)',
          `${nodeWall1.toFixed(2)}x (${rangeOf(one, 'xgen', 'node-http')}), ${nodeWall50.toFixed(2)}x (${rangeOf(fifty, 'xgen', 'node-http')}) paired; req/s medians ${vsHttp1.toFixed(2)}x, ${vsHttp50.toFixed(2)}x`,
          nodeWall1 <= 1.15 && nodeWall50 <= 1.15,
        ],
        [
          '… CPU per request within 1.15x of node:http (c=1, c=50) (53)',
          `${nodeCpu1.toFixed(2)}x (${rangeOf(cpuPerCall1, 'xgen', 'node-http')}), ${nodeCpu.toFixed(2)}x (${rangeOf(cpuPerCall, 'xgen', 'node-http')}) paired; c=50: ${cpu('xgen').toFixed(0)} vs ${cpu('node-http').toFixed(0)} µs`,
          nodeCpu1 <= 1.15 && nodeCpu <= 1.15,
        ],
        [
          'p99 at c=1 within 2x of node:http',
          `${p99.toFixed(2)}x (${p('xgen', 99).toFixed(0)} vs ${p('node-http', 99).toFixed(0)} µs)`,
          p99 <= 2,
        ],
        [
          'through fetch: overhead ≤ 1.1x bare fetch (time at c=1, CPU per request at c=50)',
          `${fetchWall.toFixed(2)}x time (${rangeOf(one, 'xgen-fetch', 'fetch')}), ${fetchCpu.toFixed(2)}x CPU (${rangeOf(cpuPerCall, 'xgen-fetch', 'fetch')}) paired; bare fetch with a deadline ${floorCpu.toFixed(2)}x CPU, the client ${ownCpu.toFixed(2)}x that`,
          fetchWall <= 1.1 && fetchCpu <= 1.1,
        ],
        ['heap per call flat over 100k calls', `${growth.toFixed(2)} B/call`, Math.abs(growth) < 16],
      ],
    };
  } finally {
    server.stop();
  }
}
