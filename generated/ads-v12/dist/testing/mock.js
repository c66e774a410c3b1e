/**
 * The test double of a generated package: a `fetch` that answers every operation from the spec, and
 * refuses (HTTP 400, and in `violations()`) every request the spec would refuse. See the package's
 * `testing` entry (`createMock`) and the guide "Testing your code".
 */
import { ValidationError } from '../runtime/errors.js';
import { authOf, checkAuth, findRoute, MockViolation, paramsOf, routeOf, } from './request.js';
import { random, sample } from './sample.js';
const PAGE_TOKEN = 'mock-page-';
/** The mock over a package's operation descriptors and spec table (the package's `createMock` calls it). */
export function createMockOf(operations, spec, check, options = {}) {
    const seed = options.seed ?? 1;
    const routes = [];
    for (const [id, op] of Object.entries(operations)) {
        const meta = spec.operations[id];
        if (meta && !op.browserStep)
            routes.push(routeOf(op, meta));
    }
    const settings = new Map();
    const calls = new Map();
    const violations = [];
    const skip = new Set(spec.problem ? [spec.problem.name] : []);
    const metaOf = (id) => {
        const op = operations[id];
        const meta = spec.operations[id];
        if (!op || !meta)
            throw new TypeError(`mock: no operation "${id}" in the spec`);
        return [op, meta];
    };
    // Built once per operation and field selection (the same seed gives the same value anyway).
    const built = new Map();
    const defaultBody = (id, params = {}) => {
        const [op, meta] = metaOf(id);
        if (!meta.schema)
            return meta.encoding === 'text' ? '' : undefined;
        const selected = new Map();
        for (const s of meta.selections ?? []) {
            const asked = params[s.param];
            const fields = Array.isArray(asked)
                ? asked.map(String)
                : typeof asked === 'string'
                    ? asked.split(',')
                    : [];
            selected.set(s.object, [...(selected.get(s.object) ?? []), ...s.defaults, ...fields]);
        }
        const key = `${id} ${JSON.stringify([...selected])}`;
        if (built.has(key))
            return structuredClone(built.get(key));
        const body = sample(meta.schema, {
            schemas: spec.schemas,
            next: random(seed ^ hash(id)),
            selected,
            skip,
        });
        // A default page is the last one: no next token.
        const paging = op.pagination;
        if (paging && body && typeof body === 'object') {
            if (paging.next)
                removeAt(body, paging.next, paging.style === 'cursor');
            if (paging.hasMore)
                setAt(body, paging.hasMore, false);
        }
        built.set(key, body);
        return structuredClone(body);
    };
    const answer = async (request, signal) => {
        const found = findRoute(routes, request.method, request.url.pathname);
        if (!found) {
            const violation = new MockViolation('(no operation)', '(route)', 'route', `no operation of the spec is ${request.method} ${request.url.pathname}`);
            violations.push(violation);
            return refusal(violation, 404);
        }
        const { route, path } = found;
        const op = route.op;
        const auth = authOf(op, request);
        let params = {};
        const record = () => {
            const seen = {
                operationId: op.id,
                method: request.method,
                url: request.url.href,
                params,
                headers: maskedHeaders(request.headers),
                auth,
            };
            const list = calls.get(op.id);
            if (list)
                list.push(seen);
            else
                calls.set(op.id, [seen]);
        };
        try {
            checkAuth(op, auth);
            params = paramsOf(route, request, path);
            check(op, params);
        }
        catch (error) {
            record();
            const violation = error instanceof MockViolation
                ? error
                : error instanceof ValidationError
                    ? new MockViolation(op.id, error.parameter, error.rule, error.message.replace(/^[^:]*: (parameter "[^"]*" )?/, ''))
                    : new MockViolation(op.id, '(request)', 'spec', String(error));
            violations.push(violation);
            return refusal(violation, 400);
        }
        record();
        const setting = settings.get(op.id);
        const meta = route.meta;
        switch (setting?.kind) {
            case 'fail':
                return failed(setting.failure, signal);
            case 'pages':
                return paged(op, meta, setting.pages, params, request, defaultBody(op.id, params));
            case 'stream':
                return streamed(op, setting.events);
            case 'answer': {
                const given = setting.answer;
                const body = typeof given === 'function'
                    ? await given(params, calls.get(op.id).at(-1))
                    : given;
                return success(meta, body);
            }
            default:
                if (op.streaming)
                    return streamed(op, [defaultBody(op.id, params)]);
                return success(meta, defaultBody(op.id, params));
        }
    };
    const mock = {
        fetch: async (input, init = {}) => {
            const request = await seen(input, init);
            return answer(request, init.signal ?? (input instanceof Request ? input.signal : undefined));
        },
        on(id, given) {
            metaOf(id);
            settings.set(id, { kind: 'answer', answer: given });
            return this;
        },
        fail(id, failure) {
            metaOf(id);
            settings.set(id, { kind: 'fail', failure });
            return this;
        },
        pages(id, pages) {
            const [op] = metaOf(id);
            if (!op.pagination)
                throw new TypeError(`mock: ${id} does not page`);
            settings.set(id, { kind: 'pages', pages });
            return this;
        },
        stream(id, events) {
            const [op] = metaOf(id);
            if (!op.streaming)
                throw new TypeError(`mock: ${id} does not stream`);
            settings.set(id, { kind: 'stream', events });
            return this;
        },
        calls(id) {
            metaOf(id);
            return [...(calls.get(id) ?? [])];
        },
        defaultResponse(id, params) {
            return defaultBody(id, params);
        },
        violations: () => [...violations],
        reset() {
            settings.clear();
            calls.clear();
            violations.length = 0;
        },
    };
    return mock;
}
/** Reads what a fetch call was given into the request the mock checks. */
async function seen(input, init) {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const headers = new Headers(request?.headers);
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const raw = init.body ?? (request && request.body ? await request.text() : undefined);
    let body;
    if (typeof raw === 'string')
        body = raw;
    else if (raw != null) {
        const read = new Response(raw);
        const type = read.headers.get('content-type');
        if (type && !headers.has('content-type'))
            headers.set('content-type', type);
        body = await read.text();
    }
    return { method, url, headers, body };
}
function maskedHeaders(headers) {
    const out = {};
    headers.forEach((value, key) => {
        out[key] = key === 'authorization' ? `${value.split(' ')[0]} ***` : value;
    });
    return out;
}
/** The answer to a request the spec refuses: a problem naming the operation, the parameter and the rule. */
function refusal(violation, status) {
    const problem = {
        type: 'about:blank',
        title: 'Refused by the mock',
        status,
        detail: violation.message,
        operationId: violation.operationId,
        parameter: violation.parameter,
        rule: violation.rule,
    };
    return json(problem, status, { 'content-type': 'application/problem+json' });
}
function json(value, status, headers = {}) {
    return new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
    });
}
function success(meta, body) {
    const status = meta.status ?? 200;
    if (meta.encoding === 'none' || body === undefined || status === 204 || status === 205 || status === 304)
        return new Response(null, {
            status: status === 200 && body === undefined && meta.encoding === 'none' ? 204 : status,
        });
    if (meta.encoding === 'form')
        return new Response(new URLSearchParams(body).toString(), {
            status,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
    if (meta.encoding === 'text')
        return new Response(String(body), { status, headers: { 'content-type': 'text/plain' } });
    if (meta.encoding === 'binary')
        return new Response(body, {
            status,
            headers: { 'content-type': 'application/octet-stream' },
        });
    return json(body, status);
}
async function failed(failure, signal) {
    if ('timeout' in failure)
        return new Promise((_, reject) => {
            // Never answers: the client's timeout (or the caller's signal) ends the wait.
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
    if ('reset' in failure) {
        const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        throw new TypeError('fetch failed', { cause });
    }
    const headers = { ...failure.headers };
    if (failure.status === 429 &&
        !Object.keys(headers).some((h) => h.toLowerCase().startsWith('x-rate-limit-'))) {
        headers['x-rate-limit-limit'] = '1';
        headers['x-rate-limit-remaining'] = '0';
        headers['x-rate-limit-reset'] = String(Math.ceil(Date.now() / 1000) + 1);
    }
    if (failure.problem)
        return json(failure.problem, failure.status, { 'content-type': 'application/problem+json', ...headers });
    if (failure.errors)
        return json({ errors: failure.errors }, failure.status, headers);
    if (failure.body !== undefined)
        return json(failure.body, failure.status, headers);
    const problem = { type: 'about:blank', title: statusTitle(failure.status), status: failure.status };
    return json(problem, failure.status, { 'content-type': 'application/problem+json', ...headers });
}
function statusTitle(status) {
    const titles = {
        400: 'Bad Request',
        401: 'Unauthorized',
        403: 'Forbidden',
        404: 'Not Found',
        409: 'Conflict',
        429: 'Too Many Requests',
        500: 'Internal Server Error',
        503: 'Service Unavailable',
    };
    return titles[status] ?? `HTTP ${status}`;
}
/** One page of `pages`, chosen by the token the request sent, with the token of the next one. */
function paged(op, meta, pages, params, request, template) {
    const paging = op.pagination;
    const token = params[paging.token];
    let index = 0;
    if (paging.style === 'offset') {
        const offset = typeof token === 'number' ? token : Number(token ?? 0);
        for (let sum = 0; index < pages.length && sum < offset; index++)
            sum += pages[index].length;
    }
    else if (typeof token === 'string' && token.startsWith(PAGE_TOKEN))
        index = Number(token.slice(PAGE_TOKEN.length));
    const items = [...(pages[index] ?? [])];
    const last = index >= pages.length - 1;
    const nextToken = `${PAGE_TOKEN}${index + 1}`;
    let body = template && typeof template === 'object' ? structuredClone(template) : {};
    if (paging.items === '')
        body = items;
    else
        setAt(body, paging.items, items);
    const headers = {};
    if (paging.style === 'link') {
        if (!last) {
            const next = new URL(request.url);
            next.searchParams.set(paging.token, nextToken);
            headers.link = `<${next.href}>; rel="next"`;
        }
    }
    else if (paging.style === 'after') {
        if (paging.hasMore)
            setAt(body, paging.hasMore, !last);
        if (paging.next) {
            if (last)
                removeAt(body, paging.next, false);
            else
                setAt(body, paging.next, nextToken);
        }
    }
    else if (paging.style !== 'offset' && paging.next) {
        if (last)
            removeAt(body, paging.next, paging.style === 'cursor');
        else
            setAt(body, paging.next, nextToken);
    }
    if (paging.total)
        setAt(body, paging.total, pages.reduce((n, p) => n + p.length, 0));
    const response = success(meta, body);
    for (const [name, value] of Object.entries(headers))
        response.headers.set(name, value);
    return response;
}
/** The events as the operation sends them: newline-delimited JSON, or Server-Sent Events. */
function streamed(op, events) {
    if (op.streaming === 'sse')
        return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
            headers: { 'content-type': 'text/event-stream' },
        });
    return new Response(events.map((e) => `${JSON.stringify(e)}\r\n`).join(''), {
        headers: { 'content-type': 'application/json' },
    });
}
function setAt(target, dotted, value) {
    const keys = dotted.split('.');
    let node = target;
    for (const key of keys.slice(0, -1)) {
        if (!node[key] || typeof node[key] !== 'object')
            node[key] = {};
        node = node[key];
    }
    node[keys[keys.length - 1]] = value;
}
/** Takes the value at a dotted path away (or sets it to null, for a cursor that ends as null). */
function removeAt(target, dotted, toNull) {
    const keys = dotted.split('.');
    let node = target;
    for (const key of keys.slice(0, -1))
        node = node?.[key];
    if (!node || typeof node !== 'object')
        return;
    const last = keys[keys.length - 1];
    if (toNull)
        node[last] = null;
    else
        delete node[last];
}
/** A number from a string (FNV-1a), to seed each operation's values apart. */
function hash(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++)
        h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h >>> 0;
}
export { MockViolation };
