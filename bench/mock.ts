/**
 * The test double's cost: the same post lookup through `CoreClient` with, as its `fetch`, a
 * hand-written stub that returns a fixed body, the mock with a fixed answer (`on`), and the mock's
 * default answer (built from the schema each call). Every mock call is also checked against the spec
 * (route, parameters, auth): that is most of what it adds. In-process; the contenders take turns.
 */
import { join } from 'node:path';
import { alternate, median, paired, ratio } from './lib/measure.ts';
import { ROOT } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const CORE = join(ROOT, 'generated/core-v2/dist');
const CONTENDERS = ['stub', 'mock-on', 'mock-default'] as const;
type Contender = (typeof CONTENDERS)[number];
const LABELS: Record<Contender, string> = {
  stub: 'hand-written fetch stub (fixed JSON body)',
  'mock-on': "createMock() with mock.on('getPostsByIds', body)",
  'mock-default': 'createMock() default answer (built from the schema)',
};
const CALLS = 2000;

export async function run(options: { runs?: number } = {}): Promise<Section> {
  const { CoreClient } = (await import(
    join(CORE, 'index.js')
  )) as typeof import('../generated/core-v2/dist/index.js');
  const { createMock } = (await import(
    join(CORE, 'testing/index.js')
  )) as typeof import('../generated/core-v2/dist/testing/index.js');
  const body = { data: [{ id: '20', text: 'hi', edit_history_tweet_ids: ['20'] }] };
  const text = JSON.stringify(body);
  const stub = async (): Promise<Response> =>
    new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  const answered = createMock();
  answered.on('getPostsByIds', body);
  const fetches: Record<Contender, (input: string, init: RequestInit) => Promise<Response>> = {
    stub,
    'mock-on': answered.fetch,
    'mock-default': createMock().fetch,
  };
  const clients = Object.fromEntries(
    CONTENDERS.map((c) => [c, new CoreClient({ auth: { bearerToken: 't' }, fetch: fetches[c] })]),
  ) as Record<Contender, InstanceType<typeof CoreClient>>;
  const results = await alternate(CONTENDERS, { warmup: 1, runs: options.runs ?? 5 }, async (contender) => {
    const client = clients[contender];
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await client.tweets.getPostsByIds({ ids: ['20'] });
    return ((performance.now() - t0) * 1000) / CALLS;
  });
  const stubRuns = results.get('stub')!;
  const rows = CONTENDERS.map((c) => {
    const runs = results.get(c)!;
    const extra = median(runs.map((v, i) => v - stubRuns[i]!));
    return [
      LABELS[c],
      median(runs).toFixed(1),
      c === 'stub' ? '-' : extra.toFixed(1),
      ratio(paired(runs, stubRuns), 1),
    ];
  });
  return {
    title: 'Mock overhead per call',
    body: [
      `A \`getPostsByIds\` call through \`CoreClient\`, ${CALLS} calls a round, ${options.runs ?? 5} rounds after a warm-up, contenders in turns. µs per call (median of rounds); "added": the mock's µs over the stub's in the same round; "vs stub": the paired ratio.`,
      '',
      table(['fetch', 'µs / call', 'added µs', 'vs stub'], rows),
    ].join('\n'),
  };
}
