/** A request the spec refuses: names the operation, the parameter and the rule. */
export class MockViolation extends Error {
    constructor(operationId, 
    /** The parameter (wire name, or a dotted path into the body); `(route)` or `(auth)` for the request as a whole. */
    parameter, 
    /** The rule broken: `unknown-parameter`, `maximum`, `pattern ...`, `auth`, `route`, ... */
    rule, detail) {
        super(`${operationId}: parameter "${parameter}" breaks rule ${rule}: ${detail}`);
        this.operationId = operationId;
        this.parameter = parameter;
        this.rule = rule;
        this.name = 'MockViolation';
    }
}
export function routeOf(op, meta) {
    const names = [];
    let literals = 0;
    const source = op.path
        .split('/')
        .map((segment) => {
        if (!segment.includes('{')) {
            literals++;
            return escape(segment);
        }
        return segment
            .split(/(\{[^}]+\})/)
            .map((part) => {
            const name = /^\{([^}]+)\}$/.exec(part)?.[1];
            if (name === undefined)
                return escape(part);
            names.push(name);
            return '([^/]+)';
        })
            .join('');
    })
        .join('/');
    return { op, meta, pattern: new RegExp(`^${source}/?$`), names, literals };
}
function escape(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** The operation a method and path name, the most literal one first; the path's values by name. */
export function findRoute(routes, method, pathname) {
    let best;
    for (const route of routes) {
        if (route.op.method !== method)
            continue;
        const match = route.pattern.exec(pathname);
        if (!match)
            continue;
        if (best && best.route.literals >= route.literals)
            continue;
        const path = {};
        route.names.forEach((name, i) => (path[name] = decodeURIComponent(match[i + 1])));
        best = { route, path };
    }
    return best;
}
/** The kind of credentials a request carries, from its `Authorization` header (or the operation's API key). */
export function authOf(op, request) {
    const header = request.headers.get('authorization') ?? '';
    if (/^bearer\s/i.test(header))
        return 'bearer';
    if (/^oauth\s/i.test(header))
        return 'oauth1';
    if (/^basic\s/i.test(header))
        return 'basic';
    const key = op.apiKey;
    if (key?.in === 'header' && request.headers.has(key.name))
        return 'apiKey';
    if (key?.in === 'query' && request.url.searchParams.has(key.name))
        return 'apiKey';
    return undefined;
}
/** Refuses a request whose credentials no alternative of the operation's security accepts. */
export function checkAuth(op, kind) {
    const security = op.security;
    if (security === undefined || security.length === 0)
        return;
    if (security.some((set) => set.length === 0))
        return;
    // A bearer token may be app-only or a user's: either stands for both until X answers.
    const accepts = (wanted) => kind === wanted || (kind === 'bearer' && wanted === 'oauth2');
    if (security.some((set) => set.every(accepts)))
        return;
    const wanted = security.map((set) => set.join('+')).join(' or ');
    throw new MockViolation(op.id, 'authorization', 'auth', `requires ${wanted}; the request ${kind ? `sent ${kind}` : 'sent no credentials'}`);
}
/** The params object a client call would have taken to send this request; refuses undocumented parameters. */
export function paramsOf(route, request, path) {
    const { op, meta } = route;
    const params = {};
    const byName = new Map(meta.params.map((p) => [`${p.in}:${p.name}`, p]));
    for (const [name, text] of Object.entries(path)) {
        const param = byName.get(`path:${name}`);
        if (param)
            params[param.key] = typed(text, param.type, param.items, param.style, param.explode);
    }
    const query = request.url.searchParams;
    for (const name of paramNames(query)) {
        if (op.apiKey?.in === 'query' && op.apiKey.name === name)
            continue;
        const deep = /^([^[]+)\[([^\]]*)\]$/.exec(name);
        const param = byName.get(`query:${name}`) ?? (deep ? byName.get(`query:${deep[1]}`) : undefined);
        if (!param)
            throw unknown(op, name, 'query', meta.params);
        if (deep && param.style === 'deepObject') {
            const object = (params[param.key] ??= {});
            object[deep[2]] = query.get(name);
            continue;
        }
        params[param.key] = queryValue(param, query.getAll(name));
    }
    for (const param of meta.params) {
        if (param.in !== 'header')
            continue;
        const text = request.headers.get(param.name);
        if (text !== null)
            params[param.key] = typed(text, param.type, param.items, 'simple', param.explode);
    }
    if (op.body && request.body !== undefined && request.body !== '')
        addBody(route, request, params);
    return params;
}
function unknown(op, name, where, known) {
    const names = known.filter((p) => p.in === where).map((p) => `"${p.name}"`);
    return new MockViolation(op.id, name, 'unknown-parameter', `is not a documented ${where} parameter${names.length > 0 ? ` (documented: ${names.join(', ')})` : ''}`);
}
function queryValue(param, values) {
    if (param.type !== 'array')
        return typed(values[values.length - 1], param.type, param.items, param.style);
    if (values.length > 1 || param.style === 'multi')
        return values.map((v) => typed(v, param.items));
    return typed(values[0], 'array', param.items, param.style);
}
const SEPARATORS = {
    csv: ',',
    simple: ',',
    ssv: ' ',
    pipes: '|',
    label: '.',
    matrix: ',',
};
/**
 * A value sent as text, read back as the JSON type its schema states (text that is not one stays
 * text: its check refuses it).
 */
function typed(text, type, items, style = 'csv', explode = false) {
    switch (type) {
        case 'integer':
        case 'number':
            return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
        case 'boolean':
            return text === 'true' ? true : text === 'false' ? false : text;
        case 'array':
            return text === '' ? [] : text.split(SEPARATORS[style] ?? ',').map((part) => typed(part, items));
        case 'object':
            if (style === 'json')
                return parseJson(text);
            return explode
                ? Object.fromEntries(text.split(',').map((pair) => pair.split('=', 2)))
                : pairs(text.split(','));
        default:
            return text;
    }
}
function pairs(parts) {
    const out = {};
    for (let i = 0; i + 1 < parts.length; i += 2)
        out[parts[i]] = parts[i + 1];
    return out;
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/** The body's fields (or the whole body, under `body`) into the params. */
function addBody(route, request, params) {
    const body = route.op.body;
    const text = request.body;
    let value;
    if (body.encoding === 'json') {
        try {
            value = JSON.parse(text);
        }
        catch {
            throw new MockViolation(route.op.id, 'body', 'json', 'is not valid JSON');
        }
    }
    else if (body.encoding === 'form') {
        const form = new URLSearchParams(text);
        const fields = {};
        for (const key of paramNames(form)) {
            const all = form.getAll(key);
            const type = route.meta.bodyTypes?.[key];
            fields[key] = type === 'array' ? all : typed(all[all.length - 1], type);
        }
        value = fields;
    }
    else {
        // Multipart, binary and text bodies: the mock checks that one came, not what is in it.
        if (body.mode === 'whole')
            params.body = text;
        return;
    }
    if (body.mode === 'whole')
        params.body = value;
    else if (value && typeof value === 'object' && !Array.isArray(value))
        Object.assign(params, value);
    else
        throw new MockViolation(route.op.id, 'body', 'type', 'must be an object');
}
/** The distinct names of a query or form, in order (`forEach`: `keys()` needs the DOM.Iterable lib). */
function paramNames(params) {
    const names = new Set();
    params.forEach((_value, name) => names.add(name));
    return [...names];
}
