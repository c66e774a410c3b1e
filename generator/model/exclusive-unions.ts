import { isObject } from '../load/index.ts';
import { type SchemaRefs, schemaRefs, type WireOperation, wireSides } from './enum-sides.ts';
import {
  falseSchema,
  isFalseSchema,
  refName,
  SCHEMA_KEYS,
  SCHEMA_LIST_KEYS,
  SCHEMA_MAP_KEYS,
  type SchemaRegistry,
} from './schemas.ts';
import type { JsonSchema } from './types.ts';

/**
 * `oneOf` means exactly one: a value with the properties of two object shapes matches both and is
 * refused. A TypeScript union of the shapes accepts it (`{ add, delete }` passes as either), so each
 * shape of a `oneOf` without a discriminator gets the properties only the other shapes declare as
 * absent: `(AddRulesRequest & { delete?: never }) | (DeleteRulesRequest & { add?: never })`.
 *
 * Only in what the client sends (schemas that params reach and no result does), where a value both
 * shapes would take is a mistake to catch; what it reads stays as the schema states it, as enums
 * stay open there. Only unions whose every shape is a plain object with named properties change,
 * and a shape that is a named schema is wrapped where the union names it, not where it is defined.
 */
export function makeSentUnionsExclusive(
  registry: SchemaRegistry,
  operations: WireOperation[],
  refs: SchemaRefs = schemaRefs(),
): void {
  const { read, sent } = wireSides(registry, operations, refs);
  for (const named of registry.all()) {
    if (sent.has(named.name) && !read.has(named.name)) named.schema = visit(named.schema, registry);
  }
}

function visit(node: JsonSchema, registry: SchemaRegistry): JsonSchema {
  let out = node;
  const set = (key: string, value: unknown): void => {
    if (out === node) out = { ...node };
    out[key] = value;
  };
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_KEYS.has(key) && isObject(value)) {
      const next = visit(value as JsonSchema, registry);
      if (next !== value) set(key, next);
    } else if (SCHEMA_MAP_KEYS.has(key) && isObject(value)) {
      const entries = Object.entries(value).map(
        ([k, v]) => [k, isObject(v) ? visit(v as JsonSchema, registry) : v] as const,
      );
      if (entries.some(([k, v]) => v !== value[k])) set(key, Object.fromEntries(entries));
    } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
      const items = value.map((v) => (isObject(v) ? visit(v as JsonSchema, registry) : v));
      if (items.some((v, i) => v !== value[i])) set(key, items);
    }
  }
  const exclusive = exclusiveShapes(out, registry);
  if (exclusive) set('oneOf', exclusive);
  return out;
}

/** The `oneOf` shapes with each other's properties marked absent, or undefined when the union is left as it is. */
function exclusiveShapes(node: JsonSchema, registry: SchemaRegistry): JsonSchema[] | undefined {
  const shapes = node.oneOf;
  if (!Array.isArray(shapes) || shapes.length < 2 || node.discriminator !== undefined) return undefined;
  const names = shapes.map((shape) =>
    isObject(shape) ? propertyNames(shape as JsonSchema, registry) : undefined,
  );
  if (names.some((n) => n === undefined)) return undefined;
  const own = names as { present: Set<string>; declared: Set<string> }[];
  let changed = false;
  const out = shapes.map((shape, i) => {
    // What another shape may hold and this one does not mention (one it already marks absent stays as it is).
    const others = [...new Set(own.flatMap((set, j) => (j === i ? [] : [...set.present])))].filter(
      (name) => !own[i]!.declared.has(name),
    );
    if (others.length === 0) return shape;
    changed = true;
    const absent = Object.fromEntries(others.map((name) => [name, falseSchema()]));
    const schema = shape as JsonSchema;
    if (typeof schema.$ref === 'string') return { allOf: [schema, { type: 'object', properties: absent }] };
    return { ...schema, properties: { ...(schema.properties as Record<string, JsonSchema>), ...absent } };
  });
  return changed ? out : undefined;
}

/**
 * The properties a shape declares (`declared`), and of them the ones a value may hold (`present`:
 * not marked absent), when it is a plain object with named properties, itself or through a `$ref`.
 */
function propertyNames(
  shape: JsonSchema,
  registry: SchemaRegistry,
): { present: Set<string>; declared: Set<string> } | undefined {
  const schema = typeof shape.$ref === 'string' ? registry.get(refName(shape.$ref))?.schema : shape;
  if (!schema || !isObject(schema.properties)) return undefined;
  if (schema.oneOf || schema.anyOf || schema.allOf || schema.not) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  const properties = schema.properties as Record<string, unknown>;
  return {
    present: new Set(Object.keys(properties).filter((name) => !isFalseSchema(properties[name]))),
    declared: new Set(Object.keys(properties)),
  };
}
