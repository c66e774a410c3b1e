/** Percent-encodes a query component per RFC 3986, keeping nothing but unreserved characters. */
export function encodeComponent(value) {
    // Fast path: ids, field names and enum values are usually unreserved ASCII already.
    if (UNRESERVED_ONLY.test(value))
        return value;
    const encoded = encodeURIComponent(value);
    return SUB_DELIMS.test(encoded)
        ? encoded.replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
        : encoded;
}
const UNRESERVED_ONLY = /^[A-Za-z0-9\-._~]*$/;
const SUB_DELIMS = /[!'()*]/;
function scalar(value) {
    if (value instanceof Date)
        return value.toISOString();
    if (typeof value === 'object' && value !== null)
        return JSON.stringify(value);
    return String(value);
}
/** Serialises path, query, header and cookie parameters and the body of one call. */
export function serializeRequest(op, params) {
    let path = op.path;
    let query = '';
    const headers = {};
    let cookies;
    const list = op.params;
    if (list) {
        for (let i = 0; i < list.length; i++) {
            const param = list[i];
            const value = params[param.key ?? param.name];
            if (value === undefined || value === null)
                continue;
            switch (param.in) {
                case 'path':
                    path = path.replace(`{${param.name}}`, styled(param, value, encodeComponent));
                    break;
                case 'query':
                    for (const pair of queryPairs(param, value))
                        query += (query === '' ? '?' : '&') + pair;
                    break;
                case 'header':
                    headers[param.name] = styled(param, value, (text) => text);
                    break;
                case 'cookie':
                    (cookies ??= []).push(`${param.name}=${joinSimple(value, encodeComponent)}`);
                    break;
            }
        }
    }
    if (cookies)
        headers.cookie = cookies.join('; ');
    if (!op.body)
        return { pathAndQuery: path + query, headers, body: undefined, form: undefined };
    const { body, form, contentType } = serializeBody(op, params, consumedKeys(op));
    if (contentType)
        headers['content-type'] = contentType;
    return { pathAndQuery: path + query, headers, body, form };
}
/** The params of an operation that are not body fields, whatever their value (cached per operation). */
const consumedByOp = new WeakMap();
function consumedKeys(op) {
    let keys = consumedByOp.get(op);
    if (!keys) {
        keys = new Set((op.params ?? []).map((param) => param.key ?? param.name));
        consumedByOp.set(op, keys);
    }
    return keys;
}
/**
 * A path or header value in its style (RFC 6570 as OpenAPI uses it): `simple` (`a,b`; `k,v` or,
 * exploded, `k=v`), `label` (`.a,b`; exploded `.a.b`) or `matrix` (`;id=a,b`; exploded `;id=a;id=b`).
 */
function styled(param, value, encode) {
    const explode = param.explode === true;
    const name = encode(param.name);
    const items = Array.isArray(value) ? value.map((v) => encode(scalar(v))) : undefined;
    const entries = !items && typeof value === 'object' && value !== null && !(value instanceof Date)
        ? Object.entries(value)
            .filter(([, v]) => v !== undefined && v !== null)
            .map(([k, v]) => [encode(k), encode(scalar(v))])
        : undefined;
    const pairs = (join) => (entries ?? []).map(([k, v]) => `${k}${join}${v}`).join(',');
    switch (param.style) {
        case 'label':
            if (items)
                return `.${items.join(explode ? '.' : ',')}`;
            if (entries)
                return `.${entries.map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`)).join(explode ? '.' : ',')}`;
            return `.${encode(scalar(value))}`;
        case 'matrix':
            if (items)
                return explode ? items.map((item) => `;${name}=${item}`).join('') : `;${name}=${items.join(',')}`;
            if (entries)
                return explode ? entries.map(([k, v]) => `;${k}=${v}`).join('') : `;${name}=${pairs(',')}`;
            return `;${name}=${encode(scalar(value))}`;
        default:
            if (items)
                return items.join(',');
            if (entries)
                return explode ? pairs('=') : pairs(',');
            return encode(scalar(value));
    }
}
/** The `simple` style: items (or keys and values) joined by literal commas, each encoded with `encode`. */
function joinSimple(value, encode = (text) => text) {
    if (Array.isArray(value))
        return value.map((v) => encode(scalar(v))).join(',');
    if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
        return Object.entries(value)
            .map(([k, v]) => `${encode(k)},${encode(scalar(v))}`)
            .join(',');
    }
    return encode(scalar(value));
}
function queryPairs(param, value) {
    const name = encodeComponent(param.name);
    const style = param.style ?? 'multi';
    if (style === 'json')
        return [`${name}=${encodeComponent(JSON.stringify(value))}`];
    if (Array.isArray(value)) {
        const items = value.map((v) => encodeComponent(scalar(v)));
        switch (style) {
            case 'multi':
                return items.map((item) => `${name}=${item}`);
            case 'ssv':
                return [`${name}=${items.join('%20')}`];
            case 'pipes':
                return [`${name}=${items.join('|')}`];
            default:
                // Commas stay literal: `tweet.fields=created_at,author_id`.
                return [`${name}=${items.join(',')}`];
        }
    }
    if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
        const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
        if (style === 'deepObject')
            return entries.map(([k, v]) => `${name}%5B${encodeComponent(k)}%5D=${encodeComponent(scalar(v))}`);
        if (style === 'multi')
            return entries.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(scalar(v))}`);
        return [
            `${name}=${entries.map(([k, v]) => `${encodeComponent(k)},${encodeComponent(scalar(v))}`).join(',')}`,
        ];
    }
    return [`${name}=${encodeComponent(scalar(value))}`];
}
function serializeBody(op, params, consumed) {
    const spec = op.body;
    if (!spec)
        return { body: undefined, form: undefined, contentType: undefined };
    let value;
    if (spec.mode === 'whole')
        value = params.body;
    else {
        const fields = Object.entries(params).filter(([key, v]) => !consumed.has(key) && v !== undefined);
        value = fields.length > 0 || spec.required ? Object.fromEntries(fields) : undefined;
    }
    if (value === undefined)
        return { body: undefined, form: undefined, contentType: undefined };
    switch (spec.encoding) {
        case 'json':
            return { body: JSON.stringify(value), form: undefined, contentType: spec.contentType };
        case 'form': {
            const form = formPairs(value);
            return {
                body: form.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&'),
                form,
                contentType: 'application/x-www-form-urlencoded',
            };
        }
        case 'multipart': {
            const data = new FormData();
            for (const [key, field] of Object.entries(value)) {
                for (const item of Array.isArray(field) ? field : [field]) {
                    if (item instanceof Blob)
                        data.append(key, item);
                    else if (item instanceof Uint8Array)
                        data.append(key, new Blob([item.slice()]));
                    else if (item !== undefined && item !== null)
                        data.append(key, scalar(item));
                }
            }
            // fetch sets the multipart boundary itself.
            return { body: data, form: undefined, contentType: undefined };
        }
        case 'text':
            return { body: String(value), form: undefined, contentType: spec.contentType };
        default:
            return { body: value, form: undefined, contentType: spec.contentType };
    }
}
function formPairs(value) {
    if (typeof value !== 'object' || value === null)
        return [];
    const pairs = [];
    for (const [key, field] of Object.entries(value)) {
        if (field === undefined || field === null)
            continue;
        if (Array.isArray(field))
            pairs.push([key, field.map(scalar).join(',')]);
        else
            pairs.push([key, scalar(field)]);
    }
    return pairs;
}
