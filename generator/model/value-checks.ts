import { isObject } from '../load/index.ts';
import { refName, type SchemaRegistry } from './schemas.ts';
import type { JsonSchema, ValueChecks } from './types.ts';

/**
 * The checks the runtime makes on a value before sending, read from its (model) schema.
 * Enum values of named enum schemas are referenced by name so the runtime shares the
 * exported `as const` arrays instead of repeating them.
 */
export function valueChecks(
  schema: JsonSchema,
  registry: SchemaRegistry,
  enumNames: ReadonlySet<string>,
  depth = 0,
  seen: ReadonlySet<string> = new Set(),
): ValueChecks {
  const checks: ValueChecks = {};
  let node = schema;
  const inside = new Set(seen);
  // Follow references to read the rules of the schema they name.
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) {
    const name = refName(node.$ref);
    // A schema that contains itself is checked once, at its outermost use.
    if (inside.has(name)) return checks;
    inside.add(name);
    if (enumNames.has(name)) checks.enumRef = name;
    const target = registry.get(name)?.schema;
    if (!target) break;
    const siblings = Object.entries(node).filter(([k]) => k !== '$ref');
    // Notes beside a reference do not change what is checked: the checks are that schema's own.
    if (siblings.every(([k]) => ANNOTATIONS.has(k) || k.startsWith('x-'))) checks.schema = name;
    else delete checks.schema;
    node = { ...target, ...Object.fromEntries(siblings) };
  }
  const type = primaryType(node);
  // Bytes (a Blob in a multipart part or an octet-stream body) are no string to check.
  if (type && !(type === 'string' && node.format === 'binary')) checks.type = type;
  if (admitsNull(node)) checks.nullable = true;
  const num = (key: string): number | undefined =>
    typeof node[key] === 'number' ? (node[key] as number) : undefined;
  const assign = <K extends keyof ValueChecks>(key: K, value: ValueChecks[K] | undefined): void => {
    if (value !== undefined) checks[key] = value;
  };
  // The runtime checks patterns with JavaScript's unicode regular expressions; one written for
  // another dialect that they cannot compile is left to the server rather than failing every call.
  assign('pattern', typeof node.pattern === 'string' && compiles(node.pattern) ? node.pattern : undefined);
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
  if (
    typeof node.format === 'string' &&
    ['date-time', 'date', 'int32', 'int64', 'uri', 'email'].includes(node.format)
  ) {
    checks.format = node.format;
  }
  if (!checks.enumRef) {
    if (Array.isArray(node.enum)) checks.enum = node.enum.filter(isPrimitive);
    else if (node.const !== undefined && isPrimitive(node.const)) checks.enum = [node.const];
  }
  if (type === 'array' && isObject(node.items) && depth < MAX_DEPTH) {
    const items = valueChecks(node.items as JsonSchema, registry, enumNames, depth + 1, inside);
    if (Object.keys(items).length > 0) checks.items = items;
  }
  if (depth < MAX_DEPTH) Object.assign(checks, objectChecks(node, registry, enumNames, depth, inside));
  return checks;
}

/** Keys beside a `$ref` that say nothing about valid values. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  'example',
  'examples',
  'externalDocs',
]);

/** How deep checks follow nested objects and arrays. */
const MAX_DEPTH = 6;

/** The property, required-property and union checks of an object schema (allOf parts merged). */
function objectChecks(
  node: JsonSchema,
  registry: SchemaRegistry,
  enumNames: ReadonlySet<string>,
  depth: number,
  seen: ReadonlySet<string>,
): ValueChecks {
  const out: ValueChecks = {};
  const parts = [node, ...(Array.isArray(node.allOf) ? node.allOf.filter(isObject) : [])];
  const properties: Record<string, ValueChecks> = {};
  const required = new Set<string>();
  for (const part of parts) {
    let resolved = part as JsonSchema;
    if (part !== node && typeof resolved.$ref === 'string') {
      const name = refName(resolved.$ref);
      if (seen.has(name)) continue;
      resolved = registry.get(name)?.schema ?? {};
    }
    if (isObject(resolved.properties)) {
      for (const [name, prop] of Object.entries(resolved.properties)) {
        if (!isObject(prop)) continue;
        const inner = valueChecks(prop as JsonSchema, registry, enumNames, depth + 1, seen);
        if (Object.keys(inner).length > 0) properties[name] = inner;
      }
    }
    if (Array.isArray(resolved.required))
      resolved.required.forEach((r) => typeof r === 'string' && required.add(r));
  }
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.requiredProperties = [...required];
  const variants = Array.isArray(node.oneOf)
    ? node.oneOf
    : Array.isArray(node.anyOf)
      ? node.anyOf
      : undefined;
  if (variants && variants.every(isObject)) {
    const shapes = variants.map((v) => valueChecks(v as JsonSchema, registry, enumNames, depth + 1, seen));
    if (shapes.some((shape) => Object.keys(shape).length === 0)) return out;
    out.oneOf = shapes;
    const stated =
      isObject(node.discriminator) && typeof node.discriminator.propertyName === 'string'
        ? node.discriminator.propertyName
        : undefined;
    // Without a stated discriminator, a property every shape fixes to its own values picks the shape.
    const candidates = Object.keys(shapes[0]?.properties ?? {}).filter((name) =>
      shapes.every(
        (shape) =>
          shape.properties?.[name]?.enum !== undefined || shape.properties?.[name]?.enumRef !== undefined,
      ),
    );
    const discriminator = stated ?? candidates[0];
    if (discriminator && shapes.every((shape) => shape.properties?.[discriminator]?.enum))
      out.discriminator = discriminator;
  }
  return out;
}

/** `null` is a valid value: 3.0 `nullable`, a 3.1 type list with `null`, or a `null` branch of a union. */
function admitsNull(node: JsonSchema): boolean {
  if (node.nullable === true || node.type === 'null' || node.const === null) return true;
  if (Array.isArray(node.type) && node.type.includes('null')) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  const branches = [
    ...(Array.isArray(node.oneOf) ? node.oneOf : []),
    ...(Array.isArray(node.anyOf) ? node.anyOf : []),
  ];
  return branches.some((b) => isObject(b) && admitsNull(b));
}

function primaryType(node: JsonSchema): ValueChecks['type'] | undefined {
  const raw = Array.isArray(node.type) ? node.type.filter((t) => t !== 'null') : [node.type];
  const first = raw.length === 1 ? raw[0] : undefined;
  return first === 'string' ||
    first === 'integer' ||
    first === 'number' ||
    first === 'boolean' ||
    first === 'array' ||
    first === 'object'
    ? first
    : undefined;
}

function isPrimitive(v: unknown): v is string | number | boolean | null {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
