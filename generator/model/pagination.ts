import { isObject } from '../load/index.ts';
import { refName, type SchemaRegistry } from './schemas.ts';
import type { JsonSchema, PaginationModel, ParamModel, SuccessModel } from './types.ts';

/** What deciding an operation's pagination looks at. */
export interface PaginationInput {
  registry: SchemaRegistry;
  method: string;
  params: ParamModel[];
  success: SuccessModel;
  /** The names of the headers the 2xx responses declare, lower-cased. */
  responseHeaders: ReadonlySet<string>;
}

const STYLES: readonly PaginationModel['style'][] = ['token', 'cursor', 'after', 'link', 'offset'];
/** The parameter each style sends its token in, when `x-pagination` names none. */
const DEFAULT_TOKEN: Record<PaginationModel['style'], string> = {
  token: 'pagination_token',
  cursor: 'cursor',
  after: 'starting_after',
  link: 'page',
  offset: 'offset',
};

/**
 * How an operation pages: as `x-pagination` states it, or, without one, as its shape shows
 * (`inferPagination`); `x-pagination: false` says it does not page.
 */
export function readPagination(raw: unknown, input: PaginationInput): PaginationModel | undefined {
  if (raw === false) return undefined;
  if (!isObject(raw)) return inferPagination(input);
  const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const style = STYLES.includes(raw.style as PaginationModel['style'])
    ? (raw.style as PaginationModel['style'])
    : 'token';
  const token = text(raw.token) ?? DEFAULT_TOKEN[style];
  if (style !== 'link' && !input.params.some((p) => p.name === token)) return undefined;
  const next =
    text(raw.next) ??
    (style === 'token' ? 'meta.next_token' : style === 'cursor' ? 'next_cursor' : undefined);
  const items = text(raw.items) ?? 'data';
  return {
    style,
    limit: text(raw.limit),
    token,
    next,
    previous: text(raw.previous),
    items,
    hasMore: text(raw.hasMore) ?? (style === 'after' ? 'has_more' : undefined),
    total: text(raw.total),
    itemType: itemType(input.success, items),
  };
}

/** `(token parameter, where the next one is in the body)` pairs real APIs use, most specific first. */
const TOKEN_SHAPES: { params: string[]; next: string[]; style: 'token' | 'cursor' }[] = [
  { params: ['pagination_token', 'next_token'], next: ['meta.next_token', 'next_token'], style: 'token' },
  {
    params: ['cursor'],
    next: ['next_cursor', 'meta.next_cursor', 'response_metadata.next_cursor', 'pagination.next_cursor'],
    style: 'cursor',
  },
  { params: ['page_token', 'pageToken'], next: ['next_page_token', 'nextPageToken'], style: 'token' },
];
const LIMITS = ['max_results', 'limit', 'count', 'per_page', 'page_size', 'pageSize'];
const TOTALS = ['total', 'total_count', 'meta.total', 'meta.total_count'];

/**
 * Pagination read from a GET operation's shape when the spec states none:
 * - a token parameter and the next token in the body: `pagination_token` or `next_token` with
 *   `meta.next_token` (X), `cursor` with `next_cursor`, `page_token` with `next_page_token`;
 * - `starting_after` (or `after`) with `has_more`: the next token is `last_id` or the last item's id;
 * - a declared `Link` response header, or `page` and `per_page` parameters: the `rel="next"` link;
 * - `offset` and `limit` parameters: the next offset is this one plus the items received.
 * Each needs the items: `data`, the only array in the body, or the body itself when it is one.
 */
