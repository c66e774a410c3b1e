import { createHash } from 'node:crypto';
import { isObject } from '../load/index.ts';
import { isFalseSchema, refName } from '../model/schemas.ts';

/** A literal an enum or `const` allows. */
export type Literal = string | number | boolean | null;

/**
 * A type as the generated TypeScript API exposes it: what a consumer's code can depend on, and
 * nothing else (no descriptions, no examples: those only change documentation). Named schemas stay
 * references into the snapshot's type table, so shared and recursive types are kept once.
 */
export type Shape =
  | { ref: string; nullable?: true }
  | {
      kind: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'unknown' | 'never' | 'blob' | 'void';
      enum?: Literal[];
      /**
       * An enum the client reads (the model's open enums): its type is the values or any other
       * string, `'a' | 'b' | string`, which the compiler reads as `string`. Set on named types only;
       * an enum without it is the closed union of its values.
       */
      open?: true;
      /** Bounds and pattern: checked by the runtime before sending, so they narrow what a request may carry. */
      bounds?: Bounds;
      /** An amount in micros (`x-money: micros`, format 7): typed as the branded `Micros`, not `number`. */
      money?: true;
      format?: string;
      nullable?: true;
    }
  | { kind: 'array'; items: Shape; bounds?: Bounds; nullable?: true }
  | { kind: 'object'; fields: Record<string, Field>; extra?: Shape | boolean; nullable?: true }
  /** `oneOf` / `anyOf` (`union`), `allOf` (`all`), or several types in a 3.1 type list. */
  | { kind: 'union' | 'all'; of: Shape[]; nullable?: true };

/** A shape that is neither a reference nor a container: where enums and bounds are. */
export type Scalar = Extract<Shape, { enum?: Literal[] }>;

export function isScalar(shape: Shape | undefined): shape is Scalar {
  return (
    shape !== undefined &&
    'kind' in shape &&
    shape.kind !== 'array' &&
    shape.kind !== 'object' &&
    shape.kind !== 'union' &&
    shape.kind !== 'all'
  );
}

export interface Field {
  type: Shape;
  required?: true;
}

export interface Bounds {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

const BOUND_KEYS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'pattern',
] as const;

/** Keys that only document: a change to them is a documentation change. */
const DOC_KEYS = new Set([
  'description',
  'title',
  'summary',
  'example',
  'examples',
  'externalDocs',
  'deprecated',
  'x-deprecation',
  'x-deprecated-enum',
  'x-unspecified',
]);

/** The shape of a model schema (its `$ref`s point at `#/components/schemas/<Name>`). */
export function shapeOf(schema: unknown): Shape {
  if (schema === true || schema === undefined) return { kind: 'unknown' };
  if (!isObject(schema) || isFalseSchema(schema)) return { kind: 'never' };
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const withNull = <S extends Shape>(shape: S): S =>
    nullable && !('kind' in shape && shape.kind === 'null') ? { ...shape, nullable: true } : shape;
  if (typeof schema.$ref === 'string') return withNull({ ref: refName(schema.$ref) });
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0)
      return withNull(simplify('union', list.map(shapeOf), ownPart(schema, key)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return withNull(simplify('all', schema.allOf.map(shapeOf), ownPart(schema, 'allOf')));
  if (schema.const !== undefined)
    return withNull({ kind: literalKind(schema.const), enum: [schema.const as Literal] });
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t): t is string => typeof t === 'string' && t !== 'null',
  );
  if (types.length > 1)
    return withNull({
      kind: 'union',
      of: types.map((t) => shapeOf({ ...schema, type: t, nullable: false })),
    });
  const type = types[0] ?? inferType(schema);
  const bounds = boundsOf(schema);
  switch (type) {
    case 'array':
      return withNull({ kind: 'array', items: shapeOf(schema.items ?? true), ...(bounds ? { bounds } : {}) });
    case 'object': {
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      const fields: Record<string, Field> = {};
      for (const [name, prop] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        fields[name] = { type: shapeOf(prop), ...(required.has(name) ? { required: true as const } : {}) };
      }
      const extra = schema.additionalProperties;
      return withNull({
        kind: 'object',
        fields,
        ...(extra === undefined ? {} : { extra: typeof extra === 'boolean' ? extra : shapeOf(extra) }),
      });
    }
    case 'string':
      if (schema.format === 'binary') return withNull({ kind: 'blob' });
    // falls through
    case 'number':
    case 'integer':
    case 'boolean': {
      const values = Array.isArray(schema.enum)
        ? (schema.enum as Literal[]).filter((v) => v !== null)
        : undefined;
      return withNull({
        kind: type,
        ...(values ? { enum: [...new Set(values)] } : {}),
        ...(bounds ? { bounds } : {}),
        ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
        ...(schema['x-money'] === 'micros' ? { money: true as const } : {}),
      });
    }
    case 'null':
      return { kind: 'null' };
    default:
      return withNull({ kind: 'unknown' });
  }
}

