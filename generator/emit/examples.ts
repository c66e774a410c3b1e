import type { OperationModel } from '../model/types.ts';
import { literal, propertyKey } from './source.ts';

/**
 * The params argument of an example call, from the spec's own examples: each required parameter
 * with its `example` (or its schema's), a value of its type where the spec gives none; empty when
 * the params may be left out.
 */
export function exampleParams(op: OperationModel): string {
  const required = op.params.filter((p) => p.required);
  const args = required.map((p) => `${/^[A-Za-z_$][\w$]*$/.test(p.key) ? p.key : propertyKey(p.key)}: ${exampleValue(p.example, p.schema)}`);
  if (op.body?.mode === 'whole' && op.body.required) args.push(`body: ${bodyExample(op.body)}`);
  return args.length > 0 ? `{ ${args.join(', ')} }` : op.paramsOptional ? '' : '{}';
}

/** A whole body: the spec's example, else an empty value of its encoding. */
function bodyExample(body: NonNullable<OperationModel['body']>): string {
  if (body.example !== undefined) return literal(body.example);
  if (body.encoding === 'binary') return 'new Uint8Array()';
  if (body.encoding === 'text') return "''";
  return '{}';
}

/** A value for a parameter the spec gives no example of: its default, first enum value, or one of its type and format. */
function exampleValue(example: unknown, schema: Record<string, unknown>): string {
  if (example !== undefined) return literal(example);
  if (schema.default !== undefined) return literal(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return literal(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return typeof schema.minimum === 'number' ? String(schema.minimum) : '1';
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'array') {
    const items = typeof schema.items === 'object' && schema.items !== null ? (schema.items as Record<string, unknown>) : {};
    return `[${exampleValue(items.example, items)}]`;
  }
  return literal(FORMAT_EXAMPLES[String(schema.format)] ?? 'example');
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  email: 'user@example.com',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
};

/**
 * The `auth` option of an example client, for the credentials the spec's schemes take: a bearer
 * token read from the environment, OAuth 1.0a keys, Basic or an API key.
 */
export function exampleAuth(kinds: readonly string[]): string {
  if (kinds.includes('bearer') || kinds.includes('oauth2')) return '{ bearerToken: process.env.BEARER_TOKEN! }';
  if (kinds.includes('oauth1')) return '{ oauth1: { consumerKey, consumerSecret, token, tokenSecret } }';
  if (kinds.includes('basic')) return '{ basic: { username, password } }';
  if (kinds.includes('apiKey')) return '{ apiKey: process.env.API_KEY! }';
  return '{}';
}
