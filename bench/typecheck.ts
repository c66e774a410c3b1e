/**
 * 6. Type-check cost for a consumer: a program making 100 different calls with field and expansion
 * arguments, written once against @xgen/core-v2 and once against @xdevplatform/xdk, checked by tsc.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureOutputs } from './generation.ts';
import { alternate, mb, median, ms, ratio, runCommand } from './lib/measure.ts';
import { OUT, XGEN_CORE } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';
import { STRICT_OPTIONS, TSC } from './quality.ts';

const CALLS = 100;

// Values both clients accept.
const TWEET = [
  'attachments',
  'context_annotations',
  'conversation_id',
  'created_at',
  'entities',
  'geo',
  'id',
  'lang',
  'public_metrics',
  'possibly_sensitive',
  'reply_settings',
  'source',
  'text',
  'withheld',
  'edit_controls',
  'card_uri',
];
const EXPANSIONS = [
  'attachments.media_keys',
  'attachments.poll_ids',
  'author_id',
  'entities.mentions.username',
  'geo.place_id',
  'in_reply_to_user_id',
];
const USER = [
  'created_at',
  'description',
  'entities',
  'id',
  'location',
  'name',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'username',
  'verified',
];
const MEDIA = [
  'alt_text',
  'duration_ms',
  'height',
  'media_key',
  'preview_image_url',
  'public_metrics',
  'type',
  'url',
  'variants',
  'width',
];
const NEWS = ['category', 'contexts', 'hook', 'id', 'keywords', 'name', 'summary', 'updated_at'];
const NOTE = ['id', 'info', 'status', 'test_result'];
const CONNECTION = [
  'client_ip',
  'connected_at',
  'disconnect_reason',
  'disconnected_at',
  'endpoint_name',
  'id',
];

/** A different subset of `list` for each call. */
function pick(list: string[], i: number): string {
  const n = 1 + (i % Math.min(5, list.length));
  const start = (i * 3) % list.length;
  const out = Array.from({ length: n }, (_, k) => list[(start + k) % list.length]!);
  return `[${[...new Set(out)].map((v) => `'${v}'`).join(', ')}]`;
}

/** The i-th call, for both clients. */
function call(i: number): { xgen: string; xdk: string } {
  const [t, e, u, m, n, no, c] = [
    pick(TWEET, i),
    pick(EXPANSIONS, i),
    pick(USER, i),
    pick(MEDIA, i),
    pick(NEWS, i),
    pick(NOTE, i),
    pick(CONNECTION, i),
  ];
  switch (i % 7) {
    case 0:
      return {
        xgen: `client.tweets.getPostsByIds({ ids: ['${i}'], 'tweet.fields': ${t}, expansions: ${e}, 'user.fields': ${u}, 'media.fields': ${m} })`,
        xdk: `client.posts.getByIds(['${i}'], { postFields: ${t}, expansions: ${e}, userFields: ${u}, mediaFields: ${m} })`,
      };
    case 1:
      return {
        xgen: `client.users.getPosts({ id: '${i}', max_results: 10, 'tweet.fields': ${t}, expansions: ${e}, 'user.fields': ${u} })`,
        xdk: `client.users.getPosts('${i}', { maxResults: 10, postFields: ${t}, expansions: ${e}, userFields: ${u} })`,
      };
    case 2:
      return {
        xgen: `client.news.search({ query: 'q${i}', 'news.fields': ${n} })`,
        xdk: `client.news.search('q${i}', { newsFields: ${n} })`,
      };
    case 3:
      return {
        xgen: `client.news.get({ id: '${i}', 'news.fields': ${n} })`,
        xdk: `client.news.get('${i}', { newsFields: ${n} })`,
      };
    case 4:
      return {
        xgen: `client.communityNotes.searchEligiblePosts({ test_mode: true, 'tweet.fields': ${t}, expansions: ${e} })`,
        xdk: `client.communityNotes.searchEligiblePosts(true, { postFields: ${t}, expansions: ${e} })`,
      };
    case 5:
      return {
        xgen: `client.communityNotes.searchWritten({ test_mode: true, 'note.fields': ${no} })`,
        xdk: `client.communityNotes.searchWritten(true, { noteFields: ${no} })`,
      };
    default:
      return {
        xgen: `client.connections.getHistory({ 'connection.fields': ${c} })`,
        xdk: `client.connections.getConnectionHistory({ connectionFields: ${c} })`,
      };
  }
}

