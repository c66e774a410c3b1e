import { ValidationError } from './errors.js';
/**
 * Checks a call's params against the rules the spec states, before anything is sent.
 * Throws a ValidationError naming the parameter and the rule.
 */
export function validateParams(op, params) {
    const body = op.body;
    // Every key the operation takes, with its checks: parameters, then the body or its fields. An
    // object, not a list of pairs (this runs on every call): the model makes the keys unique, and
    // none is `__proto__`.
    const fields = {};
    for (const p of op.params ?? [])
        fields[p.key ?? p.name] = p;
    Object.assign(fields, body?.mode === 'whole' ? { body } : body?.fields);
    if (!body?.open)
        checkKeys(op, params, fields);
    // A whole body is `params.body`, as it is sent.
    for (const key in fields) {
        const field = fields[key];
        checkField(op, key, field === body ? params.body : own(params, key), field);
    }
    body?.exclusive?.(op, params);
}
/**
 * A path parameter's check: its value's own rules (`check`), then that it stays in its segment:
 * `..` and `.` would be resolved away by URL parsing. The descriptors wrap every path parameter's.
 */
export function segment(check) {
    return (op, name, value) => {
        check?.(op, name, value);
        if (/^\.{0,2}$/.test(String(value)))
            fail(op, name, 'path segment', `must be a non-empty path segment, got ${JSON.stringify(String(value))}`);
    };
}
/**
 * A body of one shape among several (`oneOf`): given, per shape, the fields only it has, fields of
 * different shapes are not given together. The descriptors of such bodies refer to it.
 */
export function oneShape(groups) {
    return (op, params) => {
        let given;
        for (const group of groups) {
            const field = group.find((name) => own(params, name) !== undefined);
            if (field === undefined)
                continue;
            if (given !== undefined)
                fail(op, field, 'oneOf', `cannot be given with "${given}": the body takes one shape or the other`);
            given = field;
        }
    };
}
/** A param the caller set: never one inherited from Object.prototype (a query `toString`). */
export function own(params, key) {
    return Object.hasOwn(params, key) ? params[key] : undefined;
}
/**
 * A params key the operation does not have (`'tweet.feilds'` passed through a variable, where the
 * types cannot catch it) would be dropped, or sent as a body field: it is refused, naming the
 * nearest key the operation has. An object body that admits fields it does not name takes any key
 * (the caller does not check then).
 */
function checkKeys(op, params, fields) {
    for (const key of Object.keys(params)) {
        if (Object.hasOwn(fields, key))
            continue;
        const known = Object.keys(fields);
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
    // rows[i][j]: the distance between the first i characters of a and the first j of b.
    const rows = [[...Array(b.length + 1).keys()]];
    for (let i = 1; i <= a.length; i++) {
        const row = (rows[i] = [i]);
        for (let j = 1; j <= b.length; j++) {
            row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), 
            // A swap of neighbours (before the first character an index reads undefined, which matches none).
            a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? rows[i - 2][j - 2] + 1 : Infinity);
        }
    }
    return rows[a.length][b.length];
}
/** A missing value (undefined, or null where null is not allowed) is refused when required; a present one is checked. */
function checkField(op, name, value, field) {
    if (value == null) {
        if (field.required && !(value === null && field.nullable))
            fail(op, name, 'required', 'is required');
    }
    else
        field.check?.(op, name, value);
}
export function string(rules = {}) {
    return typed(rules, 'string', 'a string', (v) => typeof v === 'string', stringRules(rules));
}
export function integer(rules = {}) {
    // A finite number with a fraction says so; anything else names its kind.
    const what = (v) => Number.isFinite(v) ? `an integer, got ${String(v)}` : `a finite number, got ${kind(v)}`;
    return typed(rules, 'integer', what, Number.isInteger, numberRules(rules));
}
export function number(rules = {}) {
    return typed(rules, 'number', 'a finite number', Number.isFinite, numberRules(rules));
}
export function boolean(rules = {}) {
    return typed(rules, 'boolean', 'a boolean', (v) => typeof v === 'boolean');
}
export function array(rules = {}) {
    return typed(rules, 'array', 'an array', Array.isArray, arrayRules(rules));
}
export function object(rules = {}) {
    return typed(rules, 'object', 'an object', (v) => typeof v === 'object' && !Array.isArray(v), objectRules(rules));
}
/** A value of any type: its enum, then the rules of its kind. */
export function value(rules = {}) {
    const byKind = {
        string: stringRules(rules),
        number: numberRules(rules),
        array: arrayRules(rules),
        object: objectRules(rules),
    };
    return (op, name, v, index) => {
        if (v === null && rules.nullable)
            return;
        checkEnum(op, name, index, v, rules.enum);
        byKind[kind(v)]?.(op, name, v, index);
    };
}
/**
 * `what`: what the message says a value of `type` must be (`a string`, then `, got number`), or
 * the whole of it, given the value.
 */
