export function readNumber(value) {
    if (typeof value === 'bigint')
        return { int: value };
    if (typeof value === 'number') {
        if (!Number.isFinite(value))
            return undefined;
        return Number.isInteger(value) ? { int: BigInt(value) } : { float: value };
    }
    // int64 values (Micros) may be held as decimal strings.
    if (typeof value === 'string' && /^-?\d+$/.test(value))
        return { int: BigInt(value) };
    return undefined;
}
/** Orders two numbers or two instants exactly; undefined when they are not both of one kind. */
export function compareValues(a, b) {
    const x = readNumber(a);
    const y = readNumber(b);
    if (x && y)
        return compareNumbers(x, y);
    if (x || y)
        return undefined;
    const s = readInstant(a);
    const t = readInstant(b);
    return s !== undefined && t !== undefined ? compareBig(s, t) : undefined;
}
export function compareNumbers(a, b) {
    if ('int' in a && 'int' in b)
        return compareBig(a.int, b.int);
    if ('float' in a && 'float' in b)
        return Math.sign(a.float - b.float);
    // A fraction against an integer: compare the fraction's floor exactly, then the fraction itself.
    const [fraction, integer, sign] = 'float' in a
        ? [a.float, b.int, 1]
        : [b.float, a.int, -1];
    const floor = BigInt(Math.floor(fraction));
    const order = floor === integer ? 1 : compareBig(floor, integer);
    return sign * order;
}
export function compareBig(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
export const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
/** The clock of an instant as written: head up to the hour, minutes, seconds, fraction, offset. */
export const CLOCK = /^(\d{4}-\d{2}-\d{2}[Tt]\d{2}:)(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
export const NS_PER_MS = 1000000n;
/** An RFC 3339 date-time string as nanoseconds since the epoch; undefined when it is not one. */
export function readInstant(value) {
    if (typeof value !== 'string')
        return undefined;
    const match = INSTANT.exec(value);
    if (!match)
        return undefined;
    const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
    const offsetHours = Number(match[9] ?? 0);
    const offsetMinutes = Number(match[10] ?? 0);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1))
        return undefined;
    if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59)
        return undefined;
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour, minute, second, 0);
    const offset = (match[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
    const fraction = BigInt(((match[7] ?? '.').slice(1) + '000000000').slice(0, 9));
    return BigInt(date.getTime() - offset) * NS_PER_MS + fraction;
}
export function nowNs(state) {
    const ms = state.now();
    if (!Number.isFinite(ms))
        throw new Error(`${state.op.id}: the clock returned ${ms}`);
    const whole = Math.floor(ms);
    return BigInt(whole) * NS_PER_MS + BigInt(Math.round((ms - whole) * 1e6));
}
export function daysInMonth(year, month0) {
    const date = new Date(0);
    date.setUTCFullYear(year, month0 + 1, 0);
    return date.getUTCDate();
}
export const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
export function parseDuration(text) {
    const match = DURATION.exec(text);
    if (!match)
        return undefined;
    const n = (i) => Number(match[i] ?? 0);
    return { years: n(1), months: n(2), days: n(3) * 7 + n(4), ms: ((n(5) * 60 + n(6)) * 60 + n(7)) * 1000 };
}
/**
 * `t + d` in UTC: the years, then the months (each step clamped to the last day of a shorter month),
 * then the weeks and days, then the time. Undefined when the result is beyond the representable range.
 */
export function addDuration(instant, duration) {
    let whole = instant / NS_PER_MS;
    let rest = instant % NS_PER_MS;
    if (rest < 0n) {
        whole -= 1n;
        rest += NS_PER_MS;
    }
    let ms = Number(whole);
    ms = addMonths(ms, duration.years * 12);
    ms = addMonths(ms, duration.months);
    ms += duration.days * 86_400_000 + duration.ms;
    if (!Number.isSafeInteger(ms) || Number.isNaN(new Date(ms).getTime()))
        return undefined;
    return BigInt(ms) * NS_PER_MS + rest;
}
export function addMonths(ms, months) {
    if (months === 0 || Number.isNaN(ms))
        return ms;
    const date = new Date(ms);
    const total = date.getUTCMonth() + months;
    const year = date.getUTCFullYear() + Math.floor(total / 12);
    const month = ((total % 12) + 12) % 12;
    date.setUTCFullYear(year, month, Math.min(date.getUTCDate(), daysInMonth(year, month)));
    return date.getTime();
}
