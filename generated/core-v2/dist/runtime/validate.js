import { ValidationError } from './errors.js';
/**
 * Checks a call's params against the rules the spec states, before anything is sent.
 * Throws a ValidationError naming the parameter and the rule.
 */
export function validateParams(op, params) {
    checkKeys(op, params);
    for (const param of op.params ?? []) {
        const key = param.key ?? param.name;
        const value = own(params, key);
        checkField(op, key, value, param.checks, param.required);
        // A path value must not climb out of its segment: `..` and `.` would be resolved away by URL parsing.
        if (param.in === 'path' && value != null && /^\.{0,2}$/.test(String(value)))
            fail(op, key, 'path segment', `must be a non-empty path segment, got ${JSON.stringify(String(value))}`);
    }
    const body = op.body;
    if (body?.mode === 'whole')
        checkField(op, 'body', params.body, body.checks, body.required);
    else if (body?.fields) {
        for (const [name, checks] of Object.entries(body.fields))
            checkField(op, name, own(params, name), checks, checks.required);
        if (body.exclusive)
            checkExclusive(op, params, body.exclusive);
    }
}
/** A body of one shape among several (`oneOf`): fields that only different shapes have are not given together. */
function checkExclusive(op, params, groups) {
    let given;
    for (const group of groups) {
        const field = group.find((name) => own(params, name) !== undefined);
        if (field === undefined)
            continue;
        if (given !== undefined)
            fail(op, field, 'oneOf', `cannot be given with "${given}": the body takes one shape or the other`);
        given = field;
    }
}
/** A param the caller set: never one inherited from Object.prototype (a query `toString`). */
export function own(params, key) {
    return Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined;
}
/**
 * A params key the operation does not have (`'tweet.feilds'` passed through a variable, where the
 * types cannot catch it) would be dropped, or sent as a body field: it is refused, naming the
 * nearest key the operation has. An object body that admits fields it does not name takes any key.
 */
function checkKeys(op, params) {
    const body = op.body;
    if (body?.mode === 'fields' && body.open)
        return;
    const known = (op.params ?? []).map((p) => p.key ?? p.name);
    if (body?.mode === 'whole')
        known.push('body');
    else if (body?.fields)
        known.push(...Object.keys(body.fields));
    for (const key of Object.keys(params)) {
        if (known.includes(key))
            continue;
        const near = nearest(key, known);
        const hint = near
            ? `; did you mean "${near}"?`
            : known.length === 0
                ? '; it takes no parameters'
                : known.length <= 12
                    ? `; it takes ${known.map((k) => `"${k}"`).join(', ')}`
                    : '';
        fail(op, key, 'unknown-parameter', `is not a parameter of this operation${hint}`);
    }
}
/** The known key closest to `key` (edits, a swap of neighbours counting as one), when close enough to be a slip. */
function nearest(key, known) {
    let best;
    let bestDistance = Math.max(1, Math.floor(key.length / 3)) + 1;
    for (const candidate of known) {
        const d = candidate.toLowerCase() === key.toLowerCase() ? 0 : editDistance(key, candidate);
        if (d < bestDistance)
            [best, bestDistance] = [candidate, d];
    }
    return best;
}
/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a, b) {
    const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
    for (let j = 1; j <= b.length; j++)
        rows[0][j] = j;
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                d = Math.min(d, rows[i - 2][j - 2] + 1);
            rows[i][j] = d;
        }
    }
    return rows[a.length][b.length];
}
/** A missing value (undefined, or null where null is not allowed) is refused when required; a present one is checked. */
function checkField(op, name, value, checks, required) {
    if (value == null) {
        if (required && !(value === null && checks?.nullable))
            fail(op, name, 'required', 'is required');
    }
    else if (checks)
        checkValue(op, name, value, checks);
}
/** How each `type` is met, and what the message says it must be. */
const TYPES = {
    string: [(v) => typeof v === 'string', 'a string'],
    integer: [Number.isInteger, 'an integer'],
    number: [Number.isFinite, 'a finite number'],
    boolean: [(v) => typeof v === 'boolean', 'a boolean'],
    array: [Array.isArray, 'an array'],
    object: [(v) => typeof v === 'object' && !Array.isArray(v), 'an object'],
};
/** Size limits by the kind of value they apply to: the check, lower bound or not, exclusive or not, the message. */
const LIMITS = {
    string: [
        ['minLength', true, false, 'must be at least'],
        ['maxLength', false, false, 'must be at most'],
    ],
    number: [
        ['minimum', true, false, 'must be at least'],
        ['maximum', false, false, 'must be at most'],
        ['exclusiveMinimum', true, true, 'must be greater than'],
        ['exclusiveMaximum', false, true, 'must be less than'],
    ],
    array: [
        ['minItems', true, false, 'must have at least'],
        ['maxItems', false, false, 'must have at most'],
    ],
};
const UNITS = { string: ' characters', array: ' items', number: '' };
/**
 * Checks one value against its rules; `name` is the path shown in the message, with `[index]`
 * added for an array item (built only when a message or a nested check needs it).
 */
