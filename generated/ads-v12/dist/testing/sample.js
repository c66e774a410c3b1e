/**
 * Values built from a response schema, deterministic from a seed: what the mock answers when no
 * handler is set. Each value meets its schema's formats, patterns, enums, bounds, required fields and
 * discriminators; where the spec gives an example that fits, the example is taken.
 */
import { conforms } from './conforms.js';
/** A pseudo-random sequence (mulberry32): the same seed gives the same values on every run. */
export function random(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/** Optional fields are filled this deep (the top-level object is 0); deeper, only required ones. */
const OPTIONAL_DEPTH = 2;
/** No value nests deeper than this (a cycle of required fields stops here). */
const MAX_DEPTH = 24;
/** A value that validates against `schema`. */
export function sample(schema, ctx, depth = 0, name = 'value') {
    return new Sampler(ctx).value(schema, depth, name, undefined);
}
class Sampler {
    constructor(ctx) {
        this.ctx = ctx;
    }
    /**
     * `full`: fill the optional fields of this object however deep it is (to tell the shapes of a
     * `oneOf` apart).
     */
    value(schema, depth, name, refName, full = false) {
        if (typeof schema === 'boolean')
            return schema ? 'value' : undefined;
        const ref = typeof schema.$ref === 'string' ? schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1) : undefined;
        if (ref !== undefined) {
            const target = this.ctx.schemas[ref];
            if (!target)
                return {};
            const siblings = { ...schema };
            delete siblings.$ref;
            const merged = Object.keys(siblings).length > 0 ? mergeAll([target, siblings], this.ctx) : target;
            return this.value(merged, depth, name, ref, full);
        }
        if (Array.isArray(schema.allOf)) {
            const rest = { ...schema };
            delete rest.allOf;
            return this.value(mergeAll([...schema.allOf, rest], this.ctx), depth, name, refName, full);
        }
        if ('const' in schema)
            return schema.const;
        if (Array.isArray(schema.enum) && schema.enum.length > 0) {
            if ('example' in schema && schema.enum.includes(schema.example))
                return schema.example;
            // An enum value the schema's own pattern or length refuses is passed over (specs have them).
            const listed = schema.enum.filter((v) => v !== null);
            const fitting = listed.filter((v) => typeof v !== 'string' || this.fits(schema, v));
            const values = fitting.length > 0 ? fitting : listed;
            return values.length > 0 ? values[Math.floor(this.ctx.next() * values.length)] : null;
        }
        const choices = (schema.oneOf ?? schema.anyOf);
        if (Array.isArray(choices) && choices.length > 0)
            return this.choice(schema, choices, depth, name);
        const type = typeOf(schema);
        switch (type) {
            case 'object':
                return this.object(schema, depth, refName, full);
            case 'array':
                return this.array(schema, depth, name);
            case 'string':
                return this.string(schema, name);
            case 'integer':
            case 'number':
                return this.number(schema, type);
            case 'boolean':
                return typeof schema.example === 'boolean' ? schema.example : this.ctx.next() < 0.5;
            case 'null':
                return null;
            default:
                return 'example' in schema && schema.example !== undefined ? schema.example : `${name}-1`;
        }
    }
    /**
     * One shape of a `oneOf`/`anyOf`, its discriminator set to the value that names it: the first
     * (`null` last) whose value fits it and, for a `oneOf`, fits no other shape.
     */
    choice(schema, choices, depth, name) {
        const rest = { ...schema };
        delete rest.oneOf;
        delete rest.anyOf;
        delete rest.discriminator;
        const discriminator = schema.discriminator;
        const ordered = [
            ...choices.filter((c) => typeOf(this.resolve(c)) !== 'null'),
            ...choices.filter((c) => typeOf(this.resolve(c)) === 'null'),
        ];
        const exclusive = Array.isArray(schema.oneOf);
        // A discriminator names a property of the object itself (not `../event_type`, which X's spec has).
        const tagName = discriminator?.propertyName && /^[^./]+$/.test(discriminator.propertyName)
            ? discriminator.propertyName
            : undefined;
        let fallback;
        for (const full of [false, true])
            for (const [i, pick] of ordered.entries()) {
                const shape = Object.keys(rest).length > 0 ? mergeAll([rest, pick], this.ctx) : pick;
                const value = this.value(shape, depth, name, typeof pick.$ref === 'string' ? refOf(pick.$ref) : undefined, full);
                if (tagName && value && typeof value === 'object' && !Array.isArray(value)) {
                    const tag = mappingValue(discriminator?.mapping, pick);
                    if (tag !== undefined)
                        value[tagName] = tag;
                }
                if (i === 0 && !full)
                    fallback = value;
                const schemas = this.ctx.schemas;
                if (!conforms(value, pick, schemas))
                    continue;
                if (!exclusive || !ordered.some((other) => other !== pick && conforms(value, other, schemas)))
                    return value;
            }
        return fallback;
    }
    resolve(schema) {
        let current = schema;
        for (let i = 0; i < 8 && typeof current.$ref === 'string'; i++)
            current = this.ctx.schemas[refOf(current.$ref)] ?? {};
        return current;
    }
    object(schema, depth, refName, full) {
        const out = {};
        const properties = (schema.properties ?? {});
        const required = new Set(Array.isArray(schema.required) ? schema.required : []);
        const asked = refName ? this.ctx.selected?.get(refName) : undefined;
        const skipped = (p) => this.ctx.skip !== undefined && this.mentions(p, this.ctx.skip);
        const wanted = (key, p) => required.has(key) ||
            (asked?.includes(key) ?? false) ||
            ((full || depth < OPTIONAL_DEPTH) && !skipped(p) && p.deprecated !== true);
        if (depth >= MAX_DEPTH) {
            for (const key of required)
                out[key] = key in properties ? null : null;
            return out;
        }
        for (const [key, property] of Object.entries(properties)) {
            if (!wanted(key, property))
                continue;
            const value = this.value(property, depth + 1, key, undefined);
            if (value !== undefined)
                out[key] = value;
        }
        // An object of optional fields only gets one of them: `{}` would fit every shape of a `oneOf` around it.
        if (Object.keys(out).length === 0 && depth < MAX_DEPTH / 3) {
            const first = Object.entries(properties).find(([, p]) => !skipped(p) && p.deprecated !== true);
            if (first) {
                const value = this.value(first[1], depth + 1, first[0], undefined);
                if (value !== undefined)
                    out[first[0]] = value;
            }
        }
        for (const key of required)
            if (!(key in out)) {
                out[key] = this.value(schemaOf(schema.additionalProperties), depth + 1, key, undefined);
            }
        const min = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
        for (let i = 0; Object.keys(out).length < min; i++) {
            out[`key${i}`] = this.value(schemaOf(schema.additionalProperties), depth + 1, `key${i}`, undefined);
        }
        return out;
    }
    /** Whether a property's schema is, or is a list of, one of `names`. */
    mentions(schema, names) {
        if (typeof schema.$ref === 'string')
            return names.has(refOf(schema.$ref));
        const items = schema.items;
        return (typeof items === 'object' &&
            items !== null &&
            typeof items.$ref === 'string' &&
            names.has(refOf(items.$ref)));
    }
    array(schema, depth, name) {
        const items = (schema.items ?? {});
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
        const count = Math.min(max, Math.max(min, depth < OPTIONAL_DEPTH + 2 ? 1 : 0));
        const out = [];
        const seen = new Set();
        for (let i = 0; out.length < count && i < count * 8; i++) {
            const item = this.value(items, depth + 1, name, undefined);
            const key = JSON.stringify(item);
            if (schema.uniqueItems === true && seen.has(key)) {
                const varied = vary(item, out.length);
                if (seen.has(JSON.stringify(varied)))
                    continue;
                seen.add(JSON.stringify(varied));
                out.push(varied);
                continue;
            }
            seen.add(key);
            out.push(item);
        }
        return out;
    }
    string(schema, name) {
        const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
        const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
        const fits = (text) => this.fits(schema, text);
        if (fits(schema.example))
            return schema.example;
        const examples = schema.examples;
        if (Array.isArray(examples) && fits(examples[0]))
            return examples[0];
        if (fits(schema['x-sample']))
            return schema['x-sample'];
        const n = 1 + Math.floor(this.ctx.next() * 1000);
        const text = byFormat(schema.format, n) ?? `${name.replace(/[^A-Za-z0-9]/g, '') || 'text'}-${n}`;
        if (fits(text))
            return text;
        const sized = text.length > max ? text.slice(0, max) : text.padEnd(min, 'x');
        return sized;
    }
    /** Whether a string meets the schema's length, pattern and format. */
    fits(schema, text) {
        const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
        const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
        return (typeof text === 'string' &&
            length(text) >= min &&
            length(text) <= max &&
            (typeof schema.pattern !== 'string' || matches(schema.pattern, text)) &&
            formatFits(schema.format, text));
    }
    number(schema, type) {
        const num = (key) => typeof schema[key] === 'number' ? schema[key] : undefined;
        // OpenAPI 3.0 states exclusive bounds as booleans beside the bound.
        const exMin = schema.exclusiveMinimum === true ? num('minimum') : num('exclusiveMinimum');
        const exMax = schema.exclusiveMaximum === true ? num('maximum') : num('exclusiveMaximum');
        const step = type === 'integer' ? 1 : 0.5;
        let low = exMin !== undefined ? exMin + step : schema.exclusiveMinimum === true ? undefined : num('minimum');
        let high = exMax !== undefined ? exMax - step : schema.exclusiveMaximum === true ? undefined : num('maximum');
        const example = schema.example;
        if (typeof example === 'number' &&
            (type === 'number' || Number.isInteger(example)) &&
            (low === undefined || example >= low) &&
            (high === undefined || example <= high))
            return example;
        low ??= high !== undefined ? Math.min(1, high) : 1;
        high ??= low + 100;
        let value = low + Math.floor(this.ctx.next() * Math.max(1, Math.min(100, high - low + 1)));
        if (value > high)
            value = low;
        const multiple = num('multipleOf');
        if (multiple !== undefined && multiple > 0)
            value = Math.ceil(low / multiple) * multiple;
        return type === 'integer' ? Math.ceil(value) : value;
    }
}
function schemaOf(value) {
    return value && typeof value === 'object' ? value : {};
}
function refOf(ref) {
    return ref.slice(ref.lastIndexOf('/') + 1);
}
function mappingValue(mapping, pick) {
    if (typeof pick.$ref !== 'string')
        return undefined;
    for (const [key, target] of Object.entries(mapping ?? {}))
        if (target === pick.$ref)
            return key;
    return mapping === undefined ? refOf(pick.$ref) : undefined;
}
/** The JSON type a schema states (of a list, the first that is not `null`), or the one its keywords imply. */
export function typeOf(schema) {
    const type = schema.type;
    if (typeof type === 'string')
        return type;
    if (Array.isArray(type))
        return (type.find((t) => t !== 'null') ?? 'null');
    if (schema.properties || schema.additionalProperties || schema.required)
        return 'object';
    if (schema.items)
        return 'array';
    if (schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined)
        return 'string';
    if (schema.minimum !== undefined || schema.maximum !== undefined)
        return 'number';
    return undefined;
}
/** The parts of an `allOf` as one schema: their properties and required fields together. */
function mergeAll(parts, ctx, depth = 0) {
    const out = {};
    for (const raw of parts) {
        let part = raw;
        for (let i = 0; i < 8 && typeof part.$ref === 'string'; i++)
            part = ctx.schemas[refOf(part.$ref)] ?? {};
        if (Array.isArray(part.allOf) && depth < 8) {
            const rest = { ...part };
            delete rest.allOf;
            part = mergeAll([...part.allOf, rest], ctx, depth + 1);
        }
        for (const [key, value] of Object.entries(part)) {
            if (key === 'properties')
                out.properties = { ...out.properties, ...value };
            else if (key === 'required')
                out.required = [
                    ...new Set([...(out.required ?? []), ...value]),
                ];
            else if (!(key in out))
                out[key] = value;
        }
    }
    return out;
}
/** Another value of the same shape, for a list whose items must differ. */
function vary(value, n) {
    if (typeof value === 'string')
        return `${value}${n}`;
    if (typeof value === 'number')
        return value + n;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
        const out = { ...value };
        const key = Object.keys(out).find((k) => typeof out[k] === 'string' || typeof out[k] === 'number');
        if (key !== undefined)
            out[key] = vary(out[key], n);
        return out;
    }
    return value;
}
function length(text) {
    return [...text].length;
}
function matches(pattern, text) {
    try {
        return new RegExp(pattern, 'u').test(text);
    }
    catch {
        try {
            return new RegExp(pattern).test(text);
        }
        catch {
            return true;
        }
    }
}
const FORMAT_CHECKS = {
    'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
    date: /^\d{4}-\d{2}-\d{2}$/,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    uri: /^[a-z][a-z0-9+.-]*:\S*$/i,
    url: /^[a-z][a-z0-9+.-]*:\S*$/i,
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
};
function formatFits(format, text) {
    const check = typeof format === 'string' ? FORMAT_CHECKS[format] : undefined;
    return check === undefined || check.test(text);
}
/** A string of a known format, different for each `n`. */
function byFormat(format, n) {
    const pad = (v, width) => String(v).padStart(width, '0');
    switch (format) {
        case 'date-time':
            return `2024-01-${pad(1 + (n % 28), 2)}T12:00:${pad(n % 60, 2)}.000Z`;
        case 'date':
            return `2024-01-${pad(1 + (n % 28), 2)}`;
        case 'time':
            return `12:00:${pad(n % 60, 2)}Z`;
        case 'email':
            return `user${n}@example.com`;
        case 'uri':
        case 'url':
        case 'uri-reference':
        case 'iri':
            return `https://example.com/${n}`;
        case 'hostname':
            return `host${n}.example.com`;
        case 'uuid':
            return `00000000-0000-4000-8000-${pad(n, 12)}`;
        case 'ipv4':
            return `192.0.2.${n % 255}`;
        case 'ipv6':
            return `2001:db8::${n.toString(16)}`;
        case 'byte':
            return 'AAAA';
        default:
            return undefined;
    }
}
