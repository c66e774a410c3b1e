import { isRecord } from './errors.js';
import { exchange } from './http.js';
import { OperationCall } from './operation-call.js';
import { multi } from './serialize.js';
import { own } from './validate.js';
/** Thrown when the server hands back a token it already gave, which would otherwise loop forever. */
export class PaginationLoopError extends Error {
    constructor(operationId, 
    /** How many pages had been fetched when the repeat showed up. */
    pages) {
        super(`${operationId}: page ${pages} returned a page token that was already used; stopping instead of looping`);
        this.operationId = operationId;
        this.pages = pages;
        this.name = 'PaginationLoopError';
    }
}
/**
 * The result of a paginated method: `await` it for the first page, iterate it with
 * `for await` for every item across pages, or call `.pages()` for page after page. Paging
 * stops only when the next token is absent or the cursor is null (a short page is not the
 * end), and never requests a token twice: a repeated one rejects with `PaginationLoopError`.
 * `ThisPage`: the type of a page (`Page<Body, Item>`, or a narrowed operation's page interface).
 */
export class PagePromise extends OperationCall {
    #first;
    then(onFulfilled, onRejected) {
        return this.first().then(onFulfilled, onRejected);
    }
    catch(onRejected) {
        return this.first().catch(onRejected);
    }
    finally(onFinally) {
        return this.first().finally(onFinally);
    }
    /** Every page in order, within `maxPages` (and `maxItems`). Pages already walked are not kept. */
    async *pages() {
        const maxPages = this.options.maxPages ?? Infinity;
        const maxItems = this.options.maxItems ?? Infinity;
        if (maxPages <= 0 || maxItems <= 0)
            return;
        // This walk's own record of tokens, so that a long walk checks each one in constant time.
        const seen = new Set();
        const start = startToken(this.op, this.params);
        if (start !== undefined)
            seen.add(start);
        let trail = { token: start, previous: undefined, depth: 1 };
        let page = await this.first();
        let pages = 0;
        let items = 0;
        for (;;) {
            yield page;
            pages += 1;
            items += page.items.length;
            const next = page.nextToken;
            if (next === undefined || pages >= maxPages || items >= maxItems)
                return;
            if (seen.has(next))
                throw new PaginationLoopError(this.op.id, pages);
            seen.add(next);
            trail = { token: next, previous: trail, depth: trail.depth + 1 };
            page = await this.fetchPage(paramsFor(this.op, this.params, next), trail);
        }
    }
    async *[Symbol.asyncIterator]() {
        const maxItems = this.options.maxItems ?? Infinity;
        const signal = this.options.signal;
        let count = 0;
        for await (const page of this.pages()) {
            for (const item of page.items) {
                if (count >= maxItems)
                    return;
                signal?.throwIfAborted();
                yield item;
                count += 1;
            }
        }
    }
    /**
     * Polls for new items only, with `since_id`: each round walks every page newer than the newest
     * id seen so far and yields its items (in the order the server sends them), then waits
     * `intervalMs`. Without a `since_id` in the params, the first round only notes the newest id.
     * Ends quietly when the signal aborts; only for operations that take `since_id`.
     */
    async *poll(options = {}) {
        if (!this.op.params?.some((p) => p.name === 'since_id' && p.in === 'query')) {
            throw new TypeError(`${this.op.id} takes no since_id parameter, so it cannot be polled for new items`);
        }
        const stop = joinSignals(options.signal, this.options.signal);
        const signal = stop.signal;
        const intervalMs = options.intervalMs ?? 60_000;
        const maxRounds = options.maxRounds ?? Infinity;
        const base = { ...this.params };
        delete base[this.op.pagination.token];
        delete base.since_id;
        const { maxPages: _pages, maxItems: _items, ...request } = this.options;
        let since = tokenOf(this.params.since_id);
        try {
            for (let round = 0; round < maxRounds; round++) {
                if (round > 0)
                    await this.core.sleep(intervalMs, signal);
                const params = since === undefined ? base : { ...base, since_id: since };
                const walk = new PagePromise(this.core, this.op, params, {
                    ...request,
                    signal,
                });
                if (since === undefined) {
                    since = newestIdOf(await walk, undefined);
                    continue;
                }
                let newest = since;
                for await (const page of walk.pages()) {
                    newest = newestIdOf(page, newest) ?? newest;
                    for (const item of page.items) {
                        signal.throwIfAborted();
                        yield item;
                    }
                }
                since = newest;
            }
        }
        catch (error) {
            if (signal.aborted)
                return;
            throw error;
        }
        finally {
            stop.release();
        }
    }
    first() {
        const start = startToken(this.op, this.params);
        this.#first ??= this.fetchPage(this.params, { token: start, previous: undefined, depth: 1 });
        return this.#first;
    }
    /** Fetches one page; `trail` holds the tokens requested before it, for `getNextPage`'s loop check. */
    async fetchPage(params, trail) {
        const { body, info } = await exchange(this.core, this.op, params, this.options);
        const spec = this.op.pagination;
        const found = valueAt(body, spec.items);
        const items = Array.isArray(found) ? found : [];
        const next = nextToken(spec, body, items, params, info.headers);
        const previous = spec.previous === undefined ? undefined : tokenOf(valueAt(body, spec.previous));
        let nextPage;
        let previousPage;
        const follow = (token) => {
            if (token === undefined)
                return Promise.resolve(null);
            return this.fetchPage(paramsFor(this.op, params, token), {
                token,
                previous: trail,
                depth: trail.depth + 1,
            });
        };
        const page = {
            ...(isRecord(body) ? body : {}),
            items,
            nextToken: next,
            previousToken: previous,
            rateLimit: info.rateLimit,
            hasNextPage: () => next !== undefined,
            getNextPage: () => {
                if (next !== undefined && trailHas(trail, next))
                    return Promise.reject(new PaginationLoopError(this.op.id, trail.depth));
                // Kept so that asking twice does not fetch twice; dropped on failure so that it can be asked again.
                nextPage ??= follow(next).catch((error) => {
                    nextPage = undefined;
                    throw error;
                });
                return nextPage;
            },
            getPreviousPage: () => {
                previousPage ??= follow(previous).catch((error) => {
                    previousPage = undefined;
                    throw error;
                });
                return previousPage;
            },
        };
        return page;
    }
}
/** The token the walk starts from: the one given in the params (none when paging by links). */
function startToken(op, params) {
    return op.pagination.style === 'link' ? undefined : tokenOf(own(params, op.pagination.token));
}
/** The next page's token, as the operation's style finds it; undefined on the last page. */
function nextToken(spec, body, items, params, headers) {
    switch (spec.style) {
        case 'link':
            return nextLink(headers.get('link'));
        case 'after': {
            if (valueAt(body, spec.hasMore ?? 'has_more') !== true || items.length === 0)
                return undefined;
            return tokenOf(spec.next ? valueAt(body, spec.next) : valueAt(items[items.length - 1], 'id'));
        }
        case 'offset': {
            // An empty page is the end; so is reaching the total, when the body states one.
            if (items.length === 0)
                return undefined;
            const offset = Number(own(params, spec.token) ?? 0) + items.length;
            const total = spec.total === undefined ? undefined : valueAt(body, spec.total);
            return typeof total === 'number' && offset >= total ? undefined : String(offset);
        }
        default:
            return spec.next === undefined ? undefined : tokenOf(valueAt(body, spec.next));
    }
}
/**
 * The params of the page a token leads to. Paging by links, the `rel="next"` URL's query values
 * replace those of the operation's query parameters (typed as the parameter is: the server's own
 * links carry the page, cursor and size it expects); otherwise the token goes in its parameter.
 */
