/**
 * The cross-field rules of `x-validation` (contract: spec/ads-validation-rules.md), checked after
 * schema validation and before anything is sent. A broken rule throws a ValidationError naming the
 * concrete parameter path and the rule; a rule the spec misstates throws a plain Error.
 */
import { isRecord, ValidationError } from './errors.js';
import { serializeRequest } from './serialize.js';
import { at, closeView, show, describe, find, holds, isSet, list, openView, parsePath, render, resolve, same, write, } from './rule-view.js';
import { CLOCK, addDuration, compareBig, compareValues, nowNs, parseDuration, readInstant, readNumber, } from './rule-values.js';
/**
 * Checks an operation's `x-validation` rules in order against a call's params and returns the params
 * to send: the same object when no rule rewrote anything, otherwise a copy (the caller's objects are
 * never changed). `now` returns the current time in milliseconds since the epoch.
 */
export function checkRules(op, params, now = Date.now) {
    const rules = op.rules ?? [];
    if (rules.length === 0)
        return params;
    const state = openView(op, params, now);
    for (const rule of rules)
        applyRule(state, rule);
    return state.changed ? closeView(state) : params;
}
function applyRule(state, rule) {
    const name = rule.rule;
    if (name === 'maxBodyBytes') {
        // `at` and `when` do not apply to this rule: it is about the whole request.
        checkArguments(state.op, rule, ['max']);
        maxBodyBytes(state, rule);
        return;
    }
    const definition = Object.hasOwn(RULES, name) ? RULES[name] : undefined;
    if (!definition)
        throw specError(state.op, rule, `unknown rule; known rules: ${[...Object.keys(RULES), 'maxBodyBytes'].join(', ')}`);
    checkArguments(state.op, rule, definition.args);
    const atPath = rule.at === undefined ? [] : readPath(state.op, rule, 'at', rule.at, true);
    const when = rule.when === undefined ? undefined : readCondition(state.op, rule, rule.when);
    if (definition.needsWhen && !when)
        throw specError(state.op, rule, 'needs "when"');
    for (const base of resolve({ value: state.view, keys: [] }, atPath)) {
        if (typeof base.value !== 'object' || base.value === null)
            continue;
        if (when && !holds(when, base))
            continue;
        definition.check(state, rule, base);
    }
}
const RULES = {
    mutuallyExclusive: {
        args: ['fields'],
        check(state, rule, base) {
            const fields = readPaths(state.op, rule, 'fields', 2);
            const set = fields.map((path) => find(base, path)).filter(isSet);
            const [first, second] = set;
            if (first && second)
                fail(state, rule, second, `cannot be combined with "${render(first.keys)}"`);
        },
    },
    exactlyOne: {
        args: ['fields'],
        check(state, rule, base) {
            const fields = readPaths(state.op, rule, 'fields', 2);
            const set = fields.map((path) => find(base, path)).filter(isSet);
            const [first, second] = set;
            if (!first)
                fail(state, rule, at(base, fields[0] ?? []), `is required: send exactly one of ${list(base, fields)}`);
            if (second)
                fail(state, rule, second, `cannot be combined with "${render(first.keys)}": send exactly one of ${list(base, fields)}`);
        },
    },
    atLeastOne: {
        args: ['fields'],
        check(state, rule, base) {
            const fields = readPaths(state.op, rule, 'fields', 2);
            if (!fields.some((path) => isSet(find(base, path)))) {
                fail(state, rule, at(base, fields[0] ?? []), `is required: send at least one of ${list(base, fields)}`);
            }
        },
    },
    requiredWhen: {
        args: ['fields'],
        needsWhen: true,
        check(state, rule, base) {
            const fields = readPaths(state.op, rule, 'fields', 1);
            const when = readCondition(state.op, rule, rule.when);
            for (const path of fields) {
                if (!isSet(find(base, path)))
                    fail(state, rule, at(base, path), `is required when ${describe(base, when)}`);
            }
        },
    },
    forbiddenWhen: {
        args: ['field', 'values'],
        needsWhen: true,
        check(state, rule, base) {
            const path = readPath(state.op, rule, 'field', rule.field, false);
            const values = rule.values === undefined ? undefined : readList(state.op, rule, 'values');
            const when = readCondition(state.op, rule, rule.when);
            const found = find(base, path);
            if (!isSet(found))
                return;
            if (values && !values.some((v) => same(v, found.value)))
                return;
            const what = values ? `must not be ${show(found.value)}` : 'is not allowed';
            fail(state, rule, found, `${what} when ${describe(base, when)}`);
        },
    },
    compare: {
        args: ['field', 'op', 'other', 'otherDefault'],
        check(state, rule, base) {
            const path = readPath(state.op, rule, 'field', rule.field, false);
            const otherPath = readPath(state.op, rule, 'other', rule.other, false);
            const op = rule.op;
            if (op !== 'lt' && op !== 'lte' && op !== 'gt' && op !== 'gte')
                throw specError(state.op, rule, '"op" must be lt, lte, gt or gte');
            const byDefault = readNowDefault(state.op, rule, 'otherDefault');
            const found = find(base, path);
            if (!isSet(found))
                return;
            const other = find(base, otherPath);
            let order;
            let otherText;
            if (isSet(other)) {
                order = compareValues(found.value, other.value);
                otherText = `"${render(other.keys)}"`;
            }
            else if (other === undefined && byDefault) {
                const instant = readInstant(found.value);
                order = instant === undefined ? undefined : compareBig(instant, nowNs(state));
                otherText = `now (${render(at(base, otherPath).keys)} defaults to now)`;
            }
            else
                return;
            if (order === undefined)
                return;
            const ok = op === 'lt' ? order < 0 : op === 'lte' ? order <= 0 : op === 'gt' ? order > 0 : order >= 0;
            const words = readNumber(found.value) ? NUMBER_ORDER : INSTANT_ORDER;
            if (!ok)
                fail(state, rule, found, `must be ${words[op]} ${otherText}`);
        },
    },
    itemCount: {
        args: ['fields', 'min', 'max', 'where'],
        check(state, rule, base) {
            const fields = readPaths(state.op, rule, 'fields', 1);
            const min = readCount(state.op, rule, 'min');
            const max = readCount(state.op, rule, 'max');
            const where = rule.where === undefined ? undefined : readCondition(state.op, rule, rule.where);
            if (where && !('in' in where))
                throw specError(state.op, rule, '"where" must be { field, in }');
            const set = fields.map((path) => find(base, path)).filter(isSet);
            const [first] = set;
            if (!first)
                return;
            let count = 0;
            for (const found of set) {
                if (!Array.isArray(found.value))
                    continue;
                for (const item of found.value) {
                    if (!where || (isRecord(item) && holds(where, { value: item, keys: [] })))
                        count++;
                }
            }
            const which = where ? ` whose ${where.text} is one of ${where.in.map(show).join(', ')}` : '';
            const range = min !== undefined && max !== undefined
                ? min === max
                    ? `${min}`
                    : `${min} to ${max}`
                : min !== undefined
                    ? `at least ${min}`
                    : `at most ${max ?? 0}`;
            const together = set.length > 1 || fields.length > 1 ? ` (counted together over ${list(base, fields)})` : '';
            if ((min !== undefined && count < min) || (max !== undefined && count > max)) {
                fail(state, rule, first, `must hold ${range} items${which}${together}, got ${count}`);
            }
        },
    },
    granularity: {
        args: ['fields', 'unit', 'mode'],
        check(state, rule, base) {
            const fields = readPaths(state.op, rule, 'fields', 1);
            const unit = rule.unit;
            const mode = rule.mode;
            if (unit !== 'minute' && unit !== 'hour')
                throw specError(state.op, rule, '"unit" must be minute or hour');
            if (mode !== 'reject' && mode !== 'truncate')
                throw specError(state.op, rule, '"mode" must be reject or truncate');
            for (const path of fields) {
                const found = find(base, path);
                if (!isSet(found) || typeof found.value !== 'string' || readInstant(found.value) === undefined)
                    continue;
                const parts = CLOCK.exec(found.value);
                if (!parts)
                    continue;
                const [, head = '', minutes = '', seconds = '', fraction = '', offset = ''] = parts;
                const whole = seconds === '00' && !/[1-9]/.test(fraction) && (unit === 'minute' || minutes === '00');
                if (mode === 'reject') {
                    if (!whole)
                        fail(state, rule, found, `must be on a whole ${unit} (${unit === 'hour' ? 'minutes, ' : ''}seconds and fractions zero), got ${found.value}`);
                    continue;
                }
                const truncated = `${head}${unit === 'hour' ? '00' : minutes}:00${offset}`;
                if (truncated !== found.value)
                    write(state, found.keys, truncated);
            }
        },
    },
    maxSpan: {
        args: ['from', 'to', 'max', 'toDefault'],
        check(state, rule, base) {
            const fromPath = readPath(state.op, rule, 'from', rule.from, false);
            const toPath = readPath(state.op, rule, 'to', rule.to, false);
            const max = readDuration(state.op, rule, 'max');
            const byDefault = readNowDefault(state.op, rule, 'toDefault');
            const from = find(base, fromPath);
            if (!isSet(from))
                return;
            const to = find(base, toPath);
            const start = readInstant(from.value);
            if (start === undefined)
                return;
            let end;
            if (isSet(to))
                end = readInstant(to.value);
            else if (to === undefined && byDefault)
                end = nowNs(state);
            else
                return;
            if (end === undefined)
                return;
            const limit = addDuration(start, max.parts);
            if (limit === undefined || limit >= end)
                return;
            if (isSet(to))
                fail(state, rule, to, `must be at most ${max.text} after "${render(from.keys)}"`);
            fail(state, rule, from, `must be at most ${max.text} before now (${render(at(base, toPath).keys)} defaults to now)`);
        },
    },
    maxAhead: {
        args: ['field', 'max'],
        check(state, rule, base) {
            const path = readPath(state.op, rule, 'field', rule.field, false);
            const max = readDuration(state.op, rule, 'max');
            const found = find(base, path);
            if (!isSet(found))
                return;
            const instant = readInstant(found.value);
            if (instant === undefined)
                return;
            const limit = addDuration(nowNs(state), max.parts);
            if (limit !== undefined && instant > limit)
                fail(state, rule, found, `must be at most ${max.text} ahead of now`);
        },
    },
};
const NUMBER_ORDER = { lt: 'less than', lte: 'at most', gt: 'greater than', gte: 'at least' };
const INSTANT_ORDER = {
    lt: 'earlier than',
    lte: 'no later than',
    gt: 'later than',
    gte: 'no earlier than',
};
// ------------------------------------------------------------------ maxBodyBytes
function maxBodyBytes(state, rule) {
    const max = rule.max;
    if (typeof max !== 'number' || !Number.isInteger(max) || max <= 0)
        throw specError(state.op, rule, '"max" must be a positive integer');
    const current = state.changed ? closeView(state) : state.params;
    const { body } = serializeRequest(state.op, current);
    const size = byteLength(state.op, rule, body);
    if (size > max)
        fail(state, rule, { value: body, keys: ['body'] }, `is ${size} bytes once encoded; at most ${max} bytes are allowed`);
}
/** The size in bytes of a body as fetch sends it (strings as UTF-8). */
function byteLength(op, rule, body) {
    if (body === undefined || body === null)
        return 0;
    if (typeof body === 'string')
        return utf8Length(body);
    if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
        return utf8Length(body.toString());
    if (body instanceof ArrayBuffer)
        return body.byteLength;
    if (ArrayBuffer.isView(body))
        return body.byteLength;
    if (typeof Blob !== 'undefined' && body instanceof Blob)
        return body.size;
    // A multipart or streamed body's size is known only once fetch encodes it.
    throw specError(op, rule, 'cannot measure a multipart or streamed body before it is sent');
}
/** UTF-8 length of a string; a lone surrogate is sent as U+FFFD (3 bytes), as TextEncoder does. */
function utf8Length(text) {
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        if (unit < 0x80)
            bytes += 1;
        else if (unit < 0x800)
            bytes += 2;
        else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
            const next = text.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) {
                bytes += 4;
                i++;
            }
            else
                bytes += 3;
        }
        else
            bytes += 3;
    }
    return bytes;
}
// ------------------------------------------------------------------ arguments
function checkArguments(op, rule, args) {
    for (const key of Object.keys(rule)) {
        if (!['rule', 'message', 'at', 'when', ...args].includes(key))
            throw specError(op, rule, `takes no argument "${key}"`);
    }
    if (rule.message !== undefined && typeof rule.message !== 'string')
        throw specError(op, rule, '"message" must be a string');
}
function readPath(op, rule, name, value, fanOut) {
    const path = typeof value === 'string' ? parsePath(value) : undefined;
    if (!path)
        throw specError(op, rule, `"${name}" must be a path such as $, name or a.b[]`);
    if (!fanOut && path.some((segment) => segment.fanOut > 0))
        throw specError(op, rule, `"${name}" cannot fan out with []; only "at" can`);
    return path;
}
function readPaths(op, rule, name, min) {
    const value = rule[name];
    if (!Array.isArray(value) || value.length < min)
        throw specError(op, rule, `"${name}" must list at least ${min} path${min === 1 ? '' : 's'}`);
    return value.map((item) => readPath(op, rule, name, item, false));
}
function readList(op, rule, name) {
    const value = rule[name];
    if (!Array.isArray(value))
        throw specError(op, rule, `"${name}" must be a list`);
    return value;
}
function readCondition(op, rule, value) {
    if (!isRecord(value))
        throw specError(op, rule, 'a condition must be { field, in } or { field, present }');
    const field = readPath(op, rule, 'field', value.field, false);
    const text = String(value.field);
    if (Array.isArray(value.in) && value.present === undefined)
        return { field, text, in: value.in };
    if (typeof value.present === 'boolean' && value.in === undefined)
        return { field, text, present: value.present };
    throw specError(op, rule, 'a condition must be { field, in: [...] } or { field, present: true|false }');
}
function readCount(op, rule, name) {
    const value = rule[name];
    if (value === undefined)
        return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        throw specError(op, rule, `"${name}" must be a non-negative integer`);
    return value;
}
function readDuration(op, rule, name) {
    const value = rule[name];
    const parts = typeof value === 'string' ? parseDuration(value) : undefined;
    if (typeof value !== 'string' || !parts)
        throw specError(op, rule, `"${name}" must be an ISO 8601 duration such as P7D`);
    return { text: value, parts };
}
function readNowDefault(op, rule, name) {
    const value = rule[name];
    if (value === undefined)
        return false;
    if (value !== 'now')
        throw specError(op, rule, `"${name}" can only be "now"`);
    return true;
}
// ------------------------------------------------------------------ failures
function fail(state, rule, found, text) {
    const parameter = render(found.keys);
    const message = typeof rule.message === 'string' ? rule.message : text;
    throw new ValidationError(parameter, rule.rule, `${state.op.id}: parameter "${parameter}" breaks rule ${rule.rule}: ${message}`);
}
/** A rule the spec misstates: a bug in the spec or generator, not in the call. */
function specError(op, rule, text) {
    return new Error(`${op.id}: x-validation rule "${String(rule.rule)}": ${text}`);
}
