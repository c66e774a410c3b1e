import { ApiError, ConnectionError, connectionReason, readRateLimit, TimeoutError, } from './errors.js';
import { send, serverWaitMs } from './http.js';
/**
 * A stream of events read from newline-delimited JSON. Iterate it with `for await`; `close()`
 * ends it. Keep-alive blank lines are skipped, events split across chunks are reassembled, and
 * a dropped or stalled connection is reopened (see `StreamOptions.reconnect`). Problems the
 * server reports in the stream (`operational-disconnect`, `streaming-connection`) arrive as
 * events, typed by the spec.
 */
export class EventStream {
    core;
    op;
    options;
    #controller = new AbortController();
    #rateLimit;
    #connections = 0;
    /** Params types are interfaces (no index signature): the runtime reads them by wire name. */
    params;
    constructor(core, op, params, options = {}) {
        this.core = core;
        this.op = op;
        this.options = options;
        this.params = params;
        const outer = options.signal;
        if (outer?.aborted)
            this.close();
        else
            outer?.addEventListener('abort', () => this.close(), { once: true });
    }
    /** Stops the stream, a pending read and any wait to reconnect; the iteration ends without error. */
    close() {
        this.#controller.abort();
    }
    get closed() {
        return this.#controller.signal.aborted;
    }
    /** The rate-limit figures of the latest connection attempt. */
    get rateLimit() {
        return this.#rateLimit;
    }
    /** How many connections have been opened (1 until the first reconnection). */
    get connections() {
        return this.#connections;
    }
    async *[Symbol.asyncIterator]() {
        const signal = this.#controller.signal;
        const policy = reconnectPolicy(this.options.reconnect);
        const failures = { network: 0, http: 0, 'rate-limit': 0 };
        let inARow = 0;
        const healthy = () => {
            failures.network = failures.http = failures['rate-limit'] = 0;
            inARow = 0;
        };
        try {
            for (;;) {
                let failure;
                try {
                    const response = await this.connect(signal);
                    const ended = yield* this.read(response, signal, healthy);
                    if (signal.aborted)
                        return;
                    if (!policy) {
                        if (ended.error)
                            throw ended.error;
                        return;
                    }
                    failure = {
                        kind: 'network',
                        error: ended.error ?? new ConnectionError(this.op.id, 'the server closed the stream'),
                    };
                }
                catch (error) {
                    if (signal.aborted)
                        return;
                    const found = classify(error);
                    if (!policy || found === undefined)
                        throw error;
                    failure = found;
                }
                inARow += 1;
                if (inARow > policy.maxAttempts)
                    throw failure.error;
                failures[failure.kind] += 1;
                const delayMs = this.delay(policy, failure, failures[failure.kind]);
                policy.onReconnect?.({ attempt: inARow, kind: failure.kind, delayMs, error: failure.error });
                await this.core.sleep(delayMs, signal);
            }
        }
        catch (error) {
            if (signal.aborted)
                return;
            throw error;
        }
    }
    async connect(signal) {
        // Reconnection replaces the client's retries for streams.
        const options = { ...this.options, signal, maxRetries: 0 };
        let response;
        try {
            response = await send(this.core, this.op, this.params, options);
        }
        catch (error) {
            if (error instanceof ApiError)
                this.#rateLimit = error.rateLimit;
            throw error;
        }
        this.#connections += 1;
        this.#rateLimit = readRateLimit(response.headers);
        const type = response.headers.get('content-type');
        if (type && !/json/i.test(type)) {
            await response.body?.cancel().catch(() => undefined);
            throw new ApiError({
                operationId: this.op.id,
                status: response.status,
                headers: response.headers,
                body: undefined,
                message: `${this.op.id}: expected a newline-delimited JSON stream, got ${type.split(';')[0]}`,
            });
        }
        return response;
    }
    /** Yields the events of one connection; returns how it ended (a drop or stall as an error). */
    async *read(response, signal, healthy) {
        const body = response.body;
        if (!body)
            return {};
        const reader = body.getReader();
        const decoder = new TextDecoder();
        const stallMs = this.options.stallTimeoutMs ?? 20_000;
        let buffer = '';
        let first = true;
        try {
            for (;;) {
                let chunk;
                try {
                    chunk = await readWithin(reader, stallMs, signal);
                }
                catch (error) {
                    // Dropped mid-stream: a partial event in the buffer is lost with the connection.
                    return {
                        error: new ConnectionError(this.op.id, `the stream broke off: ${connectionReason(error)}`, {
                            cause: error,
                        }),
                    };
                }
                if (chunk === 'closed')
                    return {};
                if (chunk === 'stalled')
                    return { error: new ConnectionError(this.op.id, `no data for ${stallMs} ms`) };
                if (chunk.done)
                    break;
                if (first) {
                    first = false;
                    healthy();
                }
                buffer += decoder.decode(chunk.value, { stream: true });
                let start = 0;
                for (let newline = buffer.indexOf('\n'); newline !== -1; newline = buffer.indexOf('\n', start)) {
                    const line = buffer.slice(start, newline).trim();
                    start = newline + 1;
                    if (line)
                        yield this.parse(line, response);
                }
                buffer = buffer.slice(start);
            }
            // A last line without its newline is whole only if it parses; otherwise it was cut off.
            const rest = (buffer + decoder.decode()).trim();
            if (rest && isJson(rest))
                yield this.parse(rest, response);
            return {};
        }
        finally {
            reader.cancel().catch(() => undefined);
        }
    }
    parse(line, response) {
        try {
            return JSON.parse(line);
        }
        catch {
            throw new ApiError({
                operationId: this.op.id,
                status: response.status,
                headers: response.headers,
                body: line,
                message: `${this.op.id}: a stream line is not valid JSON`,
            });
        }
    }
    delay(policy, failure, attempt) {
        if (failure.kind === 'network')
            return Math.min(policy.networkMaxMs, policy.networkStepMs * attempt);
        if (failure.kind === 'http')
            return Math.min(policy.httpMaxMs, policy.httpInitialMs * 2 ** (attempt - 1));
        const backoff = policy.rateLimitInitialMs * 2 ** (attempt - 1);
        const error = failure.error;
        const reset = error instanceof ApiError ? (serverWaitMs(this.core, error.status, error.headers) ?? 0) : 0;
        return Math.min(policy.rateLimitMaxMs, Math.max(backoff, reset));
    }
}
function reconnectPolicy(option) {
    if (option === false)
        return undefined;
    const o = option === true || option === undefined ? {} : option;
    return {
        maxAttempts: o.maxAttempts ?? Infinity,
        networkStepMs: o.networkStepMs ?? 250,
        networkMaxMs: o.networkMaxMs ?? 16_000,
        httpInitialMs: o.httpInitialMs ?? 5_000,
        httpMaxMs: o.httpMaxMs ?? 320_000,
        rateLimitInitialMs: o.rateLimitInitialMs ?? 60_000,
        rateLimitMaxMs: o.rateLimitMaxMs ?? 960_000,
        ...(o.onReconnect && { onReconnect: o.onReconnect }),
    };
}
/** Which schedule a failure to connect follows; undefined when reconnecting cannot help (401, 403, ...). */
function classify(error) {
    if (error instanceof ConnectionError || error instanceof TimeoutError)
        return { kind: 'network', error };
    if (error instanceof ApiError) {
        if (error.status === 429 || error.status === 420)
            return { kind: 'rate-limit', error };
        if (error.status >= 500)
            return { kind: 'http', error };
    }
    return undefined;
}
function readWithin(reader, ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal.aborted)
            return resolve('closed');
        const onAbort = () => finish('closed');
        const timer = setTimeout(() => finish('stalled'), ms);
        function finish(outcome) {
            clearTimeout(timer);
            signal.removeEventListener('abort', onAbort);
            resolve(outcome);
        }
        signal.addEventListener('abort', onAbort, { once: true });
        reader.read().then(finish, (error) => {
            clearTimeout(timer);
            signal.removeEventListener('abort', onAbort);
            if (signal.aborted)
                resolve('closed');
            else
                reject(error);
        });
    });
}
function isJson(text) {
    try {
        JSON.parse(text);
        return true;
    }
    catch {
        return false;
    }
}
