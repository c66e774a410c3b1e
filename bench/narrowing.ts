/**
 * Field selection in types: what narrowing results to the requested fields costs tsc. The same 100
 * calls written five ways: against @xgen/core-v2 with `*.fields` and `expansions` (narrowed
 * results), the same text against core-v2 built without field selection, against @xgen/core-v2
 * without fields, against @xdevplatform/xdk with the same fields (which does not narrow), and
 * against xdk without them. Each program reads a field of every result, so the result types are
 * resolved, not only named. Checked by TypeScript 5.9's tsc and by TypeScript 7's native tsc.
 * Target (issue 26): narrowed calls check in at most 2x the time of xdk's same calls with the same
 * field lists, on both compilers: what a user compares is the same program against the other SDK.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { alternate, median, ms, ratio, runCommand, why } from './lib/measure.ts';
import { ensureXgenBuilt, OUT, ROOT, XGEN_BIN } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';
import { STRICT_OPTIONS, TSC } from './quality.ts';
import { check } from './typecheck.ts';

const CALLS = 100;
/** The committed package, as a consumer installs it. */
const XGEN_TYPES = join(ROOT, 'generated/core-v2/dist/index.d.ts');

// Field names both clients accept.
const TWEET = [
  'attachments',
  'context_annotations',
  'conversation_id',
  'created_at',
  'entities',
  'geo',
  'lang',
  'public_metrics',
  'possibly_sensitive',
  'reply_settings',
  'source',
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
  'location',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'verified',
];
const MEDIA = [
  'alt_text',
  'duration_ms',
  'height',
  'preview_image_url',
  'public_metrics',
  'url',
  'variants',
  'width',
];
const NEWS = ['category', 'contexts', 'hook', 'keywords', 'name', 'summary', 'updated_at'];
const CONNECTION = ['client_ip', 'disconnect_reason', 'disconnected_at', 'id'];

/** A different subset of `list` for each call. */
function pick(list: string[], i: number): string[] {
  const n = 1 + (i % Math.min(5, list.length));
  const start = (i * 3) % list.length;
  return [...new Set(Array.from({ length: n }, (_, k) => list[(start + k) % list.length]!))];
}

const quoted = (values: string[]): string => `[${values.map((v) => `'${v}'`).join(', ')}]`;

type Which = 'narrowed' | 'unnarrowed' | 'plain' | 'xdk' | 'xdkPlain';
const WHICH: readonly Which[] = ['narrowed', 'unnarrowed', 'plain', 'xdk', 'xdkPlain'];
/** The program of the same calls without fields, for the same client (none for the build without field selection). */
const WITHOUT: Record<Which, Which | undefined> = {
  narrowed: 'plain',
  unnarrowed: undefined,
  plain: 'plain',
  xdk: 'xdkPlain',
  xdkPlain: 'xdkPlain',
};

/** The compilers every program is checked by: TypeScript 5.9 (the peers') and TypeScript 7's native tsc (the `typescript-native` alias). */
const COMPILERS = [
  { name: 'TypeScript 5.9', short: 'TS 5.9', bin: TSC },
  {
    name: 'TypeScript 7 (native tsc)',
    short: 'TS 7',
    bin: join(ROOT, 'node_modules/typescript-native/bin/tsc'),
  },
] as const;

/** The target: at most this many times xdk's check time for the same calls with the same field lists. */
const TARGET = 2;

/**
 * The same package built without field selection: the spec through an overlay that sets
 * `x-field-selection: false` and removes `x-expansions`, so its methods take plain params and return the schema's
 * types. The narrowed program's text checks against it unchanged (every field it reads is optional
 * there), which isolates what the narrowing types cost from what writing the field lists costs.
 */
