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
export {};
