/**
 * A later version of a spec made by changing it in many places at once, the ways real bumps break
 * readers of results: a field removed, made optional, made nullable, given another type, an enum
 * losing a value or gaining one. Every `every`-th property of the component schemas (by schema
 * name, then property order) takes the next kind of change, so every kind meets fields at every
 * depth. Deterministic: the same spec gives the same mutation.
 */
type Json = Record<string, unknown>;

export type MutationKind = 'removed' | 'optional' | 'nullable' | 'retyped' | 'enum-lost' | 'enum-gained';
const KINDS: readonly MutationKind[] = [
  'removed',
  'optional',
  'nullable',
  'retyped',
  'enum-lost',
  'enum-gained',
];

const ENVELOPE = /^(data|meta|errors|includes|result_count)$|_token$/;

export function mutateSpec(spec: Json, every = 9): { spec: Json; mutations: string[] } {
  const out = structuredClone(spec) as Json;
  const schemas = ((out.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const mutations: string[] = [];
  let count = 0;
  let turn = 0;
  for (const name of Object.keys(schemas).sort()) {
    const schema = schemas[name] as Json;
    const properties = schema.properties as Record<string, Json> | undefined;
    if (!properties) continue;
    for (const key of Object.keys(properties)) {
      // The envelope pagination reads is left alone: the generator pairs pages with it.
      if (ENVELOPE.test(key) || ++count % every !== 0) continue;
      const property = properties[key] as Json;
      // The next kind this property can take (an enum change needs an enum, a retype a scalar).
      for (let tries = 0; tries < KINDS.length; tries++) {
        const kind = KINDS[turn % KINDS.length] as MutationKind;
        turn++;
        if (apply(kind, schema, key, property)) {
          mutations.push(`${name}.${key}: ${kind}`);
          break;
        }
      }
    }
  }
  const info = (out.info ?? {}) as Json;
  out.info = { ...info, version: `${String(info.version ?? '0')}-mutated` };
  return { spec: out, mutations };
}

function apply(kind: MutationKind, schema: Json, key: string, property: Json): boolean {
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const scalar =
    property.type === 'string' ||
    property.type === 'integer' ||
    property.type === 'number' ||
    property.type === 'boolean';
  const values = Array.isArray(property.enum) ? (property.enum as unknown[]) : undefined;
  switch (kind) {
    case 'removed':
      delete (schema.properties as Json)[key];
      schema.required = required.filter((r) => r !== key);
      return true;
    case 'optional':
      if (!required.includes(key)) return false;
      schema.required = required.filter((r) => r !== key);
      return true;
    case 'nullable':
      if (typeof property.$ref === 'string' || property.nullable === true) return false;
      property.nullable = true;
      return true;
    case 'retyped':
      if (!scalar || values) return false;
      property.type = property.type === 'string' ? 'integer' : 'string';
      delete property.format;
      delete property.pattern;
      return true;
    case 'enum-lost':
      if (!values || values.length < 2) return false;
      property.enum = values.slice(1);
      return true;
    case 'enum-gained':
      if (!values || property.type !== 'string') return false;
      property.enum = [...values, 'gained_in_mutation'];
      return true;
  }
}
