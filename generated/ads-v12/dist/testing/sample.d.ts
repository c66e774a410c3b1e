import type { MockSchema, MockSchemas } from './spec-types.js';
/** A pseudo-random sequence (mulberry32): the same seed gives the same values on every run. */
export declare function random(seed: number): () => number;
/** What shapes a sample beyond its schema. */
export interface SampleContext {
  readonly schemas: MockSchemas;
  readonly next: () => number;
  /** Fields asked for by field selection, by the named schema they select. */
  readonly selected?: ReadonlyMap<string, readonly string[]>;
  /** Named schemas whose optional fields are left out (the problem union in a success body). */
  readonly skip?: ReadonlySet<string>;
}
/** A value that validates against `schema`. */
export declare function sample(
  schema: MockSchema,
  ctx: SampleContext,
  depth?: number,
  name?: string,
): unknown;
/** The JSON type a schema states (of a list, the first that is not `null`), or the one its keywords imply. */
export declare function typeOf(schema: MockSchema): string | undefined;
