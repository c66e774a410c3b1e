/**
 * 3. Bundle: a program that makes one call, bundled and minified with esbuild (and gzipped), per client;
 * then a program that uses every operation. Also which of our modules fill the one-call bundle.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureOutputs } from './generation.ts';
import { kb, ratio } from './lib/measure.ts';
import { peer } from './lib/peers.ts';
import { BENCH, OUT, ROOT, SPECS } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

/**
 * The committed package, which `npm run generate -- --check` keeps current, so a partial run
 * (`npm run bench -- bundle`) measures the runtime as it is now, not an older generation output;
 * XGEN_BENCH_CORE points at another build of it (an older checkout's, to compare).
 */
const XGEN_CORE = process.env.XGEN_BENCH_CORE ?? join(ROOT, 'generated/core-v2');

const CLIENTS = [
  'xgen-functions',
  'xgen',
  'xdk',
  'twitter-api-v2',
  'twitter-api-sdk',
  'openapi-fetch',
] as const;
type Client = (typeof CLIENTS)[number];
const LABELS: Record<Client, string> = {
  'xgen-functions': '@xgen/core-v2/functions',
  xgen: '@xgen/core-v2 (CoreClient)',
  xdk: '@xdevplatform/xdk',
  'twitter-api-v2': 'twitter-api-v2',
  'twitter-api-sdk': 'twitter-api-sdk',
  'openapi-fetch': 'openapi-fetch',
};
const PACKAGES: Record<Exclude<Client, 'xgen' | 'xgen-functions' | 'openapi-fetch'>, string> = {
  xdk: '@xdevplatform/xdk',
  'twitter-api-v2': 'twitter-api-v2',
  'twitter-api-sdk': 'twitter-api-sdk',
};

