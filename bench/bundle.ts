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
import { BENCH, OUT, SPECS, XGEN_CORE } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const CLIENTS = ['xgen', 'xdk', 'twitter-api-v2', 'twitter-api-sdk', 'openapi-fetch'] as const;
type Client = (typeof CLIENTS)[number];
const LABELS: Record<Client, string> = {
  xgen: '@xgen/core-v2',
  xdk: '@xdevplatform/xdk',
  'twitter-api-v2': 'twitter-api-v2',
  'twitter-api-sdk': 'twitter-api-sdk',
  'openapi-fetch': 'openapi-fetch',
};
const PACKAGES: Record<Exclude<Client, 'xgen' | 'openapi-fetch'>, string> = {
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

async function bundle(entry: string): Promise<Bundle> {
  const esbuild = await peer<{ build(options: Record<string, unknown>): Promise<BuildResult> }>('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    // Prefer each package's ES module build, the most tree-shakable one.
    mainFields: ['module', 'main'],
    alias: { '@xgen/core-v2': XGEN_CORE },
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
  const { operations } = await peer<{ operations: Record<string, unknown> }>(join(XGEN_CORE, 'dist/index.js'));
  const ids = Object.keys(operations);
  const programs = {} as Record<Client, string>;
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
  const spec = parse(readFileSync(SPECS['core-v2'], 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const calls: string[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) if (item[method]) calls.push(`console.log(await client.${method.toUpperCase()}('${path}' as never, {} as never));`);
  }
  programs['openapi-fetch'] = join(dir, 'openapi-fetch-all.ts');
  writeFileSync(
    programs['openapi-fetch'],
    [`import createClient from 'openapi-fetch';`, `const client = createClient({ baseUrl: 'https://api.x.com' });`, ...calls].join('\n'),
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
  const ours = one.get('xgen')!;
  const oursAll = all.get('xgen')!;
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
  // What fills our one-call bundle, for the runtime's owners.
  const byModule = Object.entries(ours.inputs)
    .map(([path, v]) => [relative(XGEN_CORE, path).replace(/^dist\//, ''), v.bytesInOutput] as const)
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
  const moduleRows = byModule.slice(0, 12).map(([path, bytes]) => [path, kb(bytes), `${((bytes / ours.min) * 100).toFixed(0)}%`]);
  const body = [
    table(['client', 'one call, min', 'vs xgen', 'one call, gzip', 'vs xgen', 'every op, min', 'every op, gzip', 'vs xgen'], rows),
    '',
    'esbuild 0.28.2, `bundle, minify, format: esm, platform: node, target: es2022`, ES module builds preferred; Node built-ins stay external (twitter-api-v2 uses `https`). gzip level 9. The one call is a post lookup by ids (`bench/programs/bundle/`). "Every op": xgen calls each of its operations through `client.call`; openapi-fetch calls each method and path of the same spec; the class-based SDKs keep every export (their methods are not tree-shakable).',
    '',
    'Our one-call bundle by module (esbuild metafile):',
    '',
    table(['module of @xgen/core-v2', 'minified bytes', 'share'], moduleRows),
  ].join('\n');
  return { title: 'Bundle size', body, targets: [['one-call bundle ≤ 7 KB minified', kb(ours.min), ours.min <= 7 * 1024]] };
}