async function unnarrowedPackage(): Promise<string> {
  const dir = join(OUT, 'narrowing', 'unnarrowed-package');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'overlay.yaml'),
    [
      'overlay: 1.0.0',
      'info: { title: core v2 without field selection, version: 1.0.0 }',
      'actions:',
      // Switched off rather than removed: without it xgen would infer the pairings.
      `  - { target: "$..parameters[?@['x-field-selection']]", update: { x-field-selection: false } }`,
      `  - { target: "$..['x-expansions']", remove: true }`,
      '',
    ].join('\n'),
  );
  const config = [
    'packages:',
    `  - spec: ${join(ROOT, 'spec/core-v2.yaml')}`,
    '    out: out',
    "    name: '@xgen/core-v2'",
    '    client: CoreClient',
    '    overlays: [overlay.yaml]',
    '',
  ];
  writeFileSync(join(dir, 'xgen.config.yaml'), config.join('\n'));
  ensureXgenBuilt();
  const result = await runCommand(
    process.execPath,
    [XGEN_BIN, 'generate', '--config', join(dir, 'xgen.config.yaml')],
    { cwd: dir },
  );
  if (result.code !== 0)
    throw new Error(`xgen could not build core-v2 without field selection: ${why(result)}`);
  return join(dir, 'out/dist/index.d.ts');
}

/**
 * The i-th call and a read of its result, for each program. Reads take a field present in all three
 * (a default one), plus, in the narrowed program, the first requested field: that is what narrowing is for.
 * The values read go to `push` as separate arguments: in one array literal, tsc would reduce the union
 * of their types by subtype, comparing each read object type with the others (an unrelated cost that
 * grows with what is read, so only in the program that reads the extra field).
 */
function call(i: number, which: Which): string {
  const [t, e, u, m, n, c] = [
    pick(TWEET, i),
    pick(EXPANSIONS, i),
    pick(USER, i),
    pick(MEDIA, i),
    pick(NEWS, i),
    pick(CONNECTION, i),
  ];
  const narrowed = which === 'narrowed' || which === 'unnarrowed';
  // xdk's calls with their fields (`xdk`) or without them (`xdkPlain`).
  const x = (fields: string): string => (which === 'xdk' ? fields : '');
  const extra = (field: string | undefined, on: string): string =>
    narrowed && field ? `, ${on}.${field}` : '';
  switch (i % 5) {
    case 0: {
      const read = `r.data?.[0]?.text, r.includes?.users?.[0]?.username${extra(t[0], 'r.data![0]!')}`;
      if (which.startsWith('xdk'))
        return `{ const r = await client.posts.getByIds(['${i}']${x(`, { postFields: ${quoted(t)}, expansions: ${quoted(e)}, userFields: ${quoted(u)}, mediaFields: ${quoted(m)} }`)}); results.push(r.data?.[0]?.text, r.includes?.users?.[0]?.username); }`;
      const fields = narrowed
        ? `, 'tweet.fields': ${quoted(t)}, expansions: ${quoted(e)}, 'user.fields': ${quoted(u)}, 'media.fields': ${quoted(m)}`
        : '';
      return `{ const r = await client.tweets.getPostsByIds({ ids: ['${i}']${fields} }); results.push(${read}); }`;
    }
    case 1: {
      if (which.startsWith('xdk'))
        return `{ const r = await client.users.getPosts('${i}', { maxResults: 10${x(`, postFields: ${quoted(t)}, expansions: ${quoted(e)}, userFields: ${quoted(u)}`)} }); results.push(r.data?.[0]?.text); }`;
      const fields = narrowed
        ? `, 'tweet.fields': ${quoted(t)}, expansions: ${quoted(e)}, 'user.fields': ${quoted(u)}`
        : '';
      return `{ const r = await client.users.getPosts({ id: '${i}', max_results: 10${fields} }); results.push(r.data?.[0]?.text${extra(t[0], 'r.items[0]!')}); }`;
    }
    case 2: {
      if (which.startsWith('xdk'))
        return `{ const r = await client.news.search('q${i}'${x(`, { newsFields: ${quoted(n)} }`)}); results.push(r.data?.[0]?.id); }`;
      const fields = narrowed ? `, 'news.fields': ${quoted(n)}` : '';
      return `{ const r = await client.news.search({ query: 'q${i}'${fields} }); results.push(r.data?.[0]?.rest_id${extra(n[0], 'r.data![0]!')}); }`;
    }
    case 3: {
      if (which.startsWith('xdk'))
        return `{ const r = await client.communityNotes.searchEligiblePosts(true${x(`, { postFields: ${quoted(t)}, expansions: ${quoted(e)} }`)}); results.push(r.data?.[0]?.text); }`;
      const fields = narrowed ? `, 'tweet.fields': ${quoted(t)}, expansions: ${quoted(e)}` : '';
      return `{ const r = await client.communityNotes.searchEligiblePosts({ test_mode: true${fields} }); results.push(r.data?.[0]?.text${extra(t[0], 'r.items[0]!')}); }`;
    }
    default: {
      if (which.startsWith('xdk'))
        return `{ const r = await client.connections.getConnectionHistory(${x(`{ connectionFields: ${quoted(c)} }`)}); results.push(r.data?.[0]); }`;
      const fields = narrowed ? `{ 'connection.fields': ${quoted(c)} }` : '';
      return `{ const r = await client.connections.getHistory(${fields}); results.push(r.data?.[0]?.endpoint_name${extra(c[0], 'r.items[0]!')}); }`;
    }
  }
}

