import { type DocumentSet, isObject, isRef, type ResolvedRef } from '../load/index.ts';
import { sampleOfPattern } from './pattern-sample.ts';
import type { ExampleNode } from './types.ts';

/**
 * What a value is for, so that an example reads like one a person would write: the parameter's or
 * property's name (`user_id`, `query`) and the operation's path (`/2/users/{id}` makes `id` a user's).
 */
export interface ExampleHint {
  name: string;
  path: string;
  /** An example stated beside the schema (a parameter's own, a media type's), tried first. */
  stated?: unknown;
  /** Which item of an array this is: the second id of a list is another id. */
  index?: number;
}

type Schema = Record<string, unknown>;

/** Deeper than this, an object is left empty: a recursive schema must not recurse for ever. */
const MAX_DEPTH = 6;

/**
 * An example of a value of a schema as the spec states it (raw, `$ref`s resolved where they stand):
 * the spec's own `example` where it fits the schema (type, enum, pattern, sizes), else one built
 * from the schema (its `const`, its first enum value, its default, a realistic value of its type
 * and format that meets its pattern and limits). Objects hold their required properties only.
 */
export function exampleOf(docs: DocumentSet, node: ResolvedRef, hint: ExampleHint, depth = 0, also: readonly string[] = []): ExampleNode {
  const example = plainExample(docs, node, hint, depth, also);
  const money = [node.value, resolve(docs, node).value].some((s) => isObject(s) && s['x-money'] === 'micros');
  if (!money || example.kind !== 'value' || typeof example.value !== 'number') return example;
  // Micros are written as the amount they stand for; a made-up one is five units.
  const micros = example.value >= 10_000 ? example.value : 5_000_000;
  return { kind: 'micros', decimal: decimalOfMicros(micros) };
}

