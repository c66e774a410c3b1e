import { isObject } from '../load/index.ts';
import type { SchemaRegistry } from './schemas.ts';
import type { JsonSchema, SelectionModel, ValueChecks } from './types.ts';

/** The properties of a plain object schema (no union or composition, which a narrowed copy could not follow). */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> | undefined {
  if (schema.oneOf || schema.anyOf || schema.allOf || !isObject(schema.properties)) return undefined;
  return schema.properties as Record<string, JsonSchema>;
}

/** The type of one field name of a `*.fields` parameter (an array of an enum, as a rule). */
export function fieldType(checks: ValueChecks): SelectionModel['field'] {
  const items = checks.items ?? checks;
  if (items.enumRef) return { enum: items.enumRef };
  return { values: (items.enum ?? []).filter((v): v is string => typeof v === 'string') };
}

/** The field names a `*.fields` parameter takes; undefined when it takes any string (then every property is selectable). */
export function fieldValues(
  field: SelectionModel['field'],
  registry: SchemaRegistry,
): Set<string> | undefined {
  const values = 'enum' in field ? registry.get(field.enum)?.schema.enum : field.values;
  if (!Array.isArray(values) || values.length === 0) return undefined;
  return new Set(values.filter((v): v is string => typeof v === 'string'));
}
