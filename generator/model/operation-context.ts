import type { DocumentSet } from '../load/index.ts';
import { refName, type SchemaRegistry } from './schemas.ts';
import type { JsonSchema, SecuritySchemeModel } from './types.ts';

/** What building an operation needs from the rest of the model. */
export interface OperationContext {
  docs: DocumentSet;
  registry: SchemaRegistry;
  enumNames: ReadonlySet<string>;
  schemes: ReadonlyMap<string, SecuritySchemeModel>;
  rootSecurity: unknown;
  /** Rate-limit budgets seen so far, by key (operations sharing one must agree). */
  budgets?: Map<string, { requests: number; windowMs: number; id: string }>;
}

/** The type name of a body or response schema: the component a bare `$ref` names, or one hoisted for it. */
export function namedOrHoisted(
  ctx: OperationContext,
  schema: JsonSchema,
  suggestion: string,
  origin: 'body' | 'response',
): string {
  const keys = Object.keys(schema);
  if (typeof schema.$ref === 'string' && keys.every((k) => k === '$ref' || k === 'description')) {
    return refName(schema.$ref);
  }
  return ctx.registry.hoist(suggestion, schema, origin);
}
