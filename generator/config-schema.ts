import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUILTIN_TEMPLATES } from './templates-dir.ts';

/**
 * The JSON Schema of `xgen.config.yaml` (generator/config.schema.json): editors read it through
 * `# yaml-language-server: $schema=...`, the docs render the config reference from it, and the config
 * loader checks every file against it, so the three cannot disagree.
 */
export const CONFIG_SCHEMA_FILE = join(dirname(BUILTIN_TEMPLATES), 'generator', 'config.schema.json');

/** The part of JSON Schema draft-07 the config's schema uses. */
export interface SchemaNode {
  $ref?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'boolean';
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  definitions?: Record<string, SchemaNode>;
}

let loaded: SchemaNode | undefined;

/** The schema, read once. */
export function configSchema(): SchemaNode {
  loaded ??= JSON.parse(readFileSync(CONFIG_SCHEMA_FILE, 'utf8')) as SchemaNode;
  return loaded;
}

/** A node with its `$ref` (to `#/definitions/<name>`) followed; keywords beside the `$ref` are kept. */
export function resolveRef(node: SchemaNode, root: SchemaNode = configSchema()): SchemaNode {
  if (!node.$ref) return node;
  const name = /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1];
  const target = name === undefined ? undefined : root.definitions?.[name];
  if (!target) throw new Error(`config.schema.json: unresolvable $ref ${node.$ref}`);
  const { $ref: _, ...beside } = node;
  return { ...resolveRef(target, root), ...beside };
}

/** Where a value breaks the schema, and how. */
export interface SchemaProblem {
  path: (string | number)[];
  message: string;
}

/** The first place `value` breaks the schema (undefined when it conforms). */
export function schemaProblem(
  value: unknown,
  node: SchemaNode = configSchema(),
  path: (string | number)[] = [],
): SchemaProblem | undefined {
  const schema = resolveRef(node);
  const at = (message: string): SchemaProblem => ({ path, message });
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return at('must be a mapping');
      const object = value as Record<string, unknown>;
      for (const key of schema.required ?? []) if (!(key in object)) return at(`is missing "${key}"`);
      for (const [key, item] of Object.entries(object)) {
        const property = schema.properties?.[key];
        const rule =
          property ??
          (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
        if (!rule) {
          if (schema.additionalProperties === false)
            return { path: [...path, key], message: `"${key}" is not a known key` };
          continue;
        }
        const problem = schemaProblem(item, rule, [...path, key]);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(value)) return at('must be a list');
      if (schema.minItems !== undefined && value.length < schema.minItems)
        return at(`must have at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
      for (const [i, item] of value.entries()) {
        const problem = schema.items ? schemaProblem(item, schema.items, [...path, i]) : undefined;
        if (problem) return problem;
      }
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return at('must be a string');
      if (schema.minLength !== undefined && value.length < schema.minLength) return at('must not be empty');
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        return at(`must be at most ${schema.maxLength} characters`);
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
        return at(`must match ${schema.pattern}`);
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : at('must be true or false');
    default:
      return undefined;
  }
}

/** The property names the schema gives an object node (the keys a config may have there). */
export function schemaKeys(node: SchemaNode): string[] {
  return Object.keys(resolveRef(node).properties ?? {});
}
