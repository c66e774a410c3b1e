/**
 * JSON Schema validation of values against a spec's schemas (OpenAPI 3.1 schemas are JSON Schema
 * 2020-12), with @redocly/ajv. Used to check the specs' examples and, in the contract tests, every
 * body a generated client decoded from Prism.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import type { ErrorObject, ValidateFunction } from '@redocly/ajv';

const require = createRequire(import.meta.url);
// The 2020-12 build; CommonJS, so loaded with require to get the class itself.
const Ajv2020 = require('@redocly/ajv/dist/2020') as typeof import('@redocly/ajv/dist/2020.js').default;

/** A parsed OpenAPI document (plain data). */
export type SpecDoc = Record<string, any>;

export function readSpec(file: string): SpecDoc {
  return parse(readFileSync(file, 'utf8')) as SpecDoc;
}

/** Follows local `$ref`s (`#/components/...`) until a non-reference object is reached. */
export function deref<T = any>(doc: SpecDoc, value: any): T {
  let current = value;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) throw new Error(`cannot follow $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: any, key) => node?.[key], doc);
    if (current === undefined) throw new Error(`$ref ${ref} points nowhere`);
  }
  return current as T;
}

// Formats the specs use. ajv's strict mode refuses unknown formats, so each one is defined here.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const FORMATS: Record<string, { type: 'string' | 'number'; validate: (value: any) => boolean }> = {
  'date-time': { type: 'string', validate: (v: string) => RFC3339.test(v) && !Number.isNaN(Date.parse(v)) },
  date: {
    type: 'string',
    validate: (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  },
  uri: {
    type: 'string',
    validate: (v: string) => {
      try {
        return /^[a-z][a-z0-9+.-]*:/i.test(v) && Boolean(new URL(v));
      } catch {
        return false;
      }
    },
  },
  email: { type: 'string', validate: (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) },
  int32: { type: 'number', validate: (v: number) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 },
  int64: { type: 'number', validate: (v: number) => Number.isInteger(v) },
  float: { type: 'number', validate: (v: number) => Number.isFinite(v) },
  double: { type: 'number', validate: (v: number) => Number.isFinite(v) },
};

/** OpenAPI keywords inside schemas that JSON Schema does not define: annotations here. */
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'externalDocs', 'xml'];

function collectVendorKeywords(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((item) => collectVendorKeywords(item, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) into.add(key);
      collectVendorKeywords(value, into);
    }
  }
}

/** Rewrites `#/components/schemas/X` references to absolute ones into the registered root schema. */
function absolutise(node: unknown, rootId: string): unknown {
  if (Array.isArray(node)) return node.map((item) => absolutise(item, rootId));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out[key] = `${rootId}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    } else out[key] = absolutise(value, rootId);
  }
  return out;
}

/** Formats ajv's errors as `path: message` lines. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (e) =>
      `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}

/** Validates values against the schemas of one OpenAPI document, strictly (unknown keywords and formats are errors). */
export class SpecSchemas {
  readonly #ajv: InstanceType<typeof Ajv2020>;
  readonly #rootId: string;
  readonly #cache = new Map<unknown, ValidateFunction>();

  constructor(
    readonly doc: SpecDoc,
    name = 'spec',
  ) {
    this.#rootId = `https://xgen.invalid/${name}.json`;
    const vendor = new Set<string>();
    collectVendorKeywords(doc.components?.schemas ?? {}, vendor);
    collectVendorKeywords(doc.paths ?? {}, vendor);
    this.#ajv = new Ajv2020({
      strict: true,
      strictTypes: false,
      strictRequired: false,
      allErrors: true,
      validateFormats: true,
      // Each validator checks a few answers: Ajv's passes that shorten its generated code cost more
      // than they save here (test/helpers/response-schemas.ts).
      code: { optimize: false },
    });
    for (const keyword of [...OPENAPI_KEYWORDS, ...vendor]) this.#ajv.addKeyword(keyword);
    for (const [name, format] of Object.entries(FORMATS)) this.#ajv.addFormat(name, format as never);
    this.#ajv.addSchema({
      $id: this.#rootId,
      $defs: absolutise(doc.components?.schemas ?? {}, this.#rootId),
    });
  }

  /** Compiles (once) a schema from the document: an inline schema object or a `$ref` to a named one. */
  compile(schema: unknown): ValidateFunction {
    let fn = this.#cache.get(schema);
    if (!fn) {
      fn = this.#ajv.compile(absolutise(schema, this.#rootId) as object);
      this.#cache.set(schema, fn);
    }
    return fn;
  }

  /** Every problem of `value` against `schema`, as readable lines; empty when it validates. */
  check(schema: unknown, value: unknown): string[] {
    const fn = this.compile(schema);
    return fn(value) ? [] : describeErrors(fn.errors);
  }
}
