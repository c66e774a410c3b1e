/**
 * The example value of a schema, for an operation's example call: the spec's own where it fits,
 * else one built from the schema; amounts in micros written as such.
 */
import { type DocumentSet, isObject, isRef, type ResolvedRef } from '../load/index.ts';
import { fits } from './example-fits.ts';
import { collect, MAX_DEPTH, resolve, type Schema, typeOf } from './example-schema.ts';
import { exampleVocabulary } from './example-vocabulary.ts';
import { type ExampleHint, numberExample, stringExample } from './example-words.ts';
import type { ExampleNode } from './types.ts';

/**
 * An example of a value of a schema as the spec states it (raw, `$ref`s resolved where they stand):
 * the spec's own `example` where it fits the schema (type, enum, pattern, sizes), else one built
 * from the schema (its `const`, its first enum value, its default, a realistic value of its type
 * and format that meets its pattern and limits). Objects hold their required properties only.
 */
export function exampleOf(
  docs: DocumentSet,
  node: ResolvedRef,
  hint: ExampleHint,
  depth = 0,
  also: readonly string[] = [],
): ExampleNode {
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
  const fraction = String(Math.abs(micros % 1_000_000))
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${micros < 0 && units === 0 ? '-' : ''}${units}.${fraction}`;
}

function plainExample(
  docs: DocumentSet,
  node: ResolvedRef,
  hint: ExampleHint,
  depth: number,
  also: readonly string[],
): ExampleNode {
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
  const variants = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (variants && !isObject(schema.properties) && !Array.isArray(schema.allOf))
    return variantExample(docs, schema, at, variants, hint, depth);
  const type =
    typeOf(schema) ?? (Array.isArray(schema.allOf) || isObject(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'object':
      return objectExample(docs, at, hint, depth, also);
    case 'array': {
      const items = isObject(schema.items)
        ? { ...at, tokens: [...at.tokens, 'items'], value: schema.items }
        : { ...at, value: {} };
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const count = Math.min(Math.max(min, 1), max);
      // Items of their own where the name offers several (ids), so that `minItems: 2` reads as two users.
      const list = Array.from({ length: count }, (_, index) =>
        exampleOf(docs, items, { name: singular(hint.name), path: hint.path, index }, depth + 1),
      );
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
      return { kind: 'value', value: stringExample(schema, hint, exampleVocabulary(docs)) };
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
function variantExample(
  docs: DocumentSet,
  schema: Schema,
  at: ResolvedRef,
  variants: unknown[],
  hint: ExampleHint,
  depth: number,
): ExampleNode {
  const index = Math.max(
    0,
    variants.findIndex(
      (v) => typeOf(isObject(v) ? (resolve(docs, { ...at, value: v }).value as Schema) : {}) !== 'null',
    ),
  );
  const variant = {
    ...at,
    tokens: [...at.tokens, Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf', String(index)],
    value: variants[index],
  };
  const example = exampleOf(docs, variant, hint, depth);
  const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
  const property = typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined;
  if (!property || example.kind !== 'object' || example.entries.some(([k]) => k === property)) return example;
  // The variant does not fix the discriminator's value itself: the mapping key that names it, or its schema's name.
  const ref = isRef(variants[index]) ? variants[index].$ref : undefined;
  const mapping = isObject(discriminator?.mapping) ? discriminator.mapping : {};
  const key = Object.entries(mapping).find(
    ([, target]) => target === ref || (typeof target === 'string' && ref?.endsWith(`/${target}`)),
  )?.[0];
  const value = key ?? ref?.split('/').pop();
  return value === undefined
    ? example
    : { kind: 'object', entries: [[property, { kind: 'value', value }], ...example.entries] };
}

/** An object with its required properties (and any `also` names; from `allOf` parts too), in the order the schema lists them; read-only ones left out. */
function objectExample(
  docs: DocumentSet,
  at: ResolvedRef,
  hint: ExampleHint,
  depth: number,
  also: readonly string[],
): ExampleNode {
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
  for (const name of required)
    if (!properties.has(name))
      entries.push([
        name,
        { kind: 'value', value: stringExample({}, { ...hint, name }, exampleVocabulary(docs)) },
      ]);
  return { kind: 'object', entries };
}

function singular(name: string): string {
  return name.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
}

/** A value from the spec as an example, its amounts in micros (`x-money`) written as such, wherever the schema puts them. */
function shaped(docs: DocumentSet, value: unknown, node: ResolvedRef, depth = 0): ExampleNode {
  const at = resolve(docs, node);
  const schema = isObject(at.value) ? at.value : {};
  if (depth > MAX_DEPTH * 2) return fromJson(value);
  if (typeof value === 'number' && [node.value, schema].some((s) => isObject(s) && s['x-money'] === 'micros'))
    return { kind: 'micros', decimal: decimalOfMicros(value) };
  if (Array.isArray(value)) {
    const items: ResolvedRef = { ...at, tokens: [...at.tokens, 'items'], value: schema.items ?? {} };
    return { kind: 'array', items: value.map((item) => shaped(docs, item, items, depth + 1)) };
  }
  if (isObject(value)) {
    const properties = new Map<string, ResolvedRef>();
    collect(docs, at, properties, new Set(), 0);
    return {
      kind: 'object',
      entries: Object.entries(value).map(([k, v]) => [
        k,
        properties.has(k) ? shaped(docs, v, properties.get(k)!, depth + 1) : fromJson(v),
      ]),
    };
  }
  return fromJson(value);
}

export function fromJson(value: unknown): ExampleNode {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(fromJson) };
  if (isObject(value))
    return { kind: 'object', entries: Object.entries(value).map(([k, v]) => [k, fromJson(v)]) };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
    return { kind: 'value', value };
  return { kind: 'value', value: null };
}
