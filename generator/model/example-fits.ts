/** Whether an example the spec states is one of its schema's values, by the checks the runtime makes. */
import { type DocumentSet, isObject, type ResolvedRef } from '../load/index.ts';
import { collect, MAX_DEPTH, resolve, safeRegExp } from './example-schema.ts';

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
  const child = (value: unknown, ...tokens: string[]): ResolvedRef => ({
    ...at,
    tokens: [...at.tokens, ...tokens],
    value,
  });
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    return false;
  if (
    Array.isArray(schema.allOf) &&
    !schema.allOf.every((part, i) => fits(docs, value, child(part, 'allOf', String(i)), depth + 1))
  )
    return false;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (
      Array.isArray(list) &&
      !list.some((part, i) => fits(docs, value, child(part, key, String(i)), depth + 1))
    )
      return false;
  }
  const types =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
  if (value === null)
    return (
      (types?.includes('null') ?? false) || schema.nullable === true || (types === undefined && !schema.enum)
    );
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
    if (
      isObject(schema.items) &&
      !value.every((item) => fits(docs, item, child(schema.items, 'items'), depth + 1))
    )
      return false;
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
