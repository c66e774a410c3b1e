import { isObject } from '../load/index.ts';
import type { EnumModel, NamedSchema } from './types.ts';

/**
 * Named schemas that are plain enumerations become enums: a literal union plus an `as const` array.
 * `open`: the enums whose schema type also admits values not listed (see enum-sides.ts).
 */
export function readEnums(schemas: NamedSchema[], open: ReadonlySet<string> = new Set()): EnumModel[] {
  const out: EnumModel[] = [];
  for (const named of schemas) {
    const values = enumValues(named.schema);
    if (!values) continue;
    const ext = isObject(named.schema['x-deprecated-enum']) ? named.schema['x-deprecated-enum'] : {};
    const deprecatedValues = Object.entries(ext).map(([value, info]) => {
      const meta = isObject(info) ? info : {};
      const str = (v: unknown): string | undefined =>
        typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
      return { value, since: str(meta.since), replacement: str(meta.replacement), note: str(meta.note) };
    });
    out.push({
      name: named.name,
      values,
      description: named.description,
      deprecatedValues,
      open: open.has(named.name),
    });
  }
  return out;
}

function enumValues(schema: Record<string, unknown>): EnumModel['values'] | undefined {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (
    !types.every(
      (t) =>
        t === undefined ||
        t === 'string' ||
        t === 'number' ||
        t === 'integer' ||
        t === 'boolean' ||
        t === 'null',
    )
  ) {
    return undefined;
  }
  const values = schema.enum.filter(
    (v): v is string | number | boolean | null =>
      v === null || ['string', 'number', 'boolean'].includes(typeof v),
  );
  // OpenAPI 3.0 `nullable: true` admits null beside the listed values.
  if (schema.nullable === true) values.push(null);
  // Duplicates would make the `as const` array lie about its length.
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
}
