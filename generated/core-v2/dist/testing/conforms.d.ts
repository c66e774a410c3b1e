/**
 * Whether a built value fits a schema, roughly: enough to choose, among the shapes of a `oneOf`, one
 * whose value no other shape also takes. Not a validator of requests (the runtime's checks are).
 */
import type { MockSchema, MockSchemas } from './spec-types.js';
export declare function conforms(
  value: unknown,
  schema: MockSchema | boolean,
  schemas: MockSchemas,
  depth?: number,
): boolean;
