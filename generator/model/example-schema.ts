/**
 * Reading a raw schema for examples, shared by building one (example-values.ts) and checking the
 * spec's own (example-fits.ts): `$ref`s followed, an object's properties gathered, its type, its pattern.
 */
import { type DocumentSet, isObject, isRef, type ResolvedRef } from '../load/index.ts';

export type Schema = Record<string, unknown>;

/** Deeper than this, an object is left empty: a recursive schema must not recurse for ever. */
export const MAX_DEPTH = 6;

/** The properties of an object schema and its required names, through `allOf` and the first shape of a union inside it. */
export function collect(
  docs: DocumentSet,
  node: ResolvedRef,
  properties: Map<string, ResolvedRef>,
  required: Set<string>,
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  const at = resolve(docs, node);
  const schema = isObject(at.value) ? at.value : {};
  if (isObject(schema.properties)) {
    for (const [name, value] of Object.entries(schema.properties)) {
      if (!properties.has(name))
        properties.set(name, { ...at, tokens: [...at.tokens, 'properties', name], value });
    }
  }
  if (Array.isArray(schema.required))
    for (const name of schema.required) if (typeof name === 'string') required.add(name);
  if (Array.isArray(schema.allOf))
    schema.allOf.forEach((part, i) =>
      collect(
        docs,
        { ...at, tokens: [...at.tokens, 'allOf', String(i)], value: part },
        properties,
        required,
        depth + 1,
      ),
    );
  // A union of shapes inside an object: the first shape's fields.
  const variants = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (variants && (isObject(schema.properties) || Array.isArray(schema.allOf))) {
    const first = (schema[variants] as unknown[])[0];
    collect(
      docs,
      { ...at, tokens: [...at.tokens, variants, '0'], value: first },
      properties,
      required,
      depth + 1,
    );
  }
}

/** A schema's `pattern` as a RegExp, or undefined when JavaScript cannot read it. */
export function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** The schema's type; of a list of types (`[string, 'null']`), the first that is not `null`. */
export function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  return undefined;
}

/** Follows `$ref`s to the value they name; a reference that goes nowhere reads as any value. */
export function resolve(docs: DocumentSet, node: ResolvedRef): ResolvedRef {
  let current = node;
  for (let hops = 0; isRef(current.value) && hops < 32; hops++) {
    try {
      current = docs.resolveRef(current.value.$ref, current);
    } catch {
      return { ...current, value: {} };
    }
  }
  return isRef(current.value) ? { ...current, value: {} } : current;
}