/** `1500000` as `'1.50'`: at least two decimals, no trailing zeros beyond them. */
function decimalOfMicros(micros: number): string {
  const units = Math.trunc(micros / 1_000_000);
  const fraction = String(Math.abs(micros % 1_000_000)).padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${micros < 0 && units === 0 ? '-' : ''}${units}.${fraction}`;
}

function plainExample(docs: DocumentSet, node: ResolvedRef, hint: ExampleHint, depth: number, also: readonly string[]): ExampleNode {
  const at = resolve(docs, node);
  const schema = isObject(at.value) ? at.value : {};
  for (const own of [hint.stated, ownExample(schema)]) {
    // A spec's example of a token or a document runs for lines: an example call stays short.
    if (own === undefined || longText(own)) continue;
    if (fits(docs, own, at)) return shaped(docs, own, at);
    // X writes an array parameter's example as it goes on the wire: `'2244994945,6253282,12'`.
    if (typeof own === 'string' && typeOf(schema) === 'array') {
      const split = own.split(',').map((s) => s.trim());
      if (fits(docs, split, at)) return shaped(docs, split, at);
    }
  }
  hint = { name: hint.name, path: hint.path, ...(hint.index ? { index: hint.index } : {}) };
  if ('const' in schema) return fromJson(schema.const);
  if (Array.isArray(schema.enum)) {
    const value = schema.enum.find((v) => v !== null);
    if (value !== undefined) return fromJson(value);
  }
  if (schema.default !== undefined && fits(docs, schema.default, at)) return fromJson(schema.default);
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (variants && !isObject(schema.properties) && !Array.isArray(schema.allOf)) return variantExample(docs, schema, at, variants, hint, depth);
  const type = typeOf(schema) ?? (Array.isArray(schema.allOf) || isObject(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'object':
      return objectExample(docs, at, hint, depth, also);
    case 'array': {
      const items = isObject(schema.items) ? { ...at, tokens: [...at.tokens, 'items'], value: schema.items } : { ...at, value: {} };
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const count = Math.min(Math.max(min, 1), max);
      // Items of their own where the name offers several (ids), so that `minItems: 2` reads as two users.
      const list = Array.from({ length: count }, (_, index) => exampleOf(docs, items, { name: singular(hint.name), path: hint.path, index }, depth + 1));
      return { kind: 'array', items: list };
    }
    case 'integer':
    case 'number':
      return { kind: 'value', value: numberExample(schema, type, hint) };
    case 'boolean':
      return { kind: 'value', value: true };
    case 'null':
      return { kind: 'value', value: null };
    default:
      if (schema.format === 'binary') return { kind: 'bytes', type: 'application/octet-stream' };
      return { kind: 'value', value: stringExample(schema, hint) };
  }
}

/** Whether a value holds a string longer than a reader takes in at a glance. */
function longText(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 80;
  if (Array.isArray(value)) return value.some(longText);
  return isObject(value) && Object.values(value).some(longText);
}

/** The schema's own example: `example`, or the first of `examples` (JSON Schema's list). */
function ownExample(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

/** The first variant of a `oneOf`/`anyOf` that is not `null`, with its discriminator set. */
function variantExample(docs: DocumentSet, schema: Schema, at: ResolvedRef, variants: unknown[], hint: ExampleHint, depth: number): ExampleNode {
  const index = Math.max(
    0,
    variants.findIndex((v) => typeOf(isObject(v) ? (resolve(docs, { ...at, value: v }).value as Schema) : {}) !== 'null'),
  );
  const variant = { ...at, tokens: [...at.tokens, Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf', String(index)], value: variants[index] };
  const example = exampleOf(docs, variant, hint, depth);
  const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
  const property = typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined;
  if (!property || example.kind !== 'object' || example.entries.some(([k]) => k === property)) return example;
  // The variant does not fix the discriminator's value itself: the mapping key that names it, or its schema's name.
  const ref = isRef(variants[index]) ? variants[index].$ref : undefined;
  const mapping = isObject(discriminator?.mapping) ? discriminator.mapping : {};
  const key = Object.entries(mapping).find(([, target]) => target === ref || (typeof target === 'string' && ref?.endsWith(`/${target}`)))?.[0];
  const value = key ?? ref?.split('/').pop();
  return value === undefined ? example : { kind: 'object', entries: [[property, { kind: 'value', value }], ...example.entries] };
}

/** An object with its required properties (and any `also` names; from `allOf` parts too), in the order the schema lists them; read-only ones left out. */
function objectExample(docs: DocumentSet, at: ResolvedRef, hint: ExampleHint, depth: number, also: readonly string[]): ExampleNode {
  if (depth >= MAX_DEPTH) return { kind: 'object', entries: [] };
  const properties = new Map<string, ResolvedRef>();
  const required = new Set<string>();
  collect(docs, at, properties, required, 0);
  const entries: [string, ExampleNode][] = [];
  for (const [name, property] of properties) {
    if (!required.has(name) && !also.includes(name)) continue;
    const value = resolve(docs, property).value;
    if (isObject(value) && value.readOnly === true) continue;
    entries.push([name, exampleOf(docs, property, { ...hint, name }, depth + 1)]);
  }
  // Required properties the object does not describe: any value will do, a string reads best.
  for (const name of required) if (!properties.has(name)) entries.push([name, { kind: 'value', value: stringExample({}, { ...hint, name }) }]);
  return { kind: 'object', entries };
}

function collect(docs: DocumentSet, node: ResolvedRef, properties: Map<string, ResolvedRef>, required: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const at = resolve(docs, node);
  const schema = isObject(at.value) ? at.value : {};
  if (isObject(schema.properties)) {
    for (const [name, value] of Object.entries(schema.properties)) {
      if (!properties.has(name)) properties.set(name, { ...at, tokens: [...at.tokens, 'properties', name], value });
    }
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') required.add(name);
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((part, i) => collect(docs, { ...at, tokens: [...at.tokens, 'allOf', String(i)], value: part }, properties, required, depth + 1));
  // A union of shapes inside an object: the first shape's fields.
  const variants = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (variants && (isObject(schema.properties) || Array.isArray(schema.allOf))) {
    const first = (schema[variants] as unknown[])[0];
    collect(docs, { ...at, tokens: [...at.tokens, variants, '0'], value: first }, properties, required, depth + 1);
  }
}

/** A number within the schema's bounds: 1 for most, 10 for a page size or count. */
function numberExample(schema: Schema, type: 'integer' | 'number', hint: ExampleHint): number {
  const step = type === 'integer' ? 1 : 0.5;
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + step : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - step : Infinity;
  const preferred = /max|count|limit|size|results|per_page/i.test(hint.name) ? 10 : 1;
  let value = Math.min(Math.max(preferred, min), max);
  if (type === 'integer') value = Math.ceil(value);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return value;
}

/** Realistic strings for what the name says, then by format; the first that meets the pattern and lengths wins. */
function stringExample(schema: Schema, hint: ExampleHint): string {
  const named = byName(hint);
  // The n-th item of a list: the n-th of the names' values first.
  const candidates = [...byFormat(schema.format), ...named.slice((hint.index ?? 0) % Math.max(named.length, 1)), ...named];
  const pattern = typeof schema.pattern === 'string' ? safeRegExp(schema.pattern) : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const meets = (s: string): boolean => {
    const length = [...s].length;
    return length >= min && length <= max && (!pattern || pattern.test(s));
  };
  const generic = ['example', ...IDS, 'XDevelopers', 'US', 'en', 'https://example.com/', 'abc123'];
  const found = [...candidates, ...generic].find(meets);
  if (found !== undefined) return found;
  const built = typeof schema.pattern === 'string' ? sampleOfPattern(schema.pattern) : undefined;
  if (built !== undefined && meets(built)) return built;
  // Too short for minLength: the pattern's last character repeated often fits (`[a-f0-9]+`).
  if (built && built.length < min && meets(built.padEnd(min, built.slice(-1)))) return built.padEnd(min, built.slice(-1));
  // Lengths alone: pad or cut a plain word.
  const word = candidates[0] ?? 'example';
  return word.length < min ? word.padEnd(min, 'x') : [...word].slice(0, Number.isFinite(max) ? max : undefined).join('');
}

/** Ids as X writes them: a post's, a user's. */
const IDS = ['1460323737035677698', '2244994945'];
const POSTS = ['1460323737035677698', '1519781379172495360', '1346889436626259968'];

function byFormat(format: unknown): string[] {
  switch (format) {
    case 'date-time':
      return ['2025-01-01T00:00:00Z'];
    case 'date':
      return ['2025-01-01'];
    case 'time':
      return ['12:00:00'];
    case 'uri':
    case 'url':
    case 'uri-reference':
    case 'iri':
      return ['https://example.com/'];
    case 'email':
      return ['user@example.com'];
    case 'uuid':
      return ['123e4567-e89b-12d3-a456-426614174000'];
    case 'hostname':
      return ['example.com'];
    case 'ipv4':
      return ['192.0.2.1'];
    case 'ipv6':
      return ['2001:db8::1'];
    case 'byte':
      return ['aGVsbG8='];
    default:
      return [];
  }
}

/** Values a person would write for a field of this name (and, for a bare `id`, of this path). */
function byName({ name, path }: ExampleHint): string[] {
  const n = name.toLowerCase();
  const user = ['2244994945', '6253282', '783214'];
  if (n === 'id' || n === 'ids') {
    const last = path.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? '';
    if (/users?$/.test(last) || /\/users\/\{/.test(path)) return user;
    if (/lists?$/.test(last) || /\/lists\/\{/.test(path)) return ['1146654567674912769'];
    if (/spaces?$/.test(last) || /\/spaces\/\{/.test(path)) return ['1DXxyRYNejbKM'];
    return POSTS;
  }
  if (/(^|_)target_user_?id$/.test(n)) return user.slice(1);
  if (/(^|_)(user|author|participant|owner|follower|following|source_user)_?ids?$/.test(n)) return user;
  if (/(^|_)(tweet|post)_?ids?$/.test(n)) return POSTS;
  if (/(^|_)list_?ids?$/.test(n)) return ['1146654567674912769'];
  if (/(^|_)space_?ids?$/.test(n)) return ['1DXxyRYNejbKM'];
  if (/media_?keys?$/.test(n)) return ['3_1146654567674912769'];
  if (/(^|_)usernames?$/.test(n)) return ['XDevelopers'];
  if (/(^|_)query$/.test(n)) return ['from:XDevelopers -is:retweet'];
  if (/(^|_)(text|message)$/.test(n)) return ['Hello from the X API!', 'More context at https://example.com/'];
  if (/(^|_)uuids?$/.test(n)) return ['123e4567-e89b-12d3-a456-426614174000'];
  if (/(^|_)(name|title)$/.test(n)) return ['Example'];
  if (/(^|_)description$/.test(n)) return ['An example.'];
  if (/(^|_)(lang|language)$/.test(n)) return ['en'];
  if (/country(_code)?$/.test(n)) return ['US'];
  if (/(^|_)(url|uri|link|callback)$/.test(n)) return ['https://example.com/'];
  if (/(^|_)email$/.test(n)) return ['user@example.com'];
  // The look of an app-only bearer token, short.
  if (/(^|_)token$/.test(n)) return ['AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA'];
  if (/(^|_|\b)(time|at|date)$/.test(n)) return ['2025-01-01T00:00:00Z'];
  if (/(^|_)ids?$/.test(n)) return [...IDS];
  return [];
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** The schema's type; of a list of types (`[string, 'null']`), the first that is not `null`. */
function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  return undefined;
}

function singular(name: string): string {
  return name.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
}

/** Follows `$ref`s to the value they name; a reference that goes nowhere reads as any value. */
function resolve(docs: DocumentSet, node: ResolvedRef): ResolvedRef {
  let current = node;
  for (let hops = 0; isRef(current.value) && hops < 32; hops++) {
    try {
      current = docs.resolveRef(current.value.$ref, current);
    } catch {
      return { ...current, value: {} };
    }
  }
  return isRef(current.value) ? { ...current, value: {} } : current;
}

/** A value from the spec as an example, its amounts in micros (`x-money`) written as such, wherever the schema puts them. */
function shaped(docs: DocumentSet, value: unknown, node: ResolvedRef, depth = 0): ExampleNode {
  const at = resolve(docs, node);
  const schema = isObject(at.value) ? at.value : {};
  if (depth > MAX_DEPTH * 2) return fromJson(value);
  if (typeof value === 'number' && [node.value, schema].some((s) => isObject(s) && s['x-money'] === 'micros')) return { kind: 'micros', decimal: decimalOfMicros(value) };
  if (Array.isArray(value)) {
    const items: ResolvedRef = { ...at, tokens: [...at.tokens, 'items'], value: schema.items ?? {} };
    return { kind: 'array', items: value.map((item) => shaped(docs, item, items, depth + 1)) };
  }
  if (isObject(value)) {
    const properties = new Map<string, ResolvedRef>();
    collect(docs, at, properties, new Set(), 0);
    return { kind: 'object', entries: Object.entries(value).map(([k, v]) => [k, properties.has(k) ? shaped(docs, v, properties.get(k)!, depth + 1) : fromJson(v)]) };
  }
  return fromJson(value);
}

export function fromJson(value: unknown): ExampleNode {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(fromJson) };
  if (isObject(value)) return { kind: 'object', entries: Object.entries(value).map(([k, v]) => [k, fromJson(v)]) };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return { kind: 'value', value };
  return { kind: 'value', value: null };
}

/**
 * Whether a value from the spec is one of the schema's: the checks the generated runtime makes
 * (type, enum, const, pattern, lengths, bounds, item counts, required properties), through
 * `$ref`, `allOf`, `oneOf` and `anyOf`.
 */
export function fits(docs: DocumentSet, value: unknown, node: ResolvedRef, depth = 0): boolean {
  if (depth > MAX_DEPTH * 2) return true;
  const at = resolve(docs, node);
  if (!isObject(at.value)) return at.value !== false;
  const schema = at.value;
  const child = (value: unknown, ...tokens: string[]): ResolvedRef => ({ ...at, tokens: [...at.tokens, ...tokens], value });
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((part, i) => fits(docs, value, child(part, 'allOf', String(i)), depth + 1))) return false;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && !list.some((part, i) => fits(docs, value, child(part, key, String(i)), depth + 1))) return false;
  }
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
  if (value === null) return (types?.includes('null') ?? false) || schema.nullable === true || (types === undefined && !schema.enum);
  if (types && !types.some((t) => isType(value, t))) return false;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
    if (typeof schema.pattern === 'string' && !safeRegExp(schema.pattern)?.test(value)) return false;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return false;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return false;
    if (isObject(schema.items) && !value.every((item) => fits(docs, item, child(schema.items, 'items'), depth + 1))) return false;
  }
  if (isObject(value)) {
    const properties = new Map<string, ResolvedRef>();
    const required = new Set<string>();
    collect(docs, at, properties, required, 0);
    for (const name of required) if (!(name in value)) return false;
    for (const [name, v] of Object.entries(value)) {
      const property = properties.get(name);
      if (property && !fits(docs, v, property, depth + 1)) return false;
      if (!property && schema.additionalProperties === false) return false;
    }
  }
  return true;
}

function isType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}