export function inferPagination(input: PaginationInput): PaginationModel | undefined {
  if (input.method !== 'get' || input.success.encoding !== 'json') return undefined;
  const body = bodySchema(input.registry, input.success);
  if (!body) return undefined;
  const items = itemsPath(input.registry, body);
  if (items === undefined) return undefined;
  const query = new Set(input.params.filter((p) => p.in === 'query').map((p) => p.name));
  const limit = LIMITS.find((name) => query.has(name));
  const found = (paths: string[]): string | undefined =>
    paths.find((path) => hasField(input.registry, body, path));
  const base = { limit, items, itemType: itemType(input.success, items), inferred: true as const };
  for (const shape of TOKEN_SHAPES) {
    const token = shape.params.find((name) => query.has(name));
    const next = token === undefined ? undefined : found(shape.next);
    if (token === undefined || next === undefined) continue;
    const previous = next === 'meta.next_token' ? found(['meta.previous_token']) : undefined;
    return { style: shape.style, token, next, ...(previous ? { previous } : {}), ...base };
  }
  const after = ['starting_after', 'after'].find((name) => query.has(name));
  const hasMore = found(['has_more']);
  if (after && hasMore) {
    const next = found(['last_id']);
    return { style: 'after', token: after, ...(next ? { next } : {}), hasMore, ...base };
  }
  if (input.responseHeaders.has('link') || (query.has('page') && query.has('per_page'))) {
    return { style: 'link', token: query.has('page') ? 'page' : 'link', ...base };
  }
  if (query.has('offset') && query.has('limit')) {
    const total = found(TOTALS);
    return { style: 'offset', token: 'offset', ...(total ? { total } : {}), ...base };
  }
  return undefined;
}

/** The item type of a page: the elements of the array at `items` in the body (`''`: the body). */
function itemType(success: SuccessModel, items: string): string {
  return `PageItem<${success.typeName}, ${JSON.stringify(items)}>`;
}

function bodySchema(registry: SchemaRegistry, success: SuccessModel): JsonSchema | undefined {
  return registry.get(success.typeName)?.schema;
}

/** Where a page's items are: `data` when it is an array, else the body's only array, or `''` when the body is one. */
function itemsPath(registry: SchemaRegistry, body: JsonSchema): string | undefined {
  if (isArraySchema(registry, body)) return '';
  const properties = propertiesOf(registry, body);
  if (!properties) return undefined;
  if (properties.data && isArraySchema(registry, properties.data)) return 'data';
  const arrays = Object.entries(properties).filter(([, schema]) => isArraySchema(registry, schema));
  return arrays.length === 1 ? arrays[0]?.[0] : undefined;
}

/** Whether the body schema has a property at a dotted path. */
function hasField(registry: SchemaRegistry, body: JsonSchema, path: string): boolean {
  let node: JsonSchema | undefined = body;
  for (const key of path.split('.')) {
    const properties: Record<string, JsonSchema> | undefined = node
      ? propertiesOf(registry, node)
      : undefined;
    node = properties?.[key];
    if (!node) return false;
  }
  return true;
}

function resolve(registry: SchemaRegistry, schema: JsonSchema, depth = 0): JsonSchema | undefined {
  if (depth > 16) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = registry.get(refName(schema.$ref))?.schema;
    return target ? resolve(registry, target, depth + 1) : undefined;
  }
  return schema;
}

function isArraySchema(registry: SchemaRegistry, schema: JsonSchema): boolean {
  const resolved = resolve(registry, schema);
  if (!resolved) return false;
  const type = resolved.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/** The properties of an object schema, through `$ref`s and `allOf` parts. */
function propertiesOf(
  registry: SchemaRegistry,
  schema: JsonSchema,
  depth = 0,
): Record<string, JsonSchema> | undefined {
  const resolved = resolve(registry, schema);
  if (!resolved || depth > 8) return undefined;
  const out: Record<string, JsonSchema> = {};
  let any = false;
  if (isObject(resolved.properties)) {
    Object.assign(out, resolved.properties);
    any = true;
  }
  if (Array.isArray(resolved.allOf)) {
    for (const part of resolved.allOf) {
      const inner = isObject(part) ? propertiesOf(registry, part, depth + 1) : undefined;
      if (!inner) continue;
      Object.assign(out, inner);
      any = true;
    }
  }
  return any ? out : undefined;
}
