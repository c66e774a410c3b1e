export function conforms(value, schema, schemas, depth = 0) {
    if (typeof schema === 'boolean')
        return schema;
    if (depth > 32)
        return true;
    const next = (v, s) => conforms(v, (s && typeof s === 'object') || typeof s === 'boolean' ? s : {}, schemas, depth + 1);
    if (typeof schema.$ref === 'string') {
        const target = schemas[schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)];
        if (target && !next(value, target))
            return false;
    }
    if (Array.isArray(schema.allOf) && !schema.allOf.every((s) => next(value, s)))
        return false;
    if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => next(value, s)))
        return false;
    if (Array.isArray(schema.oneOf) && !schema.oneOf.some((s) => next(value, s)))
        return false;
    if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
        return false;
    if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
        return false;
    const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
    if (schema.nullable === true)
        types.push('null');
    if (types.length > 0 && !types.some((t) => isType(value, t)))
        return false;
    if (value === null || typeof value !== 'object')
        return true;
    if (Array.isArray(value)) {
        if (typeof schema.minItems === 'number' && value.length < schema.minItems)
            return false;
        if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
            return false;
        return schema.items === undefined || value.every((item) => next(item, schema.items));
    }
    const object = value;
    const properties = (schema.properties ?? {});
    if (Array.isArray(schema.required) && !schema.required.every((k) => Object.hasOwn(object, k)))
        return false;
    for (const [key, item] of Object.entries(object)) {
        if (Object.hasOwn(properties, key)) {
            if (!next(item, properties[key]))
                return false;
        }
        else if (schema.additionalProperties === false)
            return false;
        else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
            if (!next(item, schema.additionalProperties))
                return false;
    }
    return true;
}
function isType(value, type) {
    switch (type) {
        case 'null':
            return value === null;
        case 'array':
            return Array.isArray(value);
        case 'object':
            return typeof value === 'object' && value !== null && !Array.isArray(value);
        case 'integer':
            return Number.isInteger(value);
        case 'number':
            return typeof value === 'number';
        default:
            return typeof value === type;
    }
}
