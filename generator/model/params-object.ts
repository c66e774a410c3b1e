import type { ReadBody } from './request-body.ts';
import type { JsonSchema, ParamModel } from './types.ts';

/** The extensions of a parameter's schema that its type depends on (generator/emit/schema-types.ts). */
const TYPING_EXTENSIONS = new Set(['x-money']);

/**
 * A parameter's schema as its type is made from it: the spec's extensions are the parameter's own
 * business, except what types it (an amount in micros is `Micros`, as in a body or a result). The
 * params type and the diff's snapshot both read this, so that they agree.
 */
export function paramTypeSchema(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(
    Object.entries(schema).filter(([k]) => !k.startsWith('x-') || TYPING_EXTENSIONS.has(k)),
  );
}

/** The params type as a schema: path, query and header parameters, then the body's fields or `body`. */
export function paramsObjectSchema(params: ParamModel[], read: ReadBody | undefined): JsonSchema {
  const body = read?.body;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const param of params) {
    const doc = [param.description, param.in !== 'query' ? `Sent in the ${param.in}.` : undefined]
      .filter(Boolean)
      .join('\n\n');
    const schema = paramTypeSchema(param.schema);
    if (doc) schema.description = doc;
    if (param.deprecated) schema.deprecated = true;
    properties[param.key] = schema;
    if (param.required) required.push(param.key);
  }
  const own: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) own.required = required;
  if (!body) return own;
  const bodyRef = { $ref: `#/components/schemas/${body.typeName}` };
  if (body.mode === 'whole') {
    properties.body = { ...bodyRef, description: `The request body (${body.contentType}).` };
    if (body.required) own.required = [...required, 'body'];
    return own;
  }
  if (params.length === 0) return bodyRef;
  return { allOf: [bodyRef, own] };
}
