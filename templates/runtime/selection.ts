/**
 * Field selection in types. The API returns only an object's default fields unless a `*.fields`
 * parameter asks for more; these types follow the request, so a field that was neither a default
 * nor requested is absent from the type, and one that was is present without `!` or `?.`.
 *
 * They are written for tsc's speed as much as for reading (every narrowed call instantiates them):
 * key sets are intersected with precomputed unions rather than filtered one key at a time, and a
 * check runs only where a call can fail it. A value is tested whole (not distributed over a union)
 * as `V[] extends X[]` rather than `[V] extends [X]`: tsc relates two arrays by their element types,
 * but two tuples member by member, building the array methods of each new `[V]`.
 */

/**
 * `T` with the fields `Present` (required) and `Maybe` (optional: fields the API leaves out of some
 * objects even when asked), and no other field.
 */
export type Selected<T, Present extends keyof T, Maybe extends keyof T = never> = {
  [K in Present]-?: T[K];
} & { [K in Maybe]?: T[K] };

/**
 * What a `*.fields` parameter does to the object `T`, by field name (each a union of `T`'s keys):
 * written out once per selectable object in `models.ts`, where `TweetSelection` passes it to
 * `FieldSelection`.
 */
export interface SelectionRules<T> {
  /** The fields the API returns when nothing asks for them. */
  defaults: keyof T;
  /** Fields the API leaves out of some objects even when asked: optional when requested (no default among them). */
  sometimesAbsent: keyof T;
  /** The fields present whenever requested (every field but `sometimesAbsent`). */
  presentWhenAsked: keyof T;
  /** The fields that come only when requested. */
  nonDefaults: keyof T;
  /** Every field name the parameter takes. */
  fields: unknown;
  /** Optional properties the parameter cannot name: optional in every selection. */
  alwaysOptional?: keyof T;
}

/** `R['alwaysOptional']`, or `never` when the rules have none. */
type AlwaysOptional<T, R extends SelectionRules<T>> = R extends { alwaysOptional: infer O extends keyof T }
  ? O
  : never;

/**
 * The object `T` as a `*.fields` value `V` selects it, by the rules `R` (see `SelectionRules`):
 * - nothing asked (`never`, `undefined`): the defaults;
 * - a tuple (an inline list, `as const`): the defaults and every listed field (a union of tuples:
 *   one selection per tuple);
 * - an array of some field names: the defaults, and the named fields as optional;
 * - anything that may hold every field (`TweetField[]`, an optional value): `T` as the schema states it.
 */
export type FieldSelection<T, V, R extends SelectionRules<T>> = V[] extends undefined[]
  ? Selected<T, R['defaults'], AlwaysOptional<T, R>>
  : V[] extends (readonly unknown[])[]
    ? V extends readonly unknown[]
      ? number extends V['length']
        ? [R['fields']] extends [V[number]]
          ? T
          : Selected<T, R['defaults'], (V[number] & R['nonDefaults']) | AlwaysOptional<T, R>>
        : Selected<
            T,
            R['defaults'] | (V[number] & R['presentWhenAsked']),
            (V[number] & R['sometimesAbsent']) | AlwaysOptional<T, R>
          >
      : never
    : T;

/**
 * The property `K` of `T` as a boolean parameter's value `V` asks for it: present when `true`,
 * absent when `false` or not given (`never`, `undefined`), optional when the type does not say.
 */
export type Flagged<T, K extends keyof T, V> = V[] extends (false | undefined)[]
  ? {}
  : V[] extends true[]
    ? Selected<T, K>
    : { [F in K]?: T[F] };

/** The value the params `P` give the parameter `K` (`never` when `P` does not have it): `client.call`'s results. */
export type FieldsParam<P, K extends string> = P[K & keyof P];

/**
 * Params keys that `Known` does not have, each typed `never`: `client.call` (whose params are
 * inferred, so not checked for excess properties) still refuses `'tweet.feilds'`. Params
 * with known keys only (every valid call) skip the mapped type.
 */
export type KnownParams<P, Known> = keyof P extends keyof Known
  ? unknown
  : { [K in Exclude<keyof P, keyof Known>]: never };
