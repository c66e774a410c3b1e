import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { deprecationText } from '../model/schemas.ts';
import type { ApiModel, JsonSchema } from '../model/types.ts';
import { GENERATED_HEADER } from './source.ts';

const UNSPECIFIED_NOTE = 'The source does not show this shape: it is kept open and may hold more fields.';

/**
 * `schemas.ts`: the `components` interface from openapi-typescript, fed a document made from the
 * model's named schemas (never the raw spec). Money fields become the branded `Micros` type.
 */
export async function emitSchemaTypes(model: ApiModel, openapiVersion: '3.0' | '3.1'): Promise<string> {
  const schemas: Record<string, JsonSchema> = {};
  for (const named of model.schemas) schemas[named.name] = annotate(named.schema, named.unspecified);
  const document = {
    openapi: openapiVersion === '3.0' ? '3.0.3' : '3.1.0',
    info: { title: model.title, version: model.version },
    paths: {},
    components: { schemas },
  };
  const nodes = await openapiTS(document as never, {
    silent: true,
    alphabetize: false,
    defaultNonNullable: false,
    transform(schema) {
      const node = schema as Record<string, unknown>;
      if (node['x-money'] === 'micros') return ts.factory.createTypeReferenceNode('Micros');
      // `false` (written `{ not: {} }` in the model): no value is allowed, so `prop?: never`.
      if (isFalseSchema(node)) return ts.factory.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword);
      return undefined;
    },
  });
  const body = astToString(nodes)
    // openapi-typescript emits these empty roots; we expose only components.
    .replace(/^export type (paths|webhooks|\$defs|operations) = Record<string, never>;\n/gm, '')
    // openapi-typescript labels literal discriminators it writes; the spec's own docs say more.
    .replace(/^\s*\/\*\*\n\s*\* @description discriminator enum property added by openapi-typescript\n\s*\* @enum \{string\}\n\s*\*\/\n/gm, '');
  const imports = model.hasMoney ? "import type { Micros } from './runtime/money.js';\n\n" : '';
  return `/** ${GENERATED_HEADER} */\n\n${imports}${body}`;
}

function isFalseSchema(node: Record<string, unknown>): boolean {
  const not = node.not;
  return Object.keys(node).length === 1 && typeof not === 'object' && not !== null && Object.keys(not).length === 0;
}

/** Adds the doc notes the model decided on: unspecified shapes and deprecations. */
function annotate(schema: JsonSchema, unspecified: boolean): JsonSchema {
  const out = walk(schema);
  if (unspecified) out.description = [out.description, UNSPECIFIED_NOTE].filter(Boolean).join('\n\n');
  return out;
}

function walk(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v as JsonSchema)]));
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = walk(value as JsonSchema);
    } else if ((key === 'allOf' || key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      out[key] = value.map((v) => walk(v as JsonSchema));
    } else out[key] = value;
  }
  const ext = out['x-deprecation'];
  if (ext && typeof ext === 'object') {
    const text = deprecationText(ext as Record<string, string>);
    out.description = [out.description, text].filter(Boolean).join('\n\n');
    out.deprecated = true;
  }
  if (out['x-unspecified'] === true && out !== schema) {
    out.description = [out.description, UNSPECIFIED_NOTE].filter(Boolean).join('\n\n');
  }
  return out;
}
