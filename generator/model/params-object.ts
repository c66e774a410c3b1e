import type { ReadBody } from './request-body.ts';
import type { JsonSchema, ParamModel } from './types.ts';

/** The params type as a schema: path, query and header parameters, then the body's fields or `body`. */
export function paramsObjectSchema(params: ParamModel[], read: ReadBody | undefined): JsonSchema {
  const body = read?.body;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const param of params) {
    const doc = [param.description, param.in !== 'query' ? `Sent in the ${param.in}.` : undefined]
      .filter(Boolean)
      .join('\n\n');
    const schema: JsonSchema = Object.fromEntries(
      Object.entries(param.schema).filter(([k]) => !k.startsWith('x-')),
    );
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
