import { isObject } from '../load/index.ts';
import { refName, SCHEMA_KEYS, SCHEMA_LIST_KEYS, SCHEMA_MAP_KEYS, type SchemaRegistry } from './schemas.ts';
import type { JsonSchema, OperationModel } from './types.ts';

/**
 * Which enums are open. An API adds values to what it sends (new event kinds, new statuses):
 * a closed union there would make a value the client really receives a lie in its types. So
 * a string enum is open (its schema type also admits any other string) wherever the client
 * reads it, and closed only where the client sends it, where an unknown value is a mistake.
 * An enum read in a response and sent in a request has both forms: the named schema is the
 * open one, and what a request holds is closed: a reference to the enum from a params type or
 * a request-only schema becomes the enum's values inline, and a schema used on both sides gets
 * a request-side variant (`<Name>Input`) that holds the closed form.
 *
 * Schemas no operation reaches (webhook deliveries, say) are what a client receives, so their
 * enums are open too. Returns the names of the open enums.
 */
export function closeSentEnums(
  registry: SchemaRegistry,
  enumNames: ReadonlySet<string>,
  operations: WireOperation[],
  refs: SchemaRefs = schemaRefs(),
): Set<string> {
  const { read, sent } = wireSides(registry, operations, refs);
  const open = new Set<string>();
  for (const name of enumNames) {
    const schema = registry.get(name)?.schema;
    if (schema && isStringEnum(schema) && !(sent.has(name) && !read.has(name))) open.add(name);
  }
  if (open.size === 0) return open;

  const reaching = reachingOpen(registry, open, refs);
  const reachesOpen = (name: string): boolean => reaching.has(name);
  const variants = new Map<string, string>();
  const rewritten = new Set<string>();
  /** The request-side form of a schema: references to open enums and to read schemas that reach them replaced. */
  const close = (node: JsonSchema): JsonSchema => {
    if (typeof node.$ref === 'string') {
      const name = refName(node.$ref);
      if (open.has(name)) {
        // The values, and a pointer to the enum for its documentation (not a copy of it).
        const target = registry.get(name)?.schema ?? {};
        const { $ref: _ref, ...siblings } = node;
        const closed: JsonSchema = {
          description: `A value of \`${name}\` (requests take only the listed values).`,
        };
        for (const key of ['type', 'enum', 'nullable'])
          if (target[key] !== undefined) closed[key] = target[key];
        return { ...closed, ...siblings };
      }
      if (!reachesOpen(name)) return node;
      if (!read.has(name)) {
        rewriteInPlace(name);
        return node;
      }
      return { ...node, $ref: `#/components/schemas/${variantOf(name)}` };
    }
    const out = mapSchemas(node, close);
    const discriminator = out.discriminator;
    if (!isObject(discriminator) || !isObject(discriminator.mapping)) return out;
    // The mapping names the same schemas as the oneOf: it follows them to their variants.
    const mapping = Object.fromEntries(
      Object.entries(discriminator.mapping).map(([value, ref]) => [
        value,
        typeof ref === 'string' && ref.startsWith('#/') ? (close({ $ref: ref }).$ref ?? ref) : ref,
      ]),
    );
    return { ...out, discriminator: { ...discriminator, mapping } };
  };
  const rewriteInPlace = (name: string): void => {
    if (rewritten.has(name)) return;
    rewritten.add(name);
    const named = registry.get(name);
    if (named) named.schema = close(named.schema);
  };
  const variantOf = (name: string): string => {
    const known = variants.get(name);
    if (known) return known;
    const named = registry.get(name);
    const variant = registry.hoist(`${name}Input`, {}, 'inline', named?.description);
    variants.set(name, variant);
    rewritten.add(variant);
    const made = registry.get(variant);
    if (made && named) {
      made.deprecated = named.deprecated;
      made.unspecified = named.unspecified;
      made.schema = close(named.schema);
    }
    return variant;
  };
  for (const op of operations) if (op.hasParams) rewriteInPlace(op.paramsType);
  return open;
}

function isStringEnum(schema: JsonSchema): boolean {
  if (!Array.isArray(schema.enum)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.includes('string') || (schema.type === undefined && schema.enum.some((v) => typeof v === 'string'))
  );
}

/** What of an operation tells which schemas go out and which come back. */
export type WireOperation = Pick<OperationModel, 'paramsType' | 'hasParams' | 'success'>;

/** The named schemas results reach (`read`: what the client receives) and params reach (`sent`). */
export function wireSides(
  registry: SchemaRegistry,
  operations: WireOperation[],
  refs: SchemaRefs = schemaRefs(),
): { read: Set<string>; sent: Set<string> } {
  return {
    read: reach(
      registry,
      operations.map((o) => o.success.typeName),
      refs,
    ),
    sent: reach(
      registry,
      operations.filter((o) => o.hasParams).map((o) => o.paramsType),
      refs,
    ),
  };
}

/** The names a schema refers to directly (see `schemaRefs`). */
export type SchemaRefs = (schema: JsonSchema | undefined) => string[];

/**
 * `refsOf`, each schema object's found once: for walks during which no schema object is changed in
 * place (a schema rewritten is a new object, as `close` and the exclusive unions make them).
 */
export function schemaRefs(): SchemaRefs {
  const known = new WeakMap<JsonSchema, string[]>();
  return (schema) => {
    if (!schema) return [];
    let refs = known.get(schema);
    if (!refs) known.set(schema, (refs = refsOf(schema)));
    return refs;
  };
}

/** Every named schema reachable from `roots` through `$ref`s. */
function reach(registry: SchemaRegistry, roots: string[], refs: SchemaRefs): Set<string> {
  const seen = new Set<string>();
  const stack = roots.filter((r) => registry.get(r) !== undefined);
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const next of refs(registry.get(name)?.schema)) if (!seen.has(next)) stack.push(next);
  }
  return seen;
}

/** The names of the named schemas a schema refers to directly. */
function refsOf(schema: unknown): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/'))
        out.push(refName(node.$ref));
      for (const key in node)
        if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') visit(node[key]);
    }
  };
  visit(schema);
  return out;
}

/** The schema with `fn` applied to each of its direct subschemas. */
function mapSchemas(node: JsonSchema, fn: (s: JsonSchema) => JsonSchema): JsonSchema {
  let out: JsonSchema | undefined;
  const set = (key: string, value: unknown): void => {
    out ??= { ...node };
    out[key] = value;
  };
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_KEYS.has(key) && isObject(value)) {
      const next = fn(value);
      if (next !== value) set(key, next);
    } else if (SCHEMA_MAP_KEYS.has(key) && isObject(value)) {
      const entries = Object.entries(value).map(([k, v]) => [k, isObject(v) ? fn(v) : v] as const);
      if (entries.some(([k, v]) => v !== value[k])) set(key, Object.fromEntries(entries));
    } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
      const items = value.map((v: unknown) => (isObject(v) ? fn(v) : v));
      if (items.some((v, i) => v !== value[i])) set(key, items);
    }
  }
  return out ?? node;
}

/** The named schemas that are open enums or refer to one, directly or through others (a fixpoint, so cycles are fine). */
function reachingOpen(registry: SchemaRegistry, open: ReadonlySet<string>, refs: SchemaRefs): Set<string> {
  const edges = new Map(registry.all().map((s) => [s.name, refs(s.schema)]));
  const out = new Set(open);
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, refs] of edges) {
      if (!out.has(name) && refs.some((r) => out.has(r))) {
        out.add(name);
        changed = true;
      }
    }
  }
  return out;
}
