/** What the mock knows of the spec beyond the operation descriptors: generated into `testing/spec.ts`. */
/** A JSON Schema from the spec; `$ref`s name entries of `MockSpec.schemas` (`#/components/schemas/<Name>`). */
export type MockSchema = Record<string, unknown>;
/** Named schemas by name. */
export type MockSchemas = Readonly<Record<string, MockSchema>>;
/** The JSON type of a value sent as text (a query, path or header parameter, a form field), to read it back. */
export type WireType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
/** How one parameter arrives on the wire. */
export interface MockParam {
  readonly key: string;
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly style: string;
  readonly explode?: boolean;
  readonly type?: WireType;
  readonly items?: WireType;
}
/** One operation's request decoding and answer. */
export interface MockOperation {
  readonly params: readonly MockParam[];
  /** The JSON types of the body's fields, for a form body (sent as text). */
  readonly bodyTypes?: Readonly<Record<string, WireType>>;
  /** The 2xx status the operation answers with (null: the spec names a range or `default`). */
  readonly status: number | null;
  readonly encoding: 'json' | 'form' | 'text' | 'binary' | 'none';
  /** The success body's schema (JSON and form bodies). */
  readonly schema?: MockSchema;
  /** Field selection: which named schema each `*.fields` parameter selects, and its default fields. */
  readonly selections?: readonly {
    readonly param: string;
    readonly object: string;
    readonly defaults: readonly string[];
  }[];
}
/** The spec as the mock reads it. */
export interface MockSpec {
  readonly schemas: MockSchemas;
  readonly operations: Readonly<Record<string, MockOperation>>;
  /** The problem union's named schema and discriminator, when the spec has one. */
  readonly problem?: {
    readonly name: string;
    readonly discriminator: string;
    readonly types: readonly string[];
  };
  /** How webhook deliveries are signed (`x-webhook-signature`). */
  readonly webhook?: {
    readonly header: string;
    readonly crcParameter?: string;
  };
}