export function checkValue(op, name, value, checks, index) {
    const got = kind(value);
    const type = checks.type;
    if (type && !TYPES[type][0](value)) {
        // An integer that is a finite number but has a fraction says so; anything else names its kind.
        const text = type === 'integer' && Number.isFinite(value)
            ? `an integer, got ${String(value)}`
            : `${TYPES[type === 'integer' ? 'number' : type][1]}, got ${got}`;
        fail(op, pathOf(name, index), `type ${type}`, `must be ${text}`);
    }
    if (checks.enum && !checks.enum.includes(value)) {
        const shown = checks.enum.length <= 12 ? `: one of ${checks.enum.map((v) => JSON.stringify(v)).join(', ')}` : '';
        fail(op, pathOf(name, index), 'enum', `has unknown value ${JSON.stringify(value)}${shown}`);
    }
    for (const [key, lower, exclusive, text] of LIMITS[got] ?? []) {
        const limit = checks[key];
        if (limit === undefined)
            continue;
        const size = got === 'string'
            ? codePoints(value)
            : got === 'array'
                ? value.length
                : value;
        if (lower ? size < limit || (exclusive && size === limit) : size > limit || (exclusive && size === limit)) {
            fail(op, pathOf(name, index), `${key} ${limit}`, `${text} ${limit}${UNITS[got]}, got ${size}`);
        }
    }
    if (checks.pattern !== undefined && got === 'string' && !compiled(checks.pattern).test(value)) {
        fail(op, pathOf(name, index), `pattern ${checks.pattern}`, `must match ${checks.pattern}`);
    }
    if (got === 'array') {
        const list = value;
        if (checks.uniqueItems && new Set(list.map((v) => JSON.stringify(v))).size !== list.length) {
            fail(op, pathOf(name, index), 'uniqueItems', 'must not repeat an item');
        }
        const items = checks.items;
        if (items) {
            const path = pathOf(name, index);
            for (let i = 0; i < list.length; i++)
                checkValue(op, path, list[i], items, i);
        }
    }
    if (got === 'object' && !isBytes(value))
        checks.object?.(op, pathOf(name, index), value, checks);
}
function pathOf(name, index) {
    return index === undefined ? name : `${name}[${index}]`;
}
/**
 * Required properties, each property's own checks, and the one shape of a union the object must
 * match. Descriptors refer to it (`ValueChecks.object`) where they check objects.
 */
export function checkObject(op, name, value, checks) {
    // Own properties only: an object without `valueOf` still inherits Object.prototype's.
    const own = (key) => Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
    // Values first: a wrong `type` explains more than the fields its shape then lacks.
    for (const [key, inner] of Object.entries(checks.properties ?? {})) {
        const item = own(key);
        if (item !== undefined && !(item === null && inner.nullable))
            checkValue(op, `${name}.${key}`, item, inner);
    }
    for (const key of checks.requiredProperties ?? []) {
        if (own(key) === undefined)
            fail(op, `${name}.${key}`, 'required', 'is required');
    }
    const shapes = checks.oneOf;
    if (!shapes)
        return;
    const tag = checks.discriminator;
    if (tag !== undefined) {
        const chosen = value[tag];
        const enumOf = (shape) => shape.properties?.[tag]?.enum ?? [];
        const shape = shapes.find((s) => enumOf(s).includes(chosen));
        if (!shape) {
            const allowed = shapes.flatMap(enumOf).map((v) => JSON.stringify(v));
            fail(op, `${name}.${tag}`, 'enum', `has unknown value ${JSON.stringify(chosen)}: one of ${allowed.join(', ')}`);
        }
        return checkValue(op, name, value, shape);
    }
    // No discriminator: the object must pass the checks of at least one shape; else the first failure is thrown.
    let first;
    for (const shape of shapes) {
        try {
            return checkValue(op, name, value, shape);
        }
        catch (error) {
            if (!(error instanceof ValidationError))
                throw error;
            first ??= error;
        }
    }
    throw first;
}
function isBytes(value) {
    return (value instanceof Blob ||
        ArrayBuffer.isView(value) ||
        value instanceof ArrayBuffer ||
        value instanceof Date);
}
function kind(value) {
    return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
function fail(op, parameter, rule, text) {
    throw new ValidationError(parameter, rule, `${op.id}: parameter "${parameter}" ${text}`);
}
/** Patterns compiled once: validation runs on every call. */
const patterns = new Map();
function compiled(pattern) {
    let regex = patterns.get(pattern);
    if (!regex)
        patterns.set(pattern, (regex = new RegExp(pattern, 'u')));
    return regex;
}
/** Length in characters (code points), as JSON Schema counts it; UTF-16 length when there is no surrogate pair. */
function codePoints(value) {
    return /[\uD800-\uDBFF]/.test(value) ? [...value].length : value.length;
}
