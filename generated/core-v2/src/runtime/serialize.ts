import type { OperationSpec, ParamSpec } from './types.js';

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
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Serialises path, query, header and cookie parameters and the body of one call. */
export function serializeRequest(op: OperationSpec, params: Record<string, unknown>): SerializedRequest {
  const consumed = new Set<string>();
  let path = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const param of op.params ?? []) {
    const value = params[param.name];
    consumed.add(param.name);
    if (value === undefined || value === null) continue;
    switch (param.in) {
      case 'path':
        path = path.replace(`{${param.name}}`, encodeComponent(joinSimple(value)));
        break;
      case 'query':
        query.push(...queryPairs(param, value));
        break;
      case 'header':
        headers[param.name] = joinSimple(value);
        break;
      case 'cookie':
        cookies.push(`${param.name}=${encodeComponent(joinSimple(value))}`);
        break;
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const { body, form, contentType } = serializeBody(op, params, consumed);
  if (contentType) headers['content-type'] = contentType;
  return { pathAndQuery: query.length > 0 ? `${path}?${query.join('&')}` : path, headers, body, form };
}

function joinSimple(value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.entries(value)
      .map(([k, v]) => `${k},${scalar(v)}`)
      .join(',');
  }
  return scalar(value);
}

function queryPairs(param: ParamSpec, value: unknown): string[] {
  const name = encodeComponent(param.name);
  const style = param.style ?? 'multi';
  if (style === 'json') return [`${name}=${encodeComponent(JSON.stringify(value))}`];
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

function serializeBody(
  op: OperationSpec,
  params: Record<string, unknown>,
  consumed: Set<string>,
): { body: BodyInit | undefined; form: [string, string][] | undefined; contentType: string | undefined } {
  const spec = op.body;
  if (!spec) return { body: undefined, form: undefined, contentType: undefined };
  let value: unknown;
  if (spec.mode === 'whole') value = params.body;
  else {
    const fields = Object.entries(params).filter(([key, v]) => !consumed.has(key) && v !== undefined);
    value = fields.length > 0 || spec.required ? Object.fromEntries(fields) : undefined;
  }
  if (value === undefined) return { body: undefined, form: undefined, contentType: undefined };
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
      for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
        for (const item of Array.isArray(field) ? field : [field]) {
          if (item instanceof Blob) data.append(key, item);
          else if (item instanceof Uint8Array) data.append(key, new Blob([item.slice()]));
          else if (item !== undefined && item !== null) data.append(key, scalar(item));
        }
      }
      // fetch sets the multipart boundary itself.
      return { body: data, form: undefined, contentType: undefined };
    }
    case 'text':
      return { body: String(value), form: undefined, contentType: spec.contentType };
    default:
      return { body: value as BodyInit, form: undefined, contentType: spec.contentType };
  }
}

function formPairs(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null) return [];
  const pairs: [string, string][] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || field === null) continue;
    if (Array.isArray(field)) pairs.push([key, field.map(scalar).join(',')]);
    else pairs.push([key, scalar(field)]);
  }
  return pairs;
}
