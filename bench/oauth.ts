/**
 * 5. OAuth 1.0a: HMAC-SHA1 signatures (an `Authorization` header for a request with query parameters)
 * per second, ours against the oauth-1.0a package and twitter-api-v2's signer, taking turns.
 */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureOutputs } from './generation.ts';
import { alternate, median, ratio } from './lib/measure.ts';
import { peer } from './lib/peers.ts';
import { BENCH, XGEN_CORE } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const CONTENDERS = ['xgen', 'oauth-1.0a', 'twitter-api-v2'] as const;
type Contender = (typeof CONTENDERS)[number];
const LABELS: Record<Contender, string> = {
  xgen: '@xgen/core-v2 oauth1Sign (pure-JS HMAC-SHA1)',
  'oauth-1.0a': 'oauth-1.0a + node:crypto HMAC',
  'twitter-api-v2': 'twitter-api-v2 OAuth1Helper',
};
const BATCH = 2_000;
const ROUNDS = 7;

const URL_ =
  'https://api.x.com/2/tweets?ids=1460323737035677698,1293593516040269825&tweet.fields=created_at,author_id';
const CONSUMER = { key: 'xvz1evFS4wEEPTGEFPHBog', secret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw' };
const TOKEN = {
  key: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  secret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};

type Sign = () => unknown;

interface OAuthFactory {
  (options: {
    consumer: { key: string; secret: string };
    signature_method: string;
    hash_function: (base: string, key: string) => string;
  }): {
    authorize(request: { url: string; method: string }, token: { key: string; secret: string }): unknown;
    toHeader(data: unknown): { Authorization: string };
  };
}
interface OAuth1HelperClass {
  new (options: { consumerKeys: { key: string; secret: string } }): {
    authorize(request: { url: string; method: string }, token: { key: string; secret: string }): unknown;
    toHeader(data: unknown): { Authorization: string };
  };
}

async function signers(): Promise<Record<Contender, Sign>> {
  const { oauth1Sign } = await peer<{
    oauth1Sign(
      request: { method: string; url: string },
      credentials: Record<string, string>,
    ): Promise<{ header: string }>;
  }>(join(XGEN_CORE, 'dist/index.js'));
  // Both peers are CommonJS; twitter-api-v2 does not export its signer from the package root.
  const require = createRequire(join(BENCH, 'package.json'));
  const OAuth = require('oauth-1.0a') as OAuthFactory;
  const { OAuth1Helper } = require('twitter-api-v2/dist/cjs/client-mixins/oauth1.helper.js') as {
    OAuth1Helper: OAuth1HelperClass;
  };
  const oauth = OAuth({
    consumer: CONSUMER,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const helper = new OAuth1Helper({ consumerKeys: CONSUMER });
  const credentials = {
    consumerKey: CONSUMER.key,
    consumerSecret: CONSUMER.secret,
    token: TOKEN.key,
    tokenSecret: TOKEN.secret,
  };
  return {
    xgen: () => oauth1Sign({ method: 'GET', url: URL_ }, credentials),
    'oauth-1.0a': () => oauth.toHeader(oauth.authorize({ url: URL_, method: 'GET' }, TOKEN)).Authorization,
    'twitter-api-v2': () =>
      helper.toHeader(helper.authorize({ url: URL_, method: 'GET' }, TOKEN)).Authorization,
  };
}

async function batch(sign: Sign): Promise<number> {
  const started = performance.now();
  // Awaiting a plain value costs a microtask too, so every contender is awaited the same way.
  for (let i = 0; i < BATCH; i++) await sign();
  return performance.now() - started;
}

export async function run(): Promise<Section> {
  await ensureOutputs();
  const sign = await signers();
  const results = await alternate(CONTENDERS, { warmup: 1, runs: ROUNDS }, (c) => batch(sign[c]));
  const rate = new Map(CONTENDERS.map((c) => [c, BATCH / (median(results.get(c)!) / 1000)] as const));
  const rows = CONTENDERS.map((c) => [
    LABELS[c],
    Math.round(rate.get(c)!).toLocaleString('en'),
    `${(1e6 / rate.get(c)!).toFixed(1)} µs`,
    ratio(rate.get(c), rate.get('xgen')),
  ]);
  const body = [
    table(['signer', 'signatures/s (median)', 'per signature', 'rate vs xgen'], rows),
    '',
    `HMAC-SHA1 \`Authorization\` header for GET ${URL_.split('?')[0]} with two query parameters, consumer key and user token; fresh nonce and timestamp each time. Batches of ${BATCH.toLocaleString('en')} signatures, ${ROUNDS} per signer after a warm-up batch, taking turns; every call is awaited (ours returns a promise for API stability; it signs synchronously).`,
  ].join('\n');
  const ours = rate.get('xgen')!;
  const theirs = rate.get('oauth-1.0a')!;
  return {
    title: 'OAuth 1.0a signing',
    body,
    targets: [
      [
        "OAuth signing ≥ the oauth-1.0a package's rate",
        `${Math.round(ours).toLocaleString('en')}/s vs ${Math.round(theirs).toLocaleString('en')}/s (${(ours / theirs).toFixed(2)}x)`,
        ours >= theirs,
      ],
    ],
  };
}
