/**
 * An independent check of the mock's answers: each operation's 2xx JSON response schemas, read
 * straight from the spec file (not from xgen's model) and compiled by Ajv (JSON Schema 2020-12; an
 * OpenAPI 3.0 schema's `nullable` and boolean exclusive bounds rewritten to their 2020-12 forms).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import type { ValidateFunction } from '@redocly/ajv';
import { describeErrors } from '../contract/spec-schemas.ts';

const require = createRequire(import.meta.url);
const Ajv2020 = require('@redocly/ajv/dist/2020') as typeof import('@redocly/ajv/dist/2020.js').default;

type Node = Record<string, any>;
const ROOT = 'https://xgen.invalid/responses.json';
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const FORMATS: Record<string, (v: string) => boolean> = {
  'date-time': (v) => RFC3339.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => {
    try {
      return /^[a-z][a-z0-9+.-]*:/i.test(v) && Boolean(new URL(v));
    } catch {
      return false;
    }
  },
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
};

/** The 3.0 forms JSON Schema 2020-12 states otherwise, rewritten; `$ref`s into the registered root. */
function convert(node: unknown, v30: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => convert(n, v30));
  if (!node || typeof node !== 'object') return node;
  let out: Node = {};
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
      out[key] = `${ROOT}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    else if (key === 'properties' || key === 'patternProperties' || key === '$defs')
      out[key] = Object.fromEntries(Object.entries(value as Node).map(([k, v]) => [k, convert(v, v30)]));
    else if (key === 'example' || key === 'examples' || key === 'enum' || key === 'const') out[key] = value;
    else out[key] = convert(value, v30);
  }
  if (v30) {
    for (const bound of ['Minimum', 'Maximum'] as const) {
      const flag = out[`exclusive${bound}`];
      if (typeof flag === 'boolean') {
        const limit = out[bound.toLowerCase()];
        delete out[`exclusive${bound}`];
        if (flag && typeof limit === 'number') {
          out[`exclusive${bound}`] = limit;
          delete out[bound.toLowerCase()];
        }
      }
    }
    if (out.nullable === true) {
      delete out.nullable;
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      else if (out.type === undefined) out = { anyOf: [out, { type: 'null' }] };
    } else delete out.nullable;
    // 3.0 ignores a $ref's siblings.
    if (typeof out.$ref === 'string') out = { $ref: out.$ref };
  }
  return out;
}

function collectFormats(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => collectFormats(n, into));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') into.add(value);
      else collectFormats(value, into);
    }
}

export class ResponseSchemas {
  readonly doc: Node;
  readonly #ajv: InstanceType<typeof Ajv2020>;
  readonly #v30: boolean;
  readonly #cache = new Map<string, ValidateFunction | null>();

  constructor(file: string) {
    const text = readFileSync(file, 'utf8');
    this.doc = (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as Node;
    this.#v30 = String(this.doc.openapi).startsWith('3.0');
    this.#ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      inlineRefs: false,
      validateFormats: true,
      logger: false,
      // Each validator runs a few times at most: Ajv's passes that shorten the code it generates cost
      // more than they save (a third of the time GitHub's 926 validators took to compile).
      code: { optimize: false },
    });
    const formats = new Set<string>();
    collectFormats(this.doc.components?.schemas ?? {}, formats);
    collectFormats(this.doc.paths ?? {}, formats);
    for (const name of formats) this.#ajv.addFormat(name, FORMATS[name] ?? true);
    this.#ajv.addSchema({ $id: ROOT, $defs: convert(this.doc.components?.schemas ?? {}, this.#v30) as Node });
  }

  #deref(value: any): any {
    for (let i = 0; i < 10 && value && typeof value.$ref === 'string'; i++)
      value = value.$ref
        .slice(2)
        .split('/')
        .map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((n: any, k: string) => n?.[k], this.doc);
    return value;
  }

  /** The validator of `method path`'s 2xx JSON bodies (any of them), or null when it has none. */
  validator(method: string, path: string): ValidateFunction | null {
    const key = `${method} ${path}`;
    if (this.#cache.has(key)) return this.#cache.get(key)!;
    const op = this.doc.paths?.[path]?.[method.toLowerCase()];
    const schemas: unknown[] = [];
    for (const [code, raw] of Object.entries((op?.responses ?? {}) as Node)) {
      if (!/^2/.test(code)) continue;
      const content = this.#deref(raw)?.content ?? {};
      for (const [type, media] of Object.entries(content as Node))
        if (/json/i.test(type) && (media as Node).schema)
          schemas.push(convert((media as Node).schema, this.#v30));
    }
    const fn = schemas.length === 0 ? null : this.#ajv.compile({ anyOf: schemas });
    this.#cache.set(key, fn);
    return fn;
  }

  /** Every problem of `value` as a body of `method path`; empty when it validates. */
  check(method: string, path: string, value: unknown): string[] {
    const fn = this.validator(method, path);
    if (!fn) return [];
    return fn(value) ? [] : describeErrors(fn.errors).slice(0, 5);
  }
}
