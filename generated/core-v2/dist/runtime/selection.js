/**
 * Field selection in types. The API returns only an object's default fields unless a `*.fields`
 * parameter asks for more; these types follow the request, so a field that was neither a default
 * nor requested is absent from the type, and one that was is present without `!` or `?.`.
 */
export {};