function paramsFor(op, params, token) {
    if (op.pagination.style !== 'link') {
        const value = op.pagination.style === 'offset' ? Number(token) : token;
        return { ...params, [op.pagination.token]: value };
    }
    const query = new URL(token, 'http://link.invalid').searchParams;
    const next = { ...params };
    for (const param of op.params ?? []) {
        if (param.in !== 'query')
            continue;
        const values = query.getAll(param.name);
        if (values.length === 0)
            continue;
        const type = param.type;
        const typed = (text) => type === 'integer' || type === 'number' ? Number(text) : type === 'boolean' ? text === 'true' : text;
        next[param.key ?? param.name] =
            type === 'array'
                ? values.flatMap((v) => (param.style === multi || values.length > 1 ? [v] : v.split(',')))
                : typed(values[0] ?? '');
    }
    return next;
}
/** The `rel="next"` target of a `Link` header (RFC 8288), or undefined. */
export function nextLink(header) {
    if (!header)
        return undefined;
    const link = /<([^>]*)>((?:\s*;\s*[^;,]*(?:"[^"]*")?)*)/g;
    for (let match = link.exec(header); match; match = link.exec(header)) {
        const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
        const values = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
        if (values.includes('next'))
            return match[1];
    }
    return undefined;
}
function trailHas(trail, token) {
    for (let node = trail; node; node = node.previous)
        if (node.token === token)
            return true;
    return false;
}
function valueAt(body, path) {
    if (path === '')
        return body;
    let node = body;
    for (const key of path.split('.')) {
        if (!isRecord(node))
            return undefined;
        node = node[key];
    }
    return node;
}
/** A token as sent, or undefined when it is absent, null or empty (the end). */
function tokenOf(value) {
    if (value === undefined || value === null || value === '')
        return undefined;
    return String(value);
}
/** The newest id a page shows: `meta.newest_id`, or the largest item `id`, if newer than `than`. */
function newestIdOf(page, than) {
    let newest = than;
    const candidates = [valueAt(page, 'meta.newest_id'), ...page.items.map((item) => valueAt(item, 'id'))];
    for (const candidate of candidates) {
        const id = tokenOf(candidate);
        if (id !== undefined && /^[0-9]+$/.test(id) && (newest === undefined || isNewer(id, newest)))
            newest = id;
    }
    return newest;
}
/** Compares two decimal ids (snowflakes exceed 2^53) without losing precision. */
function isNewer(a, b) {
    const x = a.replace(/^0+(?=.)/, '');
    const y = b.replace(/^0+(?=.)/, '');
    return x.length !== y.length ? x.length > y.length : x > y;
}
/** One signal that aborts when any of the given ones does; `release` unhooks it from them. */
function joinSignals(...signals) {
    const controller = new AbortController();
    const abort = () => controller.abort();
    const present = signals.filter((s) => s !== undefined);
    for (const s of present) {
        if (s.aborted)
            controller.abort();
        else
            s.addEventListener('abort', abort, { once: true });
    }
    return {
        signal: controller.signal,
        release: () => present.forEach((s) => s.removeEventListener('abort', abort)),
    };
}
