import type { BodyEncoder, EncodedBody, OperationSpec, ParamStyle } from './types.js';
import { own } from './validate.js';

/** The parts of an HTTP request built from a call's params. */
export interface SerializedRequest {
  /** Path with parameters filled in, plus the query string. */
  pathAndQuery: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  /** Form fields of an `application/x-www-form-urlencoded` body (OAuth 1.0a signs them). */
  form: [string, string][] | undefined;
}

/** Percent-encodes a query component per RFC 3986, keeping nothing but unreserved characters. */
export function encodeComponent(value: string): string {
  // Fast path: ids, field names and enum values are usually unreserved ASCII already.
  if (/^[\w\-.~]*$/.test(value)) return value;
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The entries of an object value (not an array or a date), without undefined or null ones. */
function entriesOf(value: unknown): [string, unknown][] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date)
    return undefined;
  return Object.entries(value).filter(([, v]) => v != null);
}

/** Serialises path, query, header and cookie parameters and the body of one call. */
export function serializeRequest(op: OperationSpec, params: Record<string, unknown>): SerializedRequest {
  let path = op.path;
  let query = '';
  let cookie = '';
  const headers: Record<string, string> = {};
  for (const param of op.params ?? []) {
    const value = own(params, param.key ?? param.name);
    if (value == null) continue;
    const { name, style, explode = false } = param;
    if (param.in === 'query') {
      const pairs = style(name, value, explode, encodeComponent);
      if (pairs) query += (query ? '&' : '?') + pairs;
    } else if (param.in === 'path')
      path = path.replace(`{${name}}`, style(name, value, explode, encodeComponent));
    else if (param.in === 'header') headers[name] = style(name, value, explode, (text) => text);
    else cookie += `${cookie ? '; ' : ''}${name}=${style(name, value, false, encodeComponent)}`;
  }
  if (cookie) headers.cookie = cookie;
  const encoded = op.body?.encode(op, params);
  if (encoded?.contentType) headers['content-type'] = encoded.contentType;
  return { pathAndQuery: path + query, headers, body: encoded?.body, form: encoded?.form };
}

/**
 * The encoder of one kind of body: gathers the body of a call from its params and encodes it with
 * `encode`, or gives undefined when there is none to send. Each descriptor with a body names its
 * own, so a bundle of operations without one carries none of this.
 */
function bodyEncoder(encode: (value: unknown, contentType: string) => EncodedBody): BodyEncoder {
  return (op, params) => {
    const spec = op.body!;
    let value: unknown = params.body;
    if (spec.mode === 'fields') {
      // Everything that is not a parameter of another location is a field of the body.
      const fields = Object.entries(params).filter(
        ([key, v]) => v !== undefined && !op.params?.some((p) => (p.key ?? p.name) === key),
      );
      value = fields.length > 0 || spec.required ? Object.fromEntries(fields) : undefined;
    }
    return value === undefined ? undefined : encode(value, spec.contentType);
  };
}

/*
 * The styles of parameter values (RFC 6570 as OpenAPI uses it). Each descriptor names its
 * parameters' own, so a bundle carries only the styles of the operations it calls. A query style
 * gives whole `name=value` pairs joined by `&`; a path, header or cookie style gives the value.
 */

/** A path or header value: `a,b`; an object as `k,v` or, exploded, `k=v`. Cookie values too. */
export const simple: ParamStyle = (_name, value, explode, encode) =>
  itemsOf(value, explode, encode)[0].join(',');

/** A path value as a label: `.a,b`; exploded `.a.b`. */
export const label: ParamStyle = (_name, value, explode, encode) =>
  '.' + itemsOf(value, explode, encode)[0].join(explode ? '.' : ',');

/** A path value in matrix style: `;id=a,b`; exploded `;id=a;id=b` (an object: `;k=v;...`). */
export const matrix: ParamStyle = (name, value, explode, encode) => {
  const [items, entries] = itemsOf(value, explode, encode);
  const key = encode(name);
  if (!explode) return `;${key}=${items.join(',')}`;
  return items.map((item) => (entries ? `;${item}` : `;${key}=${item}`)).join('');
};