function writeProgram(which: Which, unnarrowedTypes: string): string {
  const dir = join(OUT, 'narrowing', which);
  mkdirSync(dir, { recursive: true });
  const header = which.startsWith('xdk')
    ? [`import { Client } from '@xdevplatform/xdk';`, `const client = new Client({ bearerToken: 'TOKEN' });`]
    : [
        `import { CoreClient } from '@xgen/core-v2';`,
        `const client = new CoreClient({ auth: { bearerToken: 'TOKEN' } });`,
      ];
  const lines = [
    ...header,
    'export const results: unknown[] = [];',
    'export async function main(): Promise<void> {',
  ];
  for (let i = 0; i < CALLS; i++) lines.push(`  ${call(i, which)}`);
  lines.push('}', '');
  writeFileSync(join(dir, 'program.ts'), lines.join('\n'));
  const types = which === 'unnarrowed' ? unnarrowedTypes : XGEN_TYPES;
  const paths = which.startsWith('xdk') ? {} : { '@xgen/core-v2': [relative(dir, types)] };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...STRICT_OPTIONS, paths }, files: ['program.ts'] }, null, 2),
  );
  return dir;
}

const LABELS: Record<Which, string> = {
  narrowed: '@xgen/core-v2, with fields (narrowed)',
  unnarrowed: '@xgen/core-v2 built without field selection, the same program',
  plain: '@xgen/core-v2, same calls without fields',
  xdk: '@xdevplatform/xdk, with fields',
  xdkPlain: '@xdevplatform/xdk, same calls without fields',
};

/**
 * Rounds at least: one tsc check of these programs is under half a second, where this machine's
 * noise is a tenth of a second either way, so a median of three rounds can miss by a third.
 */
const MIN_RUNS = 9;

/** Writes the five programs (and the package built without field selection): their folders, by program. */
export async function writePrograms(): Promise<Record<Which, string>> {
  const unnarrowedTypes = await unnarrowedPackage();
  return Object.fromEntries(WHICH.map((w) => [w, writeProgram(w, unnarrowedTypes)])) as Record<Which, string>;
}

