/**
 * What openapi-typescript's `scanDiscriminators` is given to read. It walks the whole document,
 * copying the path at every node (`path.concat`), to act on two kinds of objects only: those with a
 * `discriminator` (whose `oneOf` and `mapping` targets it resolves and patches) and those with an
 * `allOf` (whose `$ref`s it matches against the first). The named schemas that hold neither, and are
 * no such target, change nothing in its answer: it is given the document without them, in the same
 * order, so it finds the same objects at the same paths and patches the same (shared) schemas.
 */

type Json = Record<string, unknown>;

/** The document to scan: `undefined` when no object has a discriminator (the answer is then empty). */
export function discriminatorScope(document: Json): Json | undefined {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const names = Object.keys(schemas);
  const withDiscriminator = names.filter((name) => some(schemas[name], hasDiscriminator));
  const rest = { ...document, components: { ...components, schemas: {} } };
  if (some(rest, hasDiscriminator) || some(rest, hasAllOf)) return document;
  if (withDiscriminator.length === 0) return undefined;
  const kept = new Set(
    names.filter((name) => some(schemas[name], (o) => hasDiscriminator(o) || hasAllOf(o))),
  );
  // The targets it resolves (and the `$ref`s they lead to), from every discriminator.
  const targets: string[] = [];
  for (const name of withDiscriminator) {
    some(schemas[name], (o) => {
      const discriminator = o.discriminator;
      if (!hasDiscriminator(o) || !isObject(discriminator)) return false;
      if (Array.isArray(o.oneOf))
        for (const item of o.oneOf)
          if (isObject(item) && typeof item.$ref === 'string') targets.push(item.$ref);
      if (isObject(discriminator.mapping))
        for (const ref of Object.values(discriminator.mapping))
          if (typeof ref === 'string') targets.push(ref);
      return false;
    });
  }
  const seen = new Set<string>();
  while (targets.length > 0) {
    const ref = targets.pop()!;
    if (seen.has(ref)) continue;
    seen.add(ref);
    const pointer = parsePointer(ref);
    // A target it cannot read: the whole document, for the same outcome.
    if (pointer === undefined) return document;
    if (pointer[0] === 'components' && pointer[1] === 'schemas' && pointer[2] !== undefined)
      kept.add(pointer[2]);
    let node: unknown = document;
    for (const key of pointer)
      node = isObject(node) || Array.isArray(node) ? (node as Json)[key] || undefined : undefined;
    if (isObject(node) && node.$ref) {
      if (typeof node.$ref !== 'string') return document;
      targets.push(node.$ref);
    }
  }
  const scoped: Json = {};
  for (const name of names) if (kept.has(name)) scoped[name] = schemas[name];
  return { ...document, components: { ...components, schemas: scoped } };
}

/** A `$ref`'s segments as openapi-typescript's `resolveRef` reads them (Redocly's `parseRef`, which ignores the URI); undefined when that throws. */
function parsePointer(ref: string): string[] | undefined {
  try {
    return (ref.split('#/')[1] ?? '')
      .split('/')
      .map((s) => decodeURIComponent(s.replace(/~1/g, '/').replace(/~0/g, '~')))
      .filter(Boolean);
  } catch {
    return undefined;
  }
}

function hasDiscriminator(o: Json): boolean {
  return Boolean((o.discriminator as { propertyName?: unknown } | null | undefined)?.propertyName);
}

function hasAllOf(o: Json): boolean {
  return Array.isArray(o.allOf);
}

/** Whether `test` holds for any object of the value, the value included (arrays are looked into, not tested). */
function some(value: unknown, test: (o: Json) => boolean): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => some(v, test));
  const record = value as Json;
  if (test(record)) return true;
  for (const key in record) if (some(record[key], test)) return true;
  return false;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