function typed(rules, type, what, is, then) {
    return (op, name, value, index) => {
        if (value === null && rules.nullable)
            return;
        if (!is(value)) {
            const text = typeof what === 'string' ? `${what}, got ${kind(value)}` : what(value);
            fail(op, name, `type ${type}`, `must be ${text}`, index);
        }
        checkEnum(op, name, index, value, rules.enum);
        then?.(op, name, value, index);
    };
}
function checkEnum(op, name, index, value, values) {
    if (values && !values.includes(value)) {
        const shown = values.length <= 12 ? `: one of ${values.map((v) => JSON.stringify(v)).join(', ')}` : '';
        fail(op, name, 'enum', `has unknown value ${JSON.stringify(value)}${shown}`, index);
    }
}
/** Checks `size` against the bounds the rules set; `unit` follows the limit in the message. */
function checkBounds(op, name, index, rules, bounds, size, unit) {
    for (const [rule, lower, text, exclusive] of bounds) {
        const limit = rules[rule];
        if (limit === undefined)
            continue;
        if ((lower ? size < limit : size > limit) || (exclusive && size === limit))
            fail(op, name, `${rule} ${limit}`, `${text} ${limit}${unit}, got ${size}`, index);
    }
}
const STRING_BOUNDS = [
    ['minLength', true, 'must be at least'],
    ['maxLength', false, 'must be at most'],
];
function stringRules(rules) {
    const pattern = rules.pattern;
    let regex;
    return (op, name, value, index) => {
        checkBounds(op, name, index, rules, STRING_BOUNDS, codePoints(value), ' characters');
        // Compiled on first use, once.
        if (pattern !== undefined && !(regex ??= new RegExp(pattern, 'u')).test(value))
            fail(op, name, `pattern ${pattern}`, `must match ${pattern}`, index);
    };
}
const NUMBER_BOUNDS = [
    ['minimum', true, 'must be at least'],
    ['maximum', false, 'must be at most'],
    ['exclusiveMinimum', true, 'must be greater than', true],
    ['exclusiveMaximum', false, 'must be less than', true],
];
function numberRules(rules) {
    return (op, name, value, index) => checkBounds(op, name, index, rules, NUMBER_BOUNDS, value, '');
}
const ARRAY_BOUNDS = [
    ['minItems', true, 'must have at least'],
    ['maxItems', false, 'must have at most'],
];
function arrayRules(rules) {
    return (op, name, list, index) => {
        checkBounds(op, name, index, rules, ARRAY_BOUNDS, list.length, ' items');
        if (rules.uniqueItems && new Set(list.map((v) => JSON.stringify(v))).size !== list.length)
            fail(op, name, 'uniqueItems', 'must not repeat an item', index);
        const items = rules.items;
        if (items) {
            const path = pathOf(name, index);
            for (let i = 0; i < list.length; i++)
                items(op, path, list[i], i);
        }
    };
}
/**
 * Required properties, each property's own checks, and the one shape of a union the object must
 * match. Bytes and dates are objects with no properties to check.
 */
function objectRules(rules) {
    return (op, name, value, index) => {
        if (value === null || isBytes(value))
            return;
        const path = pathOf(name, index);
        // Own properties only: an object without `valueOf` still inherits Object.prototype's.
        // Values first: a wrong `type` explains more than the fields its shape then lacks.
        for (const key in rules.properties) {
            const item = own(value, key);
            if (item !== undefined)
                rules.properties[key](op, `${path}.${key}`, item);
        }
        for (const key of rules.required ?? []) {
            if (own(value, key) === undefined)
                fail(op, `${path}.${key}`, 'required', 'is required');
        }
        const tagged = rules.discriminator;
        if (tagged) {
            const chosen = value[tagged.property];
            const shape = tagged.shapes.find(([values]) => values.includes(chosen));
            if (!shape) {
                const allowed = tagged.shapes.flatMap(([values]) => values).map((v) => JSON.stringify(v));
                fail(op, `${path}.${tagged.property}`, 'enum', `has unknown value ${JSON.stringify(chosen)}: one of ${allowed.join(', ')}`);
            }
            return shape[1](op, path, value);
        }
        if (!rules.oneOf)
            return;
        // No discriminator: the object must pass the checks of at least one shape; else the first failure is thrown.
        let first;
        for (const shape of rules.oneOf) {
            try {
                return shape(op, path, value);
            }
            catch (error) {
                if (!(error instanceof ValidationError))
                    throw error;
                first ??= error;
            }
        }
        throw first;
    };
}
/** The path of an array item (`ids[3]`), else the name. */
function pathOf(name, index) {
    return index === undefined ? name : `${name}[${index}]`;
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
function fail(op, name, rule, text, index) {
    const parameter = pathOf(name, index);
    throw new ValidationError(parameter, rule, `${op.id}: parameter "${parameter}" ${text}`);
}
/** Length in characters (code points), as JSON Schema counts it; UTF-16 length when there is no surrogate pair. */
function codePoints(value) {
    return /[\uD800-\uDBFF]/.test(value) ? [...value].length : value.length;
}
