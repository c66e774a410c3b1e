import { isObject } from '../load/index.ts';
import { refName } from './schemas.ts';
import type { NamedSchema, ProblemUnionModel } from './types.ts';

/**
 * Finds the problem union: a `oneOf` schema with a discriminator, served as
 * `application/problem+json` (or named `Problem`), or the union of the `allOf` children of such a
 * base schema (`unions`, by base name: X's `Problem`). Each variant's discriminator value
 * comes from the mapping or from the variant's `const`/single `enum`.
 */
export function readProblems(
  schemas: NamedSchema[],
  problemSchemaNames: ReadonlySet<string>,
  unions: ReadonlyMap<string, string> = new Map(),
): ProblemUnionModel | undefined {
  const byName = new Map(schemas.map((s) => [s.name, s]));
  for (const base of [...problemSchemaNames, 'Problem']) {
    const name = unions.get(base) ?? base;
    const union = byName.get(name)?.schema;
    // The union of a base's children is told apart by the base's discriminator.
    const stated = (unions.has(base) ? byName.get(base)?.schema : union)?.discriminator;
    if (!union || !Array.isArray(union.oneOf) || !isObject(stated)) continue;
    const discriminator = String(stated.propertyName ?? 'type');
    const mapping = isObject(stated.mapping) ? stated.mapping : {};
    const variants: ProblemUnionModel['variants'] = [];
    for (const [type, ref] of Object.entries(mapping)) {
      const schema = refName(String(ref));
      variants.push({ type, schema, title: byName.get(schema)?.schema.title as string | undefined });
    }
    if (variants.length === 0) {
      for (const member of union.oneOf) {
        if (!isObject(member) || typeof member.$ref !== 'string') continue;
        const schema = refName(member.$ref);
        const prop = byName.get(schema)?.schema.properties;
        const field = isObject(prop) ? prop[discriminator] : undefined;
        const value = isObject(field)
          ? (field.const ??
            (Array.isArray(field.enum) && field.enum.length === 1 ? field.enum[0] : undefined))
          : undefined;
        if (typeof value === 'string') variants.push({ type: value, schema });
      }
    }
    return { name, discriminator, variants };
  }
  return undefined;
}
