import { isObject } from '../load/index.ts';
import type { SchemaRegistry } from './schemas.ts';
import type { JsonSchema, SerializationStyle, ValueChecks } from './types.ts';

/** How a parameter's value goes on the wire, from its location, `style`, `explode` and `content`. */
export function serializationStyle(param: Record<string, unknown>): SerializationStyle {
  if (isObject(param.content)) return 'json';
  const location = param.in;
  const style = typeof param.style === 'string' ? param.style : location === 'query' || location === 'cookie' ? 'form' : 'simple';
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  switch (style) {
    case 'form':
      return explode ? 'multi' : 'csv';
    case 'spaceDelimited':
      return 'ssv';
    case 'pipeDelimited':
      return 'pipes';
    case 'deepObject':
      return 'deepObject';
    default:
      return 'simple';
  }
}

/**
 * The checks the runtime makes on a value before sending, read from its (model) schema.
 * Enum values of named enum schemas are referenced by name so the runtime shares the
 * exported `as const` arrays instead of repeating them.
 */
export function valueChecks(schema: JsonSchema, registry: SchemaRegistry, enumNames: ReadonlySet<string>, depth = 0): ValueChecks {
  const checks: ValueChecks = {};
  let node = schema;
  // Follow references to read the rules of the schema they name.
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) {
    const name = node.$ref.replace('#/components/schemas/', '');
    if (enumNames.has(name)) checks.enumRef = name;
    const target = registry.get(name)?.schema;
    if (!target) break;
    node = { ...target, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) };
  }
  const type = primaryType(node);
  if (type) checks.type = type;
  const num = (key: string): number | undefined => (typeof node[key] === 'number' ? (node[key] as number) : undefined);
  const assign = <K extends keyof ValueChecks>(key: K, value: ValueChecks[K] | undefined): void => {
    if (value !== undefined) checks[key] = value;
  };
  assign('pattern', typeof node.pattern === 'string' ? node.pattern : undefined);
  assign('minLength', num('minLength'));
  assign('maxLength', num('maxLength'));
  assign('minimum', num('minimum'));
  assign('maximum', num('maximum'));
  // 3.0 writes exclusive bounds as booleans next to minimum/maximum.
  if (node.exclusiveMinimum === true && checks.minimum !== undefined) {
    checks.exclusiveMinimum = checks.minimum;
    delete checks.minimum;
  } else assign('exclusiveMinimum', num('exclusiveMinimum'));
  if (node.exclusiveMaximum === true && checks.maximum !== undefined) {
    checks.exclusiveMaximum = checks.maximum;
    delete checks.maximum;
  } else assign('exclusiveMaximum', num('exclusiveMaximum'));
  assign('minItems', num('minItems'));
  assign('maxItems', num('maxItems'));
  if (node.uniqueItems === true) checks.uniqueItems = true;
  if (typeof node.format === 'string' && ['date-time', 'date', 'int32', 'int64', 'uri', 'email'].includes(node.format)) {
    checks.format = node.format;
  }
  if (!checks.enumRef) {
    if (Array.isArray(node.enum)) checks.enum = node.enum.filter(isPrimitive);
    else if (node.const !== undefined && isPrimitive(node.const)) checks.enum = [node.const];
  }
  if (type === 'array' && isObject(node.items) && depth < 3) {
    const items = valueChecks(node.items as JsonSchema, registry, enumNames, depth + 1);
    if (Object.keys(items).length > 0) checks.items = items;
  }
  return checks;
}

function primaryType(node: JsonSchema): ValueChecks['type'] | undefined {
  const raw = Array.isArray(node.type) ? node.type.filter((t) => t !== 'null') : [node.type];
  const first = raw.length === 1 ? raw[0] : undefined;
  return first === 'string' || first === 'integer' || first === 'number' || first === 'boolean' || first === 'array' || first === 'object'
    ? first
    : undefined;
}

function isPrimitive(v: unknown): v is string | number | boolean | null {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** The schema of a parameter: its `schema`, or the schema of its single `content` entry. */
export function parameterSchema(param: Record<string, unknown>): { schema: unknown; key: string[] } {
  if (param.schema !== undefined) return { schema: param.schema, key: ['schema'] };
  if (isObject(param.content)) {
    const [mediaType, media] = Object.entries(param.content)[0] ?? [];
    if (mediaType && isObject(media) && media.schema !== undefined) return { schema: media.schema, key: ['content', mediaType, 'schema'] };
  }
  return { schema: {}, key: [] };
}