/** A composition's own properties beside `oneOf`/`allOf` (`{ type: object, properties, oneOf }`) as one more part. */
function ownPart(schema: Record<string, unknown>, key: string): Shape | undefined {
  if (!isObject(schema.properties)) return undefined;
  const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== key && k !== 'nullable'));
  return shapeOf(rest);
}

function simplify(kind: 'union' | 'all', of: Shape[], own: Shape | undefined): Shape {
  if (own) return kind === 'all' ? { kind, of: [own, ...of] } : { kind: 'all', of: [own, { kind, of }] };
  return of.length === 1 ? (of[0] as Shape) : { kind, of };
}

function inferType(schema: Record<string, unknown>): string | undefined {
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return literalKind(schema.enum.find((v) => v !== null) ?? null);
  return undefined;
}

function literalKind(value: unknown): 'string' | 'number' | 'boolean' | 'null' {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (value === null) return 'null';
  return 'string';
}

function boundsOf(schema: Record<string, unknown>): Bounds | undefined {
  // Made on the first bound: most schemas have none.
  let out: Record<string, unknown> | undefined;
  for (const key of BOUND_KEYS) {
    const value = schema[key];
    if (
      typeof value === 'number' ||
      (key === 'pattern' && typeof value === 'string') ||
      (key.startsWith('exclusive') && typeof value === 'boolean')
    ) {
      (out ??= {})[key] = value;
    }
  }
  return out as Bounds | undefined;
}

/**
 * A short digest of what a schema (or an operation) documents: descriptions, titles, examples,
 * deprecations, at any depth. Stored instead of the text, so the snapshot stays small while a
 * documentation-only edit still shows as a change.
 */
export function docsDigest(...nodes: unknown[]): string | undefined {
  const parts: string[] = [];
  // The path is joined only where a documenting key is found: most nodes have none.
  const path: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(String(i));
        walk(node[i]);
        path.pop();
      }
    } else if (isObject(node)) {
      for (const key in node) {
        const value = node[key];
        if (DOC_KEYS.has(key) && value !== undefined)
          parts.push(`${path.join('/')}/${key}=${JSON.stringify(value)}`);
        else if (key !== 'enum' && key !== 'const' && key !== 'default') {
          path.push(key);
          walk(value);
          path.pop();
        }
      }
    }
  };
  nodes.forEach((n, i) => {
    path.push(String(i));
    walk(n);
    path.pop();
  });
  if (parts.length === 0) return undefined;
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);
}

/** The named schemas a shape refers to. */
export function refsOf(shape: Shape, out: Set<string> = new Set()): Set<string> {
  if ('ref' in shape) out.add(shape.ref);
  else if (shape.kind === 'array') refsOf(shape.items, out);
  else if (shape.kind === 'object') {
    for (const field of Object.values(shape.fields)) refsOf(field.type, out);
    if (typeof shape.extra === 'object') refsOf(shape.extra, out);
  } else if (shape.kind === 'union' || shape.kind === 'all') for (const part of shape.of) refsOf(part, out);
  return out;
}
