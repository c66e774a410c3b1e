import { applyAuth, chooseAuth } from './auth.js';
import { Deadline, pause } from './deadline.js';
import { ApiError, ConnectionError, connectionReason, readRateLimit, ValidationError, withoutUrlSecrets, } from './errors.js';
import { checkHeaders, scrub } from './header-checks.js';
import { decode, readBody } from './response-body.js';
import { serializeRequest } from './serialize.js';
import { validateParams } from './validate.js';
// The platform's: node:http on Node; elsewhere none (the global fetch), with redirects followed by
// hand (`redirects.ts`) or, in a browser, by the browser.
import { send as sendAttempt, transport } from '#transport';
import { checkRules } from './rules.js';
/**
 * What every operation is sent with: the client's options, resolved once. Create one with
 * `createCore` (the functions of `@xgen/ads-v12/functions` take it first) or let
 * `AdsClient` make its own. Credentials and headers are private: they never show in
 * `String()`, JSON or `console.log`.
 */
export class ClientCore {
    #auth;
    #headers;
    constructor(options = {}, extensions = []) {
        this.baseUrl = trimSlash(options.baseUrl ?? 'https://ads-api.x.com');
        this.sandboxBaseUrl = trimSlash(options.sandboxBaseUrl ?? 'https://ads-api-sandbox.twitter.com');
        this.sandbox = options.sandbox ?? false;
        this.timeoutMs = options.timeoutMs ?? 30_000;
        this.maxRetries = options.maxRetries ?? 2;
        this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
        this.backoffInitialMs = options.backoff?.initialMs ?? 500;
        this.backoffMaxMs = options.backoff?.maxMs ?? 8_000;
        const sleep = options.sleep;
        this.sleep = (ms, signal) => pause(sleep, Math.max(0, ms), signal);
        this.random = options.random ?? Math.random;
        this.now = options.now ?? Date.now;
        this.pacing = options.pacing ?? true;
        this.fetch = options.fetch;
        this.onResponse = options.onResponse;
        this.extensions = Object.assign({}, ...extensions);
        this.#auth = options.auth;
        this.#headers = lowerKeys(options.headers);
        missingExtension(this.extensions, options.auth);
    }
    /** The credentials of a call: its own `auth`, or the client's. */
    authFor(options) {
        return options.auth ?? this.#auth;
    }
    /** The headers of one attempt: `accept`, the client's, the operation's and the call's (later ones win). */
    headersFor(accept, own, call) {
        return { accept, ...this.#headers, ...own, ...call };
    }
}
/**
 * The client core the functions of `@xgen/ads-v12/functions` take first: the same options as
 * `new AdsClient(...)`. Credential kinds whose code a bundle should only carry when used
 * come as extensions (see `CoreExtension`).
 */
export function createCore(options, ...extensions) {
    return new ClientCore(options, extensions);
}
/** Fails before anything is sent when credentials need an extension the core was not given. */
function missingExtension(extensions, auth) {
    let need = '';
    if (auth && 'oauth1' in auth && !extensions.oauth1)
        need = 'oauth1Auth';
    if (need)
        throw new ValidationError('auth', 'unsupported-authentication', `these credentials need createCore(options, ${need})`);
}
/** The origin an operation goes to. */
export function originFor(core, op) {
    if (op.sandboxOnly || core.sandbox)
        return core.sandboxBaseUrl;
    return core.baseUrl;
}
/** Validates params and builds the absolute URL of an operation (for browser redirect steps too). */
export function buildUrl(core, op, params = {}) {
    const checked = check(op, params);
    const origin = originFor(core, op);
    op.requireHttps?.(origin, op.id);
    return origin + serializeRequest(op, checked).pathAndQuery;
}
/** Sends one operation and resolves to its decoded 2xx body. */
export function request(core, op, params = {}, options = {}) {
    // Params types are interfaces (no index signature): the runtime reads them by wire name.
    return attempts(core, op, params, options, decode);
}
/**
 * Sends one operation and resolves to its decoded 2xx body with what was seen of the response.
 * A body cut off mid-way counts as a connection failure and is retried like one.
 */
export function exchange(core, op, params, options = {}) {
    return attempts(core, op, params, options, async (op, response, deadline, attempt) => ({
        body: await decode(op, response, deadline),
        info: infoOf(op, response, attempt),
    }));
}
/**
 * Sends one operation and resolves to the raw 2xx response, for callers that read the body
 * themselves; the timeout stops at the headers.
 */
export function send(core, op, params, options) {
    return attempts(core, op, params, options, async (_op, response, deadline) => {
        deadline.clear();
        return response;
    });
}
/** The wait before retry number `attempt + 1` when the server names none: full jitter. */
function backoffMs(core, attempt) {
    return core.random() * Math.min(core.backoffMaxMs, core.backoffInitialMs * 2 ** attempt);
}
/**
 * How long a failed response asks to be waited for before trying again, from `retry-after`
 * (seconds or an HTTP date) or, on a 429, `x-rate-limit-reset`; undefined when it names no
 * usable wait (a reset already past, say, from clock skew).
 */
export function serverWaitMs(core, status, headers) {
    const retryAfter = headers.get('retry-after')?.trim();
    if (retryAfter) {
        const seconds = Number(retryAfter);
        const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - core.now();
        if (Number.isFinite(ms))
            return Math.max(0, ms);
    }
    if (status === 429 || status === 420) {
        const reset = readRateLimit(headers)?.reset;
        if (reset !== undefined && reset * 1000 > core.now())
            return reset * 1000 - core.now();
    }
    return undefined;
}
/** What each kind of success body asks for, JSON unless named: form-encoded OAuth answers must not be refused with 406. */
const ACCEPT = {
    form: 'application/x-www-form-urlencoded, application/json;q=0.9',
    text: 'text/plain, application/json;q=0.9',
    binary: '*/*',
};
const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE|TRACE)$/;
/**
 * Whether a call may reach the server twice (retried, resent after a reset, a stream reconnected):
 * its method is idempotent, or the call opted into retries.
 */
