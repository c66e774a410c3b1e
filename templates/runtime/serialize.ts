import type { BodyEncoder, OperationSpec, ParamStyle } from './types.js';
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
      const pairs = queryPairs(name, style, value);
      if (pairs) query += (query ? '&' : '?') + pairs;
    } else if (param.in === 'path')
      path = path.replace(`{${name}}`, styled(style, explode, name, value, encodeComponent));
    else if (param.in === 'header') headers[name] = styled(style, explode, name, value, (text) => text);
    else cookie += `${cookie ? '; ' : ''}${name}=${styled(undefined, false, name, value, encodeComponent)}`;
  }
  if (cookie) headers.cookie = cookie;
  let encoded: ReturnType<BodyEncoder> | undefined;
  const spec = op.body;
  if (spec) {
    let value: unknown = params.body;
    if (spec.mode === 'fields') {
      // Everything that is not a parameter of another location is a field of the body.
      const fields = Object.entries(params).filter(
        ([key, v]) => v !== undefined && !op.params?.some((p) => (p.key ?? p.name) === key),
      );
      value = fields.length > 0 || spec.required ? Object.fromEntries(fields) : undefined;
    }
    if (value !== undefined) encoded = spec.encode(value, spec.contentType);
  }
  if (encoded?.contentType) headers['content-type'] = encoded.contentType;
  return { pathAndQuery: path + query, headers, body: encoded?.body, form: encoded?.form };
}

/**
 * A path or header value in its style (RFC 6570 as OpenAPI uses it): `simple` (`a,b`; `k,v` or,
 * exploded, `k=v`), `label` (`.a,b`; exploded `.a.b`) or `matrix` (`;id=a,b`; exploded `;id=a;id=b`).
 */
function styled(
  style: ParamStyle | undefined,
  explode: boolean,
  name: string,
  value: unknown,
  encode: (text: string) => string,
): string {
  const entries = entriesOf(value);
  const items = entries
    ? entries.map(([k, v]) => encode(k) + (explode ? '=' : ',') + encode(scalar(v)))
    : (Array.isArray(value) ? value : [value]).map((v) => encode(scalar(v)));
  const key = encode(name);
  if (style === 'label') return '.' + items.join(explode ? '.' : ',');
  if (style !== 'matrix') return items.join(',');
  if (!explode) return `;${key}=${items.join(',')}`;
  return items.map((item) => (entries ? `;${item}` : `;${key}=${item}`)).join('');
}

/** A query parameter as `name=value` pairs joined by `&`, in its style (`multi` is the exploded `form` style). */
function queryPairs(name: string, style: ParamStyle = 'multi', value: unknown): string {
  const key = encodeComponent(name);
  if (style === 'json') return `${key}=${encodeComponent(JSON.stringify(value))}`;
  const entries = entriesOf(value)?.map(
    ([k, v]) => [encodeComponent(k), encodeComponent(scalar(v))] as const,
  );
  if (entries) {
    if (style === 'deepObject') return entries.map(([k, v]) => `${key}%5B${k}%5D=${v}`).join('&');
    if (style === 'multi') return entries.map(([k, v]) => `${k}=${v}`).join('&');
    return `${key}=${entries.map(([k, v]) => `${k},${v}`).join(',')}`;
  }
  const items = (Array.isArray(value) ? value : [value]).map((v) => encodeComponent(scalar(v)));
  if (style === 'multi') return items.map((item) => `${key}=${item}`).join('&');
  // Commas stay literal: `tweet.fields=created_at,author_id`.
  return `${key}=${items.join(style === 'ssv' ? '%20' : style === 'pipes' ? '|' : ',')}`;
}

/** A JSON body (`application/json` and any `+json`). */
export const encodeJson: BodyEncoder = (value, contentType) => ({ body: JSON.stringify(value), contentType });

/** An `application/x-www-form-urlencoded` body; its decoded pairs are kept for OAuth 1.0a signing. */
export const encodeForm: BodyEncoder = (value) => {
  const form: [string, string][] = [];
  for (const [key, field] of entriesOf(value) ?? [])
    form.push([key, Array.isArray(field) ? field.map(scalar).join(',') : scalar(field)]);
  return {
    body: form.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&'),
    form,
    contentType: 'application/x-www-form-urlencoded',
  };
};

/** A `multipart/form-data` body: `Blob`s and bytes as files, anything else as text; fetch sets the boundary. */
export const encodeMultipart: BodyEncoder = (value) => {
  const body = new FormData();
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item instanceof Blob) body.append(key, item);
      else if (item instanceof Uint8Array) body.append(key, new Blob([item.slice()]));
      else if (item != null) body.append(key, scalar(item));
    }
  }
  return { body };
};

/** A `text/*` body. */
export const encodeText: BodyEncoder = (value, contentType) => ({ body: String(value), contentType });

/** Any other body: bytes (`Blob`, `ArrayBuffer`, ...) sent as they are. */
export const encodeBytes: BodyEncoder = (value, contentType) => ({ body: value as BodyInit, contentType });