export async function run(options: { runs: number }): Promise<Section> {
  const runs = Math.max(options.runs, MIN_RUNS);
  const dirs = await writePrograms();
  const parts: string[] = [];
  const targets: NonNullable<Section['targets']> = [];
  const paired: { label: string; ratios: number[][] }[] = [
    { label: 'narrowed / xdk with the same fields (the target)', ratios: [] },
    { label: 'narrowed / same calls without fields', ratios: [] },
    {
      label:
        'narrowed / the same program against the package built without field selection (what the narrowing types cost)',
      ratios: [],
    },
    {
      label: 'xdk with fields / xdk without (what the field lists cost a client that does not narrow)',
      ratios: [],
    },
  ];
  for (const compiler of COMPILERS) {
    const results = await alternate(WHICH, { warmup: 1, runs }, (which) => check(dirs[which], compiler.bin));
    const stat = (which: Which, name: string) =>
      median(results.get(which)!.map((r) => r.stats[name] ?? Number.NaN));
    const checkTime = (which: Which) => stat(which, 'Check time') * 1000;
    const rows = WHICH.map((which) => [
      LABELS[which],
      String(results.get(which)![0]!.errors),
      ms(checkTime(which)),
      ratio(checkTime(which), checkTime('xdk')),
      ratio(checkTime(which), WITHOUT[which] && checkTime(WITHOUT[which])),
      ms(median(results.get(which)!.map((r) => r.ms))),
      String(stat(which, 'Types')),
      String(stat(which, 'Instantiations')),
    ]);
    const notes = WHICH.filter((w) => results.get(w)![0]!.errors > 0).map(
      (w) => `- ${w} program, first error: \`${results.get(w)![0]!.first}\``,
    );
    // Ratios compare two programs round by round (each round checks every program back to back), so
    // a slow stretch of the machine weighs on both sides of a ratio instead of on one median.
    const pair = (a: Which, b: Which): number[] =>
      results.get(a)!.map((r, i) => r.stats['Check time']! / results.get(b)![i]!.stats['Check time']!);
    const ratios = [
      pair('narrowed', 'xdk'),
      pair('narrowed', 'plain'),
      pair('narrowed', 'unnarrowed'),
      pair('xdk', 'xdkPlain'),
    ];
    ratios.forEach((r, i) => paired[i]!.ratios.push(r));
    parts.push(
      `**${compiler.name}**`,
      '',
      table(
        [
          'program of 100 calls',
          'tsc errors',
          'check time',
          'vs xdk with fields',
          'vs same client without fields',
          'tsc wall',
          'types',
          'instantiations',
        ],
        rows,
      ),
      ...(notes.length ? ['', ...notes] : []),
      '',
    );
    const cost = median(ratios[0]!);
    const clean = WHICH.every((w) => results.get(w)![0]!.errors === 0);
    targets.push([
      `${compiler.short}: 100 narrowed calls check in at most ${TARGET}x the time of xdk's same calls with the same field lists (26)`,
      `${cost.toFixed(2)}x (${ms(checkTime('narrowed'))} vs ${ms(checkTime('xdk'))})`,
      clean && cost <= TARGET,
    ]);
  }
  const spread = (ratios: number[]): string =>
    `${Math.min(...ratios).toFixed(2)}x–${Math.max(...ratios).toFixed(2)}x`;
  const body = [
    ...parts,
    `${CALLS} calls to 5 operations both clients have (post lookup, a user's posts, news search, posts eligible for notes, connection history), each call with its own \`*.fields\` and \`expansions\` lists (none in the "without fields" programs), and a read of each result (\`.out/narrowing/*/program.ts\`), checked by \`tsc --noEmit --extendedDiagnostics\` with the quality benchmark's strict options against each package's published \`.d.ts\` (ours: \`generated/core-v2/dist\`), by each compiler. ${runs} rounds after a warm-up (at least ${MIN_RUNS}, whatever \`--runs\` says), alternating; medians. Ratios below are medians of the ${runs} rounds' own ratios (each round checks every program back to back).`,
    '',
    table(
      ['paired ratio of check time', ...COMPILERS.flatMap((c) => [`${c.short} median`, `${c.short} range`])],
      paired.map(({ label, ratios }) => [
        label,
        ...ratios.flatMap((r) => [`${median(r).toFixed(2)}x`, spread(r)]),
      ]),
    ),
  ].join('\n');
  return { title: 'Field selection: type-check cost of narrowing', body, targets };
}