function writeProgram(which: 'xgen' | 'xdk'): string {
  const dir = join(OUT, 'typecheck', which);
  mkdirSync(dir, { recursive: true });
  const header =
    which === 'xgen'
      ? [
          `import { CoreClient } from '@xgen/core-v2';`,
          `const client = new CoreClient({ auth: { bearerToken: 'TOKEN' } });`,
        ]
      : [
          `import { Client } from '@xdevplatform/xdk';`,
          `const client = new Client({ bearerToken: 'TOKEN' });`,
        ];
  const lines = [
    ...header,
    'export const results: unknown[] = [];',
    'export async function main(): Promise<void> {',
  ];
  for (let i = 0; i < CALLS; i++)
    lines.push(`  const r${i} = await ${call(i)[which]};`, `  results.push(r${i});`);
  lines.push('}', '');
  writeFileSync(join(dir, 'program.ts'), lines.join('\n'));
  const paths = which === 'xgen' ? { '@xgen/core-v2': [`${relative(dir, XGEN_CORE)}/dist/index.d.ts`] } : {};
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...STRICT_OPTIONS, paths }, files: ['program.ts'] }, null, 2),
  );
  return dir;
}

/** One `tsc --extendedDiagnostics` run over a program folder: time, peak memory, errors and tsc's counters. */
export interface Run {
  ms: number;
  peakKb: number | undefined;
  errors: number;
  first: string | undefined;
  stats: Record<string, number>;
}

/** `tsc` is the compiler's bin (TypeScript 5.9's from the peers unless another is given). */
export async function check(dir: string, tsc: string = TSC): Promise<Run> {
  const result = await runCommand(process.execPath, [
    tsc,
    '-p',
    dir,
    '--extendedDiagnostics',
    '--pretty',
    'false',
  ]);
  const errors = result.stdout.split('\n').filter((l) => /error TS\d+:/.test(l));
  const stats: Record<string, number> = {};
  for (const [, name, value] of result.stdout.matchAll(/^([A-Za-z ]+):\s+([\d.]+)s?K?$/gm))
    stats[name!.trim()] = Number(value);
  return { ms: result.ms, peakKb: result.peakKb, errors: errors.length, first: errors[0], stats };
}

export async function run(options: { runs: number }): Promise<Section> {
  await ensureOutputs();
  const dirs = { xgen: writeProgram('xgen'), xdk: writeProgram('xdk') };
  const results = await alternate(['xgen', 'xdk'] as const, { warmup: 1, runs: options.runs }, (which) =>
    check(dirs[which]),
  );
  const stat = (which: 'xgen' | 'xdk', name: string) =>
    median(results.get(which)!.map((r) => r.stats[name] ?? Number.NaN));
  const wall = (which: 'xgen' | 'xdk') => median(results.get(which)!.map((r) => r.ms));
  const rows = (['xgen', 'xdk'] as const).map((which) => [
    which === 'xgen' ? '@xgen/core-v2' : '@xdevplatform/xdk',
    String(results.get(which)![0]!.errors),
    ms(stat(which, 'Check time') * 1000),
    ratio(stat(which, 'Check time'), stat('xgen', 'Check time')),
    ms(wall(which)),
    ratio(wall(which), wall('xgen')),
    String(stat(which, 'Types')),
    String(stat(which, 'Instantiations')),
    mb(stat(which, 'Memory used')),
    String(stat(which, 'Lines of Definitions')),
  ]);
  const notes = (['xgen', 'xdk'] as const)
    .filter((w) => results.get(w)![0]!.errors > 0)
    .map((w) => `- ${w} program, first error: \`${results.get(w)![0]!.first}\``);
  const body = [
    table(
      [
        'program of 100 calls for',
        'tsc errors',
        'check time',
        'vs xgen',
        'tsc wall',
        'vs xgen',
        'types',
        'instantiations',
        'tsc memory',
        'lines of .d.ts',
      ],
      rows,
    ),
    '',
    `The same ${CALLS} calls (7 operations both clients have, each call with its own \`*.fields\` and \`expansions\` lists; \`.out/typecheck/*/program.ts\`), checked by \`tsc --noEmit --extendedDiagnostics\` with the quality benchmark's strict options against each package's published \`.d.ts\`. ${options.runs} runs after a warm-up, alternating.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  return { title: 'Type-check cost of a consumer program', body };
}
