import { isObject, type Location, type ResolvedRef } from '../load/index.ts';
import type { OperationContext } from './operation-context.ts';
import { deprecationOf } from './schemas.ts';
import type { JsonSchema, ParamModel, SerializationStyle } from './types.ts';
import { valueChecks } from './value-checks.ts';

/**
 * The parameters of an operation (the path item's, then its own, which replace them), each with its
 * key in the params object, its wire style and the checks made before it is sent.
 */
export function readParameters(
  ctx: OperationContext,
  path: string,
  shared: unknown,
  own: unknown,
  itemAt: Location,
  opAt: Location,
  /** Filled with each parameter's schema as the spec writes it, where it stands (for examples). */
  rawSchemas?: Map<ParamModel, ResolvedRef>,
): ParamModel[] {
  const byKey = new Map<string, ParamModel>();
  const add = (list: unknown, listAt: Location): void => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, index) => {
      const resolved = ctx.docs.deref(raw, { ...listAt, tokens: [...listAt.tokens, String(index)] });
      const param = resolved.value as Record<string, unknown>;
      const name = String(param.name);
      const location = param.in as ParamModel['in'];
      // OpenAPI: header parameters named Accept, Content-Type or Authorization are ignored
      // (the media types and the security schemes decide those headers).
      if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) return;
      // Headers are case-insensitive; an operation's own parameter replaces the path item's.
      const key = `${location}:${location === 'header' ? name.toLowerCase() : name}`;
      const { schema: rawSchema, key: schemaKey } = parameterSchema(param);
      const schema = ctx.registry.convert(rawSchema, {
        ...resolved,
        tokens: [...resolved.tokens, ...schemaKey],
      });
      const description = typeof param.description === 'string' ? param.description.trim() : undefined;
      const deprecated = deprecationOf(param);
      const model: ParamModel = {
        name,
        key: name,
        in: location,
        required: param.required === true || location === 'path',
        description,
        deprecated,
        style: serializationStyle(param),
        ...(explodes(param) ? { explode: true } : {}),
        checks: valueChecks(schema, ctx.registry, ctx.enumNames),
        schema: withExtensions(schema, param),
      };
      const example = parameterExample(param, rawSchema);
      if (example !== undefined) model.example = example;
      rawSchemas?.set(model, { ...resolved, tokens: [...resolved.tokens, ...schemaKey], value: rawSchema });
      byKey.set(key, model);
    });
  };
  add(shared, { ...itemAt, tokens: [...itemAt.tokens, 'parameters'] });
  add(own, { ...opAt, tokens: [...opAt.tokens, 'parameters'] });
  // A path template name nobody declares (warned at load) is a required string, as the URL needs it.
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1] ?? '';
    if (byKey.has(`path:${name}`)) continue;
    byKey.set(`path:${name}`, {
      name,
      key: name,
      in: 'path',
      required: true,
      style: 'simple',
      checks: { type: 'string' },
      schema: { type: 'string' },
    });
  }
  const params = [...byKey.values()];
  assignKeys(params);
  return params;
}

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const LOCATION_PRIORITY: ParamModel['in'][] = ['path', 'query', 'header', 'cookie'];

/**
 * Gives each parameter its key in the params object. The same name in two locations (a path
 * `id` and a query `id`) would share one key: the first by location (path, query, header,
 * cookie) keeps the wire name and the others are prefixed by their location (`query_id`,
 * `header_id`), with 2, 3, ... added if even that is taken. Decided per operation, from its
 * own parameters only, so other operations never change these keys.
 */
function assignKeys(params: ParamModel[]): void {
  const ordered = [...params].sort(
    (a, b) => LOCATION_PRIORITY.indexOf(a.in) - LOCATION_PRIORITY.indexOf(b.in),
  );
  // `__proto__` cannot be a key of an object literal the caller writes (it sets the prototype).
  const taken = new Set<string>(['__proto__']);
  const clashing: ParamModel[] = [];
  for (const param of ordered) {
    if (taken.has(param.name)) clashing.push(param);
    else taken.add((param.key = param.name));
  }
  for (const param of clashing)
    taken.add(
      (param.key = freeKey(`${param.in}_${param.name}`, new Set([...taken, ...params.map((p) => p.name)]))),
    );
}

export function freeKey(candidate: string, taken: ReadonlySet<string>): string {
  let key = candidate;
  for (let n = 2; taken.has(key); n++) key = `${candidate}${n}`;
  return key;
}

/** Carries the parameter-level extensions the model reads later (field selection, expansions). */
function withExtensions(schema: JsonSchema, param: Record<string, unknown>): JsonSchema {
  const out = { ...schema };
  for (const key of ['x-field-selection', 'x-expansions', 'x-adds-field'])
    if (param[key] !== undefined) out[key] = param[key];
  return out;
}

/** An example value of a parameter, for docs: its own `example`, its first `examples` entry, or its schema's. */
function parameterExample(param: Record<string, unknown>, schema: unknown): unknown {
  if (param.example !== undefined) return param.example;
  if (isObject(param.examples)) {
    const first = Object.values(param.examples)[0];
    if (isObject(first) && first.value !== undefined) return first.value;
  }
  if (isObject(schema)) {
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  }
  return undefined;
}

/** How a parameter's value goes on the wire, from its location, `style`, `explode` and `content`. */
function serializationStyle(param: Record<string, unknown>): SerializationStyle {
  if (isObject(param.content)) return 'json';
  const location = param.in;
  const style =
    typeof param.style === 'string'
      ? param.style
      : location === 'query' || location === 'cookie'
        ? 'form'
        : 'simple';
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  switch (style) {
    case 'form':
      return explode ? 'multi' : 'csv';
    case 'spaceDelimited':
      return 'ssv';
    case 'pipeDelimited':
      return 'pipes';
    case 'deepObject':
      return 'deepObject';
    case 'label':
      return 'label';
    case 'matrix':
      return 'matrix';
    default:
      return 'simple';
  }
}

/** `explode: true` on a path or header parameter (form-style query and cookie values carry it in their style). */
function explodes(param: Record<string, unknown>): boolean {
  return (param.in === 'path' || param.in === 'header') && param.explode === true && !isObject(param.content);
}

/** The schema of a parameter: its `schema`, or the schema of its single `content` entry. */
function parameterSchema(param: Record<string, unknown>): { schema: unknown; key: string[] } {
  if (param.schema !== undefined) return { schema: param.schema, key: ['schema'] };
  if (isObject(param.content)) {
    const [mediaType, media] = Object.entries(param.content)[0] ?? [];
    if (mediaType && isObject(media) && media.schema !== undefined)
      return { schema: media.schema, key: ['content', mediaType, 'schema'] };
  }
  return { schema: {}, key: [] };
}
