/** Reads the rate-limit headers of a response. */
export function readRateLimit(headers) {
    let out;
    for (const key of ['limit', 'remaining', 'reset']) {
        const value = Number(headers.get(`x-rate-limit-${key}`) ?? NaN);
        if (Number.isFinite(value))
            (out ??= {})[key] = value;
    }
    return out;
}
/** The server answered with a status outside 2xx, or with a body that could not be read. */
export class ApiError extends Error {
    constructor(init) {
        const body = init.body;
        const problem = isRecord(body) &&
            typeof body.type === 'string' &&
            (typeof body.title === 'string' || body.type === 'about:blank')
            ? body
            : undefined;
        const legacyErrors = isLegacy(body)
            ? [body]
            : isRecord(body) && Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every(isLegacy)
                ? body.errors
                : undefined;
        const detail = problem
            ? [problem.title, problem.detail].filter((part) => typeof part === 'string').join(': ')
            : legacyErrors
                ? `${legacyErrors[0].message} (code ${legacyErrors[0].code})`
                : '';
        super(init.message ?? `${init.operationId} failed with HTTP ${init.status}${detail ? `: ${detail}` : ''}`);
        this.name = 'ApiError';
        this.operationId = init.operationId;
        this.status = init.status;
        this.headers = init.headers;
        this.body = init.body;
        this.problem = problem;
        this.legacyErrors = legacyErrors;
        this.rateLimit = readRateLimit(init.headers);
    }
    toJSON() {
        return fieldsOf(this, 'name message operationId status problem legacyErrors rateLimit');
    }
}
/** A parameter broke a documented rule; nothing was sent. */
export class ValidationError extends Error {
    constructor(
    /** The parameter (wire name, or a dotted path into the body) that broke the rule. */
    parameter, 
    /** The rule, e.g. `pattern ^[0-9]{1,19}$` or `required`. */
    rule, message) {
        super(message);
        this.parameter = parameter;
        this.rule = rule;
        this.name = 'ValidationError';
    }
    toJSON() {
        return fieldsOf(this, 'name message parameter rule');
    }
}
/** No complete response arrived within the timeout. */
export class TimeoutError extends Error {
    constructor(operationId, timeoutMs) {
        super(`${operationId}: no response within ${timeoutMs} ms`);
        this.operationId = operationId;
        this.timeoutMs = timeoutMs;
        this.name = 'TimeoutError';
    }
}
/** The request could not reach the server, or the connection broke. */
export class ConnectionError extends Error {
    constructor(operationId, reason, options) {
        super(`${operationId}: connection failed (${reason})`, options);
        this.operationId = operationId;
        this.name = 'ConnectionError';
    }
}
/** What `toJSON` gives of an error: the properties `names` lists (by spaces), in that order; never `headers` or `body`. */
function fieldsOf(error, names) {
    return Object.fromEntries(names.split(' ').map((name) => [name, error[name]]));
}
function isLegacy(value) {
    return (isRecord(value) &&
        (typeof value.code === 'number' || typeof value.code === 'string') &&
        typeof value.message === 'string');
}
/** A plain JSON-like object (not null, not an array). */
export function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * A short, secret-free reason for a failed fetch: the system error code when there is one, else the
 * error's message with every URL in it shown without user name, password and query (a `fetch` of
 * the caller's may quote the URL, API key and all).
 */
export function connectionReason(error) {
    const cause = error?.cause;
    if (cause && typeof cause.code === 'string')
        return cause.code;
    if (error instanceof Error)
        return withoutUrlSecrets(error.message);
    return 'unknown error';
}
/**
 * A text with the user info and query taken out of each URL in it: whatever stands between `//` and
 * an `@`, and from a `?` to the next space or `#` (in a URL or not: a reason loses nothing it needs).
 */
export function withoutUrlSecrets(text) {
    return text.replace(/(\/\/)[^\s/?#@]*@|\?[^\s#]*/g, '$1');
}