/** A path, header or cookie value's items, and whether they are an object's entries. */
function itemsOf(value: unknown, explode: boolean, encode: (text: string) => string): [string[], boolean] {
  const entries = entriesOf(value);
  return entries
    ? [entries.map(([k, v]) => encode(k) + (explode ? '=' : ',') + encode(scalar(v))), true]
    : [(Array.isArray(value) ? value : [value]).map((v) => encode(scalar(v))), false];
}

/** The exploded form style, a query's default: `id=1&id=2`. */
export const multi: ParamStyle = (name, value) => {
  const key = encodeComponent(name);
  return queryItems(value)
    .map((item) => `${key}=${item}`)
    .join('&');
};

/** Comma-separated: `tweet.fields=created_at,author_id` (commas stay literal). */
export const csv: ParamStyle = (name, value) => delimited(name, value, ',');

/** Space-separated (`spaceDelimited`). */
export const ssv: ParamStyle = (name, value) => delimited(name, value, '%20');

/** Pipe-separated (`pipeDelimited`). */
export const pipes: ParamStyle = (name, value) => delimited(name, value, '|');

/**
 * The query `style` of a parameter whose value may be an object (its schema says so, or states no
 * type): an object's entries as `k=v&...` (`multi`) or `name=k,v,...` (a delimited style); any
 * other value as `style` has it. Only such parameters' descriptors wrap their style in it, so a
 * bundle of operations without one leaves object handling out.
 */
export function withEntries(style: ParamStyle): ParamStyle {
  return (name, value, explode, encode) => {
    const entries = queryEntries(value);
    if (!entries) return style(name, value, explode, encode);
    return style === multi
      ? entries.map(([k, v]) => `${k}=${v}`).join('&')
      : `${encodeComponent(name)}=${entries.map(([k, v]) => `${k},${v}`).join(',')}`;
  };
}

/** `deepObject`: `filter%5Bk%5D=v&...`; a value that is no object as comma-separated. */
export const deepObject: ParamStyle = (name, value) => {
  const key = encodeComponent(name);
  const entries = queryEntries(value);
  return entries ? entries.map(([k, v]) => `${key}%5B${k}%5D=${v}`).join('&') : delimited(name, value, ',');
};

/** A parameter with JSON `content`: the value's JSON text. */
export const json: ParamStyle = (name, value) =>
  `${encodeComponent(name)}=${encodeComponent(JSON.stringify(value))}`;

function delimited(name: string, value: unknown, separator: string): string {
  return `${encodeComponent(name)}=${queryItems(value).join(separator)}`;
}

function queryEntries(value: unknown): (readonly [string, string])[] | undefined {
  return entriesOf(value)?.map(([k, v]) => [encodeComponent(k), encodeComponent(scalar(v))] as const);
}

function queryItems(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((v) => encodeComponent(scalar(v)));
}

/** A JSON body (`application/json` and any `+json`). */
export const encodeJson: BodyEncoder = /* @__PURE__ */ bodyEncoder((value, contentType) => ({
  body: JSON.stringify(value),
  contentType,
}));

/** An `application/x-www-form-urlencoded` body; its decoded pairs are kept for OAuth 1.0a signing. */
export const encodeForm: BodyEncoder = /* @__PURE__ */ bodyEncoder((value) => {
  const form: [string, string][] = [];
  for (const [key, field] of entriesOf(value) ?? [])
    form.push([key, Array.isArray(field) ? field.map(scalar).join(',') : scalar(field)]);
  return {
    body: form.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&'),
    form,
    contentType: 'application/x-www-form-urlencoded',
  };
});

/** A `multipart/form-data` body: `Blob`s and bytes as files, anything else as text; fetch sets the boundary. */
export const encodeMultipart: BodyEncoder = /* @__PURE__ */ bodyEncoder((value) => {
  const body = new FormData();
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item instanceof Blob) body.append(key, item);
      else if (item instanceof Uint8Array) body.append(key, new Blob([item.slice()]));
      else if (item != null) body.append(key, scalar(item));
    }
  }
  return { body };
});

/** A `text/*` body. */
export const encodeText: BodyEncoder = /* @__PURE__ */ bodyEncoder((value, contentType) => ({
  body: String(value),
  contentType,
}));

/** Any other body: bytes (`Blob`, `ArrayBuffer`, ...) sent as they are. */
export const encodeBytes: BodyEncoder = /* @__PURE__ */ bodyEncoder((value, contentType) => ({
  body: value as BodyInit,
  contentType,
}));