export function mayRepeat(op, options) {
    return IDEMPOTENT.test(op.method) || options.retryNonIdempotent === true;
}
/** Validation, serialisation, auth, timeouts and retries of one call; `read` takes each 2xx response. */
async function attempts(core, op, input, options, read) {
    const params = check(op, input);
    const auth = core.authFor(options);
    const kind = chooseAuth(op, auth);
    const origin = originFor(core, op);
    op.requireHttps?.(origin, op.id);
    if (options.auth)
        missingExtension(core.extensions, options.auth);
    const serialized = serializeRequest(op, params);
    let credentials = auth;
    // The user's fetch, else the platform's transport (node:http on Node), else the global fetch.
    const fetchImpl = core.fetch ?? transport ?? globalThis.fetch;
    if (!fetchImpl)
        throw new ConnectionError(op.id, 'no fetch function');
    const maxRetries = Math.max(0, options.maxRetries ?? core.maxRetries) || 0;
    const retryable = mayRepeat(op, options);
    const timeoutMs = options.timeoutMs ?? core.timeoutMs;
    const signal = options.signal;
    const callHeaders = options.headers ? lowerKeys(options.headers) : undefined;
    const call = {
        op,
        kind,
        fetch: fetchImpl,
        // The node transport watches the deadline itself; a fetch is handed an AbortSignal.
        native: fetchImpl === transport,
        given: fetchImpl === core.fetch,
        // A fresh object each time: auth writes into it.
        headers: () => core.headersFor(ACCEPT[op.response] ?? 'application/json', serialized.headers, callHeaders),
        // Signed again on every attempt and redirect: OAuth 1.0a nonces and timestamps must be fresh.
        sign: (target) => applyAuth(op, kind, credentials, target, core.extensions),
        fail: (message) => new ConnectionError(op.id, message),
    };
    for (let attempt = 0;; attempt++) {
        signal?.throwIfAborted();
        const mayRetry = retryable && attempt < maxRetries;
        // A documented rate limit: wait for room in its budget (before signing, and before the attempt's time limit starts).
        const paced = op.pacing ? await op.pacing.pace(core, op.pacing.limits, params, signal) : undefined;
        const target = {
            method: op.method,
            url: origin + serialized.pathAndQuery,
            form: serialized.form,
            headers: call.headers(),
        };
        try {
            const url = call.sign(target);
            target.url = typeof url === 'string' ? url : await url;
            checkHeaders(op, target.headers, credentials, callHeaders);
        }
        catch (error) {
            paced?.();
            throw error;
        }
        const deadline = new Deadline(timeoutMs, signal, retryable);
        let response;
        try {
            response = await sendAttempt(call, target, serialized.body ?? null, deadline);
        }
        catch (error) {
            paced?.();
            deadline.clear();
            deadline.rethrow(op.id);
            if (error instanceof ConnectionError || error instanceof ValidationError)
                throw error;
            // Whatever fetch says of the request (Node quotes a refused header) loses the credentials and header values.
            const reason = connectionReason(error);
            const scrubbed = scrub(reason, target.headers, credentials);
            // The cause goes along only when nothing had to be taken out of what it says.
            const clean = scrubbed === reason &&
                !(error instanceof Error && withoutUrlSecrets(error.message) !== error.message);
            if (!mayRetry)
                throw new ConnectionError(op.id, scrubbed, clean ? { cause: error } : undefined);
            await core.sleep(backoffMs(core, attempt), signal);
            continue;
        }
        paced?.(response.headers);
        // What was seen of a response is made only for someone who looks.
        if (core.onResponse || options.onResponse) {
            const info = infoOf(op, response, attempt);
            core.onResponse?.(info);
            options.onResponse?.(info);
        }
        let wait;
        if (response.ok) {
            try {
                return await read(op, response, deadline, attempt);
            }
            catch (error) {
                if (!(error instanceof ConnectionError) || !mayRetry)
                    throw error;
            }
        }
        else {
            const body = await readBody(response).catch(() => undefined);
            deadline.clear();
            if (signal?.aborted)
                throw signal.reason;
            const error = new ApiError({
                operationId: op.id,
                status: response.status,
                headers: response.headers,
                body,
            });
            if (!mayRetry || !isRetryableStatus(response.status))
                throw error;
            wait = serverWaitMs(core, response.status, response.headers);
            if (wait !== undefined && wait > (options.maxRetryWaitMs ?? core.maxRetryWaitMs))
                throw error;
        }
        await core.sleep(wait ?? backoffMs(core, attempt), signal);
    }
}
/** Validates params before anything is sent; returns the params to send (rules may normalise a copy). */
function check(op, params) {
    validateParams(op, params);
    return checkRules(op, params);
}
/** 429 (and X's older 420) and the 5xx that may pass: worth another try. */
function isRetryableStatus(status) {
    return status === 429 || status === 420 || (status >= 500 && status !== 501 && status !== 505);
}
/** What was seen of a response; its rate-limit figures are parsed on first read (most calls never look). */
function infoOf(op, response, attempt) {
    const headers = response.headers;
    let rateLimit = null;
    return {
        operationId: op.id,
        method: op.method,
        status: response.status,
        headers,
        get rateLimit() {
            if (rateLimit === null)
                rateLimit = readRateLimit(headers);
            return rateLimit;
        },
        attempt,
    };
}
function trimSlash(url) {
    return url.replace(/\/+$/, '');
}
function lowerKeys(headers) {
    const out = {};
    for (const key in headers)
        out[key.toLowerCase()] = headers[key];
    return out;
}
