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
  if (op.body?.mode === 'whole' && op.body.required) args.push('body: { /* ... */ }');
  return args.length > 0 ? `{ ${args.join(', ')} }` : op.paramsOptional ? '' : '{}';
}

function exampleValue(example: unknown, schema: Record<string, unknown>): string {
  if (example !== undefined) return literal(example);
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'array') return '[]';
  return "'...'";
}