interface BuildResult {
  outputFiles: { contents: Uint8Array }[];
  metafile: { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
}

interface Bundle {
  min: number;
  gzip: number;
  inputs: Record<string, { bytesInOutput: number }>;
}

async function bundle(entry: string, platform: 'node' | 'browser' = 'node'): Promise<Bundle> {
  const esbuild = await peer<{ build(options: Record<string, unknown>): Promise<BuildResult> }>('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    // Prefer each package's ES module build, the most tree-shakable one.
    mainFields: ['module', 'main'],
    alias: { '@xgen/core-v2/functions': join(XGEN_CORE, 'dist/functions.js'), '@xgen/core-v2': XGEN_CORE },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs: output.inputs };
}

/** Programs that use every operation: generated, since they follow the spec. */
async function everyOperationPrograms(): Promise<Record<Client, string>> {
  const dir = join(OUT, 'bundle');
  mkdirSync(dir, { recursive: true });
  const { operations } = await peer<{ operations: Record<string, unknown> }>(
    join(XGEN_CORE, 'dist/index.js'),
  );
  const ids = Object.keys(operations);
  const programs = {} as Record<Client, string>;
  // The functions entry: every operation's function (the lower-case exports other than the core and its extensions).
  const functions = Object.keys(
    await peer<Record<string, unknown>>(join(XGEN_CORE, 'dist/functions.js')),
  ).filter((name) => /^[a-z]/.test(name) && !['createCore', 'oauth1Auth', 'appOnlyAuth'].includes(name));
  programs['xgen-functions'] = join(dir, 'xgen-functions-all.ts');
  writeFileSync(
    programs['xgen-functions'],
    [
      `import { createCore, ${functions.join(', ')} } from '@xgen/core-v2/functions';`,
      `const core = createCore({ auth: { bearerToken: 'TOKEN' } });`,
      ...functions.map((name) => `console.log(await ${name}(core, {} as never));`),
    ].join('\n'),
  );
  programs.xgen = join(dir, 'xgen-all.ts');
  writeFileSync(
    programs.xgen,
    [
      `import { CoreClient } from '@xgen/core-v2';`,
      `const client = new CoreClient({ auth: { bearerToken: 'TOKEN' } });`,
      ...ids.map((id) => `console.log(await client.call('${id}', {} as never));`),
    ].join('\n'),
  );
  // openapi-fetch: one call per method and path of the same spec.
  const { parse } = await import('yaml');
  const spec = parse(readFileSync(SPECS['core-v2'], 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const calls: string[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'])
      if (item[method])
        calls.push(`console.log(await client.${method.toUpperCase()}('${path}' as never, {} as never));`);
  }
  programs['openapi-fetch'] = join(dir, 'openapi-fetch-all.ts');
  writeFileSync(
    programs['openapi-fetch'],
    [
      `import createClient from 'openapi-fetch';`,
      `const client = createClient({ baseUrl: 'https://api.x.com' });`,
      ...calls,
    ].join('\n'),
  );
  // The class-based SDKs: every export kept (their methods cannot be tree-shaken anyway).
  for (const [client, pkg] of Object.entries(PACKAGES) as [Client, string][]) {
    programs[client] = join(dir, `${client}-all.ts`);
    writeFileSync(programs[client], `import * as sdk from '${pkg}';\nconsole.log(sdk);\n`);
  }
  return programs;
}

export async function run(): Promise<Section> {
  await ensureOutputs();
  const one = new Map<Client, Bundle>();
  for (const client of CLIENTS) one.set(client, await bundle(join(BENCH, 'programs/bundle', `${client}.ts`)));
  const allPrograms = await everyOperationPrograms();
  const all = new Map<Client, Bundle>();
  for (const client of CLIENTS) all.set(client, await bundle(allPrograms[client]));
  const ours = one.get('xgen-functions')!;
  // The same two one-call programs for a browser: the fetch transport instead of node:http's.
  const oursBrowser = await bundle(join(BENCH, 'programs/bundle/xgen-functions.ts'), 'browser');
  const classBrowser = await bundle(join(BENCH, 'programs/bundle/xgen.ts'), 'browser');
  const webhooksBrowser = await bundle(join(BENCH, 'programs/bundle/xgen-functions-webhooks.ts'), 'browser');
  const oursAll = all.get('xgen-functions')!;
  const rows = CLIENTS.map((c) => [
    LABELS[c],
    kb(one.get(c)!.min),
    ratio(one.get(c)!.min, ours.min),
    kb(one.get(c)!.gzip),
    ratio(one.get(c)!.gzip, ours.gzip),
    kb(all.get(c)!.min),
    kb(all.get(c)!.gzip),
    ratio(all.get(c)!.min, oursAll.min),
  ]);
  // What fills our one-call bundles, for the runtime's owners: the functions entry beside the client class.
  const classBundle = one.get('xgen')!;
  const modules = (b: Bundle): Map<string, number> =>
    new Map(
      Object.entries(b.inputs)
        .map(([path, v]) => [relative(XGEN_CORE, path).replace(/^dist\//, ''), v.bytesInOutput] as const)
        .filter(([path, bytes]) => bytes > 0 && !path.startsWith('..')),
    );
  const fn = modules(ours);
  const cls = modules(classBundle);
  const names = [...new Set([...fn.keys(), ...cls.keys()])].sort(
    (a, b) => (cls.get(b) ?? 0) + (fn.get(b) ?? 0) * 1e6 - ((cls.get(a) ?? 0) + (fn.get(a) ?? 0) * 1e6),
  );
  const cell = (bytes: number | undefined, total: number): [string, string] =>
    bytes === undefined ? ['-', '-'] : [kb(bytes), `${((bytes / total) * 100).toFixed(0)}%`];
  const moduleRows = names
    .slice(0, 16)
    .map((path) => [path, ...cell(fn.get(path), ours.min), ...cell(cls.get(path), classBundle.min)]);
  const body = [
    table(
      [
        'client',
        'one call, min',
        'vs xgen',
        'one call, gzip',
        'vs xgen',
        'every op, min',
        'every op, gzip',
        'vs xgen',
      ],
      rows,
    ),
    '',
    'esbuild 0.28.2, `bundle, minify, format: esm, platform: node, target: es2022`, ES module builds preferred; Node built-ins stay external (twitter-api-v2 uses `https`). gzip level 9. The one call is a post lookup by ids with a bearer token (`bench/programs/bundle/`); "vs xgen" compares with the functions entry. "Every op": the functions entry calls every operation\'s function, `CoreClient` calls each operation through `client.call`; openapi-fetch calls each method and path of the same spec; the class-based SDKs keep every export (their methods are not tree-shakable). xgen is the committed `generated/core-v2`.',
    '',
    `For a browser (\`platform: browser\`, where \`#transport\` is the browser transport: the global fetch, which follows redirects itself, so neither node:http nor the hand-following of redirects is in): the one-call functions bundle is ${kb(oursBrowser.min)} (${kb(oursBrowser.gzip)} gzip), the one-call CoreClient bundle ${kb(classBrowser.min)} (${kb(classBrowser.gzip)} gzip). For Node (the table) the node:http transport is in: ${kb(fn.get('runtime/node-transport.js') ?? 0)} of it.`,
    '',
    'Our one-call bundles for Node by module (esbuild metafile):',
    '',
    table(['module of @xgen/core-v2', 'functions, bytes', 'share', 'CoreClient, bytes', 'share'], moduleRows),
  ].join('\n');
  return {
    title: 'Bundle size',
    body,
    targets: [
      [
        'one-call bundle ≤ 7 KB minified',
        `${kb(oursBrowser.min)} browser, ${kb(ours.min)} Node (functions); ${kb(classBrowser.min)}, ${kb(classBundle.min)} (CoreClient)`,
        ours.min <= 7 * 1024 && oursBrowser.min <= 7 * 1024,
      ],
      [
        'one call (createWebhooksStreamLink through /functions, browser) < 7,000 B gzip (53)',
        `${webhooksBrowser.gzip.toLocaleString('en')} B gzip (${webhooksBrowser.min.toLocaleString('en')} B minified)`,
        webhooksBrowser.gzip < 7000,
      ],
    ],
  };
}
