import { type DocumentSet, HTTP_METHODS, isObject, type Location } from '../load/index.ts';
import { deriveOperationId, memberName, NameTable, pascalCase } from './names.ts';
import { explodes, parameterSchema, serializationStyle, valueChecks } from './parameters.ts';
import { readPagination } from './pagination.ts';
import { readRateLimits } from './rate-limits.ts';
import { readRules } from './rules.ts';
import { deprecationOf, isFalseSchema, refName, type SchemaRegistry } from './schemas.ts';
import type {
  AuthKind,
  BodyModel,
  FieldSelectionModel,
  JsonSchema,
  OAuthStep,
  OperationModel,
  ParamModel,
  SecuritySchemeModel,
  SuccessModel,
} from './types.ts';

/** The group of operations the spec gives no tag. */
export const UNTAGGED = 'Default';

/** What building an operation needs from the rest of the model. */
export interface OperationContext {
  docs: DocumentSet;
  registry: SchemaRegistry;
  enumNames: ReadonlySet<string>;
  schemes: ReadonlyMap<string, SecuritySchemeModel>;
  rootSecurity: unknown;
  /** Rate-limit budgets seen so far, by key (operations sharing one must agree). */
  budgets?: Map<string, { requests: number; windowMs: number; id: string }>;
}

/**
 * Reads every operation of `paths`, in spec order. Group and method names are given later.
 * (Webhooks and callbacks are requests the API sends, not ones a client makes: they are left out.)
 */
export function readOperations(ctx: OperationContext): { operations: Omit<OperationModel, 'methodName' | 'group'>[]; untagged: Set<string> } {
  const root = ctx.docs.root as Record<string, unknown>;
  const paths = isObject(root.paths) ? root.paths : {};
  const found: { path: string; method: (typeof HTTP_METHODS)[number]; raw: Record<string, unknown>; pathItem: Record<string, unknown>; item: Location; at: Location }[] = [];
  for (const path of Object.keys(paths)) {
    const item = ctx.docs.deref(paths[path], { file: ctx.docs.rootFile, tokens: ['paths', path] });
    if (!isObject(item.value)) continue;
    const pathItem = item.value;
    for (const method of HTTP_METHODS) {
      const raw = pathItem[method];
      if (!isObject(raw)) continue;
      found.push({ path, method, raw, pathItem, item, at: { file: item.file, tokens: [...item.tokens, method] } });
    }
  }
  // Ids the spec states are kept as written; one derived from method and path never takes a stated one.
  const stated = (raw: Record<string, unknown>): string | undefined => (typeof raw.operationId === 'string' && raw.operationId !== '' ? raw.operationId : undefined);
  const ids = new Set(found.flatMap((f) => stated(f.raw) ?? []));
  // A stated id used twice: the later operations are numbered (`listPets2`), with a warning.
  const firstUse = new Map<string, Location>();
  // Descriptor constants are named after ids; ids that differ only in casing or punctuation get 2, 3, ...
  // A module namespace (`import * as ops`) with an export `then` would be a thenable.
  const constNames = new NameTable(['operations', 'then']);
  const untagged = new Set<string>();
  const operations = found.map(({ path, method, raw, pathItem, item, at }) => {
    let id = stated(raw);
    if (id !== undefined) {
      const idAt: Location = { ...at, tokens: [...at.tokens, 'operationId'] };
      const first = firstUse.get(id);
      if (first) {
        const given = id;
        for (let n = 2; ids.has(id); n++) id = `${given}${n}`;
        ids.add(id);
        const where = ctx.docs.error('', first);
        ctx.docs.warn(`duplicate operationId "${given}" (first used at ${where.file}:${where.line}:${where.column}): this one is named "${id}"`, idAt);
      } else firstUse.set(id, idAt);
    }
    if (id === undefined) {
      const derived = deriveOperationId(method, path);
      id = derived;
      for (let n = 2; ids.has(id); n++) id = `${derived}${n}`;
      ids.add(id);
    }
    const op = readOperation(ctx, id, constNames.claim(memberName(id)), path, method, raw, pathItem, item, at);
    if (!Array.isArray(raw.tags) || !raw.tags.some((t) => typeof t === 'string' && t.trim() !== '')) untagged.add(id);
    return op;
  });
  return { operations, untagged };
}

function readOperation(
  ctx: OperationContext,
  id: string,
  constName: string,
  path: string,
  method: (typeof HTTP_METHODS)[number],
  op: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  itemAt: Location,
  at: Location,
): Omit<OperationModel, 'methodName' | 'group'> {
  const typeBase = pascalCase(id);
  const params = readParameters(ctx, path, pathItem.parameters, op.parameters, itemAt, at);
  const read = readBody(ctx, op.requestBody, { ...at, tokens: [...at.tokens, 'requestBody'] }, typeBase, params);
  const body = read?.body;
  if (body?.mode === 'whole') {
    // `body` is the whole body's key: a parameter of that name steps aside like any clash.
    const clash = params.find((p) => p.key === 'body');
    if (clash) clash.key = freeKey(`${clash.in}_body`, new Set(params.map((p) => p.key)));
  }
  const rules = readRules(op['x-validation'], ctx.docs, at);
  // A rule of the spec's own over the same fields says it better (with its message): the derived check steps aside.
  if (body?.exclusive && rules.some((rule) => coversGroups(rule, body.exclusive ?? []))) delete body.exclusive;
  const success = readSuccess(ctx, op.responses, { ...at, tokens: [...at.tokens, 'responses'] }, typeBase, method);
  const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

  const paramsSchema = paramsObjectSchema(params, read);
  // The params argument may be left out only when `{}` is a valid params object.
  const bodyRequired = body ? (body.mode === 'whole' ? body.required : !read.acceptsEmpty || (body.required && body.fieldNames.length === 0)) : false;
  const required = params.some((p) => p.required) || bodyRequired;
  const hasParams = params.length > 0 || body !== undefined;
  let paramsType = 'Record<string, never>';
  if (hasParams) {
    paramsType = ctx.registry.hoist(`${typeBase}Params`, paramsSchema, 'params', `Parameters of \`${id}\`.`);
  }
  const streaming = readStreaming(ctx, op, { ...at, tokens: [...at.tokens, 'responses'] });
  // A stream's events are not pages.
  const pagination = streaming.streaming ? undefined : readPagination(op['x-pagination'], {
    registry: ctx.registry,
    method,
    params,
    success,
    responseHeaders: successHeaders(ctx, op.responses, { ...at, tokens: [...at.tokens, 'responses'] }),
  });
  return {
    id,
    constName,
    tags: tags.length > 0 ? tags : [UNTAGGED],
    method: method.toUpperCase() as OperationModel['method'],
    path,
    summary: text(op.summary),
    description: text(op.description),
    externalDocs: isObject(op.externalDocs) ? text(op.externalDocs.url) : undefined,
    deprecated: deprecationOf(op),
    params,
    body,
    paramsType,
    paramsOptional: !required,
    hasParams,
    success,
    security: readSecurity(op.security ?? ctx.rootSecurity, ctx.schemes),
    ...apiKeyOf(op.security ?? ctx.rootSecurity, ctx.schemes),
    pagination,
    ...streaming,
    browserStep: op['x-browser-step'] === true,
    sandboxOnly: op['x-sandbox-only'] === true,
    ...oauthStepOf(op['x-oauth-step']),
    requireHttps: op['x-require-https'] === true,
    ...basicEncodingOf(op.security ?? ctx.rootSecurity, ctx.schemes),
    audienceUpload: op['x-audience-upload'] === true,
    rules,
    fieldSelection: readFieldSelection(params),
    rateLimits: readRateLimits(op['x-rate-limit'], ctx.docs, at, { id, params, bodyFields: body?.fieldNames ?? [] }, (ctx.budgets ??= new Map())),
  };
}

function readParameters(
  ctx: OperationContext,
  path: string,
  shared: unknown,
  own: unknown,
  itemAt: Location,
  opAt: Location,
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
      const schema = ctx.registry.convert(rawSchema, { ...resolved, tokens: [...resolved.tokens, ...schemaKey] });
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
      byKey.set(key, model);
    });
  };
  add(shared, { ...itemAt, tokens: [...itemAt.tokens, 'parameters'] });
  add(own, { ...opAt, tokens: [...opAt.tokens, 'parameters'] });
  // A path template name nobody declares (warned at load) is a required string, as the URL needs it.
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1] ?? '';
    if (byKey.has(`path:${name}`)) continue;
    byKey.set(`path:${name}`, { name, key: name, in: 'path', required: true, style: 'simple', checks: { type: 'string' }, schema: { type: 'string' } });
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
  const ordered = [...params].sort((a, b) => LOCATION_PRIORITY.indexOf(a.in) - LOCATION_PRIORITY.indexOf(b.in));
  // `__proto__` cannot be a key of an object literal the caller writes (it sets the prototype).
  const taken = new Set<string>(['__proto__']);
  const clashing: ParamModel[] = [];
  for (const param of ordered) {
    if (taken.has(param.name)) clashing.push(param);
    else taken.add((param.key = param.name));
  }
  for (const param of clashing) taken.add((param.key = freeKey(`${param.in}_${param.name}`, new Set([...taken, ...params.map((p) => p.name)]))));
}

function freeKey(candidate: string, taken: ReadonlySet<string>): string {
  let key = candidate;
  for (let n = 2; taken.has(key); n++) key = `${candidate}${n}`;
  return key;
}

/** Carries the parameter-level extensions the model reads later (field selection, expansions). */
function withExtensions(schema: JsonSchema, param: Record<string, unknown>): JsonSchema {
  const out = { ...schema };
  for (const key of ['x-field-selection', 'x-expansions', 'x-adds-field']) if (param[key] !== undefined) out[key] = param[key];
  return out;
}

const BODY_PREFERENCE: [RegExp, BodyModel['encoding']][] = [
  [/^application\/json$/i, 'json'],
  [/^application\/[^;]*\+json$/i, 'json'],
  [/^application\/x-www-form-urlencoded$/i, 'form'],
  [/^multipart\/form-data$/i, 'multipart'],
  [/^application\/octet-stream$/i, 'binary'],
  [/^text\//i, 'text'],
  [/json/i, 'json'],
  [/.*/, 'binary'],
];

/** The first media type in order of preference, with how it is encoded. */
function pickMedia<E extends string>(types: string[], preference: [RegExp, E][]): [string, E] | undefined {
  for (const [pattern, encoding] of preference) {
    const match = types.find((t) => pattern.test(t.split(';')[0]?.trim() ?? t));
    if (match) return [match, encoding];
  }
  return undefined;
}

/** A request body and what the params type needs to know of it. */
interface ReadBody {
  body: BodyModel;
  /** `{}` is a valid value of the fields (fields mode): nothing in the body is required. */
  acceptsEmpty: boolean;
}

function readBody(
  ctx: OperationContext,
  raw: unknown,
  at: Location,
  typeBase: string,
  params: ParamModel[],
): ReadBody | undefined {
  if (raw === undefined) return undefined;
  const resolved = ctx.docs.deref(raw, at);
  const body = resolved.value as Record<string, unknown>;
  if (!isObject(body.content)) return undefined;
  const picked = pickMedia(Object.keys(body.content), BODY_PREFERENCE);
  if (!picked) return undefined;
  const [contentType, encoding] = picked;
  const media = body.content[contentType];
  const mediaAt: Location = { ...resolved, tokens: [...resolved.tokens, 'content', contentType] };
  const rawSchema = isObject(media) && media.schema !== undefined ? media.schema : encoding === 'binary' ? { type: 'string', format: 'binary' } : {};
  const converted = ctx.registry.convert(rawSchema, { ...mediaAt, tokens: [...mediaAt.tokens, 'schema'] });
  // A read-only field, at any depth, is the server's to set: the client neither needs nor sends it.
  const schema = ctx.registry.visible(converted, 'readOnly') ?? converted;
  const typeName = namedOrHoisted(ctx, schema, `${typeBase}Request`, 'body');
  const object = objectProperties(ctx, schema);
  const fields = object ? Object.keys(object.properties) : undefined;
  const paramKeys = new Set(params.map((p) => p.key));
  const canSpread =
    object !== undefined &&
    fields !== undefined &&
    (encoding === 'json' || encoding === 'form' || encoding === 'multipart') &&
    !fields.some((f) => paramKeys.has(f) || f === 'body' || f === '__proto__');
  const model: BodyModel = {
    // A range such as `*/*` or `image/*` is no type to send: bytes go as octet-stream.
    contentType: contentType.includes('*') ? 'application/octet-stream' : contentType,
    encoding,
    required: body.required === true,
    mode: canSpread ? 'fields' : 'whole',
    fieldNames: fields ?? [],
    fieldChecks: {},
    typeName,
  };
  if (!canSpread) {
    // A whole body (an array, bytes, text) is still checked against what its schema states.
    if (encoding === 'json' || encoding === 'form') {
      const checks = valueChecks(schema, ctx.registry, ctx.enumNames);
      if (Object.keys(checks).length > 0) model.checks = checks;
    }
    return { body: model, acceptsEmpty: false };
  }
  model.fieldChecks = fieldChecks(ctx, object);
  if (admitsOtherFields(ctx, schema)) model.open = true;
  const exclusive = exclusiveFields(ctx, schema);
  if (exclusive) model.exclusive = exclusive;
  return { body: model, acceptsEmpty: object.acceptsEmpty };
}

/** The properties of a plain object schema (following refs and allOf), or undefined when it is not one. */
function objectProperties(
  ctx: OperationContext,
  schema: JsonSchema,
  depth = 0,
): { properties: Record<string, JsonSchema>; required: string[]; acceptsEmpty: boolean } | undefined {
  if (depth > 8) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = ctx.registry.get(refName(schema.$ref))?.schema;
    return target ? objectProperties(ctx, target, depth + 1) : undefined;
  }
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (variants) {
    // A union of object shapes: its fields are the union of theirs; required only where every variant requires.
    const parts = variants.map((v) => (isObject(v) ? objectProperties(ctx, v, depth + 1) : undefined));
    if (parts.some((p) => p === undefined) || schema.properties || schema.allOf) return undefined;
    const properties: Record<string, JsonSchema> = {};
    const differing = new Set<string>();
    for (const part of parts) {
      for (const [name, prop] of Object.entries(part?.properties ?? {})) {
        if (isFalseSchema(prop) && properties[name]) continue;
        if (properties[name] && !isFalseSchema(properties[name]) && JSON.stringify(properties[name]) !== JSON.stringify(prop)) differing.add(name);
        properties[name] = prop;
      }
    }
    // A field whose schema differs between variants (a discriminator, say) is checked by none of them.
    for (const name of differing) properties[name] = {};
    const required = Object.keys(properties).filter((name) => parts.every((p) => p?.required.includes(name)));
    const acceptsEmpty = parts.some((p) => p?.acceptsEmpty);
    return { properties: Object.fromEntries(Object.entries(properties).filter(([, p]) => !isFalseSchema(p))), required, acceptsEmpty };
  }
  if (schema.not) return undefined;
  const type = schema.type;
  if (type !== undefined && type !== 'object') return undefined;
  const properties: Record<string, JsonSchema> = isObject(schema.properties) ? { ...(schema.properties as Record<string, JsonSchema>) } : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  let partsAcceptEmpty = true;
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      // `allOf: [{ required: [email] }]` only adds a requirement.
      const onlyRequired = isObject(part) && Object.keys(part).every((k) => k === 'required' || k === 'description');
      const inner = onlyRequired ? { properties: {}, required: part.required as string[], acceptsEmpty: false } : isObject(part) ? objectProperties(ctx, part, depth + 1) : undefined;
      if (!inner) return undefined;
      Object.assign(properties, inner.properties);
      required.push(...inner.required);
      if (!inner.acceptsEmpty && !onlyRequired) partsAcceptEmpty = false;
    }
  }
  if (Object.keys(properties).length === 0 && type !== 'object') return undefined;
  return { properties, required: [...new Set(required)], acceptsEmpty: required.length === 0 && partsAcceptEmpty };
}

/** An `x-validation` rule that allows at most one of fields naming one of every group. */
function coversGroups(rule: Record<string, unknown>, groups: readonly string[][]): boolean {
  if (rule.rule !== 'exactlyOne' && rule.rule !== 'mutuallyExclusive') return false;
  const fields = Array.isArray(rule.fields) ? rule.fields : [];
  return groups.every((group) => group.some((field) => fields.includes(field)));
}

/**
 * For a `oneOf` of object shapes without a discriminator (through `$ref`s): each shape's fields that
 * no other shape may hold, when two or more shapes have such fields; undefined otherwise.
 */
function exclusiveFields(ctx: OperationContext, schema: JsonSchema, depth = 0): string[][] | undefined {
  if (typeof schema.$ref === 'string') {
    const target = ctx.registry.get(refName(schema.$ref))?.schema;
    return target && depth < 8 ? exclusiveFields(ctx, target, depth + 1) : undefined;
  }
  if (!Array.isArray(schema.oneOf) || schema.discriminator !== undefined || schema.properties || schema.allOf) return undefined;
  const shapes = schema.oneOf.map((v) => (isObject(v) ? objectProperties(ctx, v) : undefined));
  if (shapes.some((shape) => shape === undefined)) return undefined;
  const present = shapes.map((shape) => Object.keys(shape?.properties ?? {}).filter((name) => !isFalseSchema(shape?.properties[name])));
  const groups = present.map((own, i) => own.filter((name) => !present.some((other, j) => j !== i && other.includes(name)))).filter((group) => group.length > 0);
  return groups.length >= 2 ? groups : undefined;
}

/** Whether an object schema admits properties it does not name (its own or through `$ref`, `allOf`, `oneOf`, `anyOf`). */
function admitsOtherFields(ctx: OperationContext, schema: JsonSchema, depth = 0): boolean {
  if (depth > 8) return true;
  if (typeof schema.$ref === 'string') {
    const target = ctx.registry.get(refName(schema.$ref))?.schema;
    return target ? admitsOtherFields(ctx, target, depth + 1) : true;
  }
  if (schema.additionalProperties === true || isObject(schema.additionalProperties) || isObject(schema.patternProperties)) return true;
  const parts = [schema.allOf, schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  if (parts.some((part) => isObject(part) && Object.keys(part).some((k) => k !== 'required' && k !== 'description') && admitsOtherFields(ctx, part, depth + 1))) return true;
  // A bare `type: object`: any object.
  return parts.length === 0 && !isObject(schema.properties);
}

function fieldChecks(
  ctx: OperationContext,
  object: { properties: Record<string, JsonSchema>; required: string[] },
): BodyModel['fieldChecks'] {
  const out: BodyModel['fieldChecks'] = {};
  for (const [name, schema] of Object.entries(object.properties)) {
    const checks = { ...valueChecks(schema, ctx.registry, ctx.enumNames), ...(object.required.includes(name) ? { required: true } : {}) };
    if (Object.keys(checks).length > 0) out[name] = checks;
  }
  return out;
}

function namedOrHoisted(ctx: OperationContext, schema: JsonSchema, suggestion: string, origin: 'body' | 'response'): string {
  const keys = Object.keys(schema);
  if (typeof schema.$ref === 'string' && keys.every((k) => k === '$ref' || k === 'description')) {
    return refName(schema.$ref);
  }
  return ctx.registry.hoist(suggestion, schema, origin);
}

const SUCCESS_PREFERENCE: [RegExp, SuccessModel['encoding']][] = [
  [/^application\/json$/i, 'json'],
  [/^application\/[^;]*\+json$/i, 'json'],
  [/json/i, 'json'],
  [/^application\/x-www-form-urlencoded$/i, 'form'],
  [/^text\//i, 'text'],
  [/.*/, 'binary'],
];

/**
 * What a call resolves to: the bodies of the 2xx responses that have one (by status code), or, when
 * no 2xx or 3xx response is listed, of `default` (then the only description of success). The first
 * body's media type decides how the body is read; when other 2xx responses have bodies read the same
 * way but with other schemas (a 200 and a 202, say), the result is their union. When another 2xx
 * response has no body (a 204 beside a 200), the result may be `undefined`. HEAD responses never
 * have a body.
 */
function readSuccess(ctx: OperationContext, raw: unknown, at: Location, typeBase: string, method: string): SuccessModel {
  const none: SuccessModel = { status: null, encoding: 'none', typeName: 'void' };
  const responses = isObject(raw) ? raw : {};
  let codes = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort((a, b) => a.localeCompare(b));
  const redirects = Object.keys(responses).some((c) => /^3(\d\d|XX)$/i.test(c));
  if (codes.length === 0 && !redirects && responses.default !== undefined) codes = ['default'];
  if (codes.length === 0 || method === 'head') return none;
  const read = codes.map((code) => {
    const resolved = ctx.docs.deref(responses[code], { ...at, tokens: [...at.tokens, code] });
    const content = isObject(resolved.value) && isObject(resolved.value.content) ? resolved.value.content : {};
    return { code, resolved, content };
  });
  const withBodies = read.filter((r) => Object.keys(r.content).length > 0);
  const first = read[0];
  const status = (r: { code: string } | undefined): number | null => (r && /^\d+$/.test(r.code) ? Number(r.code) : null);
  if (withBodies.length === 0) return { ...none, status: status(first) };
  const mayBeEmpty = read.some((r) => Object.keys(r.content).length === 0);
  const bodies = withBodies.map((r) => successBody(ctx, r.resolved, r.content));
  const head = bodies[0] as SuccessBody;
  const result = { status: status(withBodies[0]), ...(mayBeEmpty ? { mayBeEmpty } : {}), encoding: head.encoding };
  if (!('schema' in head)) return { ...result, typeName: head.typeName };
  const schemas: JsonSchema[] = [];
  for (const body of bodies) {
    if (body.encoding !== head.encoding || !('schema' in body)) continue;
    if (!schemas.some((known) => JSON.stringify(known) === JSON.stringify(body.schema))) schemas.push(body.schema);
  }
  const schema = schemas.length === 1 ? head.schema : { oneOf: schemas };
  return { ...result, typeName: namedOrHoisted(ctx, schema, `${typeBase}Response`, 'response') };
}

/** Media types whose body is a stream of events: newline-delimited JSON, or Server-Sent Events. */
const STREAM_TYPES: [RegExp, 'ndjson' | 'sse'][] = [
  [/^text\/event-stream$/i, 'sse'],
  [/^application\/(x-ndjson|ndjson|jsonl|x-jsonlines|jsonlines|stream\+json)$/i, 'ndjson'],
];

/**
 * Whether the operation streams: as `x-streaming` states (`ndjson`, `sse`, `true`; `false` says it
 * does not), else inferred from `x-twitter-streaming: true` (X's published spec: newline-delimited
 * JSON) or 2xx responses whose only media type is a streaming one. An operation that also answers
 * plain JSON (a `stream` flag in the request chooses) is not a stream.
 */
function readStreaming(ctx: OperationContext, op: Record<string, unknown>, at: Location): Pick<OperationModel, 'streaming' | 'streamingInferred'> {
  const stated = op['x-streaming'];
  if (stated === false) return {};
  if (stated === 'ndjson' || stated === true) return { streaming: 'ndjson' };
  if (stated === 'sse') return { streaming: 'sse' };
  if (op['x-twitter-streaming'] === true) return { streaming: 'ndjson', streamingInferred: true };
  const responses = isObject(op.responses) ? op.responses : {};
  const kinds = new Set<string>();
  for (const code of Object.keys(responses).filter((c) => /^2(\d\d|XX)$/i.test(c))) {
    const response = ctx.docs.deref(responses[code], { ...at, tokens: [...at.tokens, code] }).value;
    if (!isObject(response) || !isObject(response.content)) continue;
    for (const type of Object.keys(response.content)) {
      const bare = type.split(';')[0]?.trim() ?? type;
      kinds.add(STREAM_TYPES.find(([pattern]) => pattern.test(bare))?.[1] ?? 'other');
    }
  }
  const [only] = kinds;
  return kinds.size === 1 && only !== 'other' ? { streaming: only as 'ndjson' | 'sse', streamingInferred: true } : {};
}

/** The header names (lower-cased) the 2xx responses declare: a `Link` header says the operation pages by links. */
function successHeaders(ctx: OperationContext, raw: unknown, at: Location): Set<string> {
  const names = new Set<string>();
  if (!isObject(raw)) return names;
  for (const code of Object.keys(raw).filter((c) => /^2(\d\d|XX)$/i.test(c))) {
    const response = ctx.docs.deref(raw[code], { ...at, tokens: [...at.tokens, code] }).value;
    if (isObject(response) && isObject(response.headers)) for (const name of Object.keys(response.headers)) names.add(name.toLowerCase());
  }
  return names;
}

/** How one response body is read, and its schema when it has one beyond bytes or text. */
type SuccessBody = { encoding: SuccessModel['encoding']; typeName: 'Blob' | 'string' } | { encoding: SuccessModel['encoding']; schema: JsonSchema };

function successBody(ctx: OperationContext, resolved: Location, content: Record<string, unknown>): SuccessBody {
  const types = Object.keys(content);
  const [mediaType, encoding] = pickMedia(types, SUCCESS_PREFERENCE) ?? [types[0] ?? '', 'binary'];
  const media = content[mediaType];
  const mediaAt: Location = { file: resolved.file, tokens: [...resolved.tokens, 'content', mediaType, 'schema'] };
  if (encoding === 'binary') return { encoding, typeName: 'Blob' };
  const given = isObject(media) ? media.schema : undefined;
  // An event stream's schema describes each event's data: JSON unless it is a string.
  if (/^text\/event-stream$/i.test(mediaType.split(';')[0]?.trim() ?? '') && isObject(given) && given.type !== 'string') {
    const converted = ctx.registry.convert(given, mediaAt);
    return { encoding: 'json', schema: ctx.registry.visible(converted, 'writeOnly') ?? converted };
  }
  // Text is read as a string, whatever else its schema says.
  if (encoding === 'text' && !(isObject(given) && given.type === 'string')) return { encoding, typeName: 'string' };
  const converted = ctx.registry.convert(given ?? {}, mediaAt);
  // A write-only field, at any depth, never comes back: the result type leaves it out.
  return { encoding, schema: ctx.registry.visible(converted, 'writeOnly') ?? converted };
}

/** The params type as a schema: path, query and header parameters, then the body's fields or `body`. */
function paramsObjectSchema(params: ParamModel[], read: ReadBody | undefined): JsonSchema {
  const body = read?.body;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const param of params) {
    const doc = [param.description, param.in !== 'query' ? `Sent in the ${param.in}.` : undefined].filter(Boolean).join('\n\n');
    const schema: JsonSchema = Object.fromEntries(Object.entries(param.schema).filter(([k]) => !k.startsWith('x-')));
    if (doc) schema.description = doc;
    if (param.deprecated) schema.deprecated = true;
    properties[param.key] = schema;
    if (param.required) required.push(param.key);
  }
  const own: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) own.required = required;
  if (!body) return own;
  const bodyRef = { $ref: `#/components/schemas/${body.typeName}` };
  if (body.mode === 'whole') {
    properties.body = { ...bodyRef, description: `The request body (${body.contentType}).` };
    if (body.required) own.required = [...required, 'body'];
    return own;
  }
  if (params.length === 0) return bodyRef;
  return { allOf: [bodyRef, own] };
}

/** Where the operation's API key goes: the first apiKey scheme its security requirements name. */
function apiKeyOf(raw: unknown, schemes: ReadonlyMap<string, SecuritySchemeModel>): Pick<OperationModel, 'apiKey'> {
  if (!Array.isArray(raw)) return {};
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const placement = schemes.get(name)?.apiKey;
      if (placement) return { apiKey: placement };
    }
  }
  return {};
}

const OAUTH_STEPS: readonly OAuthStep[] = ['request-token', 'authorize', 'authenticate', 'access-token', 'invalidate', 'app-token', 'app-token-invalidate'];

function oauthStepOf(raw: unknown): Pick<OperationModel, 'oauthStep'> {
  return OAUTH_STEPS.includes(raw as OAuthStep) ? { oauthStep: raw as OAuthStep } : {};
}

/** Form-encoded Basic credentials when a scheme the operation's security names asks for them. */
function basicEncodingOf(raw: unknown, schemes: ReadonlyMap<string, SecuritySchemeModel>): Pick<OperationModel, 'basicEncoding'> {
  if (!Array.isArray(raw)) return {};
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) if (schemes.get(name)?.basicEncoding) return { basicEncoding: 'form' };
  }
  return {};
}

function readSecurity(raw: unknown, schemes: ReadonlyMap<string, SecuritySchemeModel>): AuthKind[][] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const alternatives: AuthKind[][] = [];
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    const kinds: AuthKind[] = [];
    let satisfiable = true;
    for (const name of Object.keys(requirement)) {
      const scheme = schemes.get(name);
      if (scheme) kinds.push(scheme.kind);
      else satisfiable = false;
    }
    if (satisfiable) alternatives.push([...new Set(kinds)]);
  }
  return alternatives;
}

function readFieldSelection(params: ParamModel[]): FieldSelectionModel[] {
  const out: FieldSelectionModel[] = [];
  for (const param of params) {
    const ext = param.schema['x-field-selection'];
    if (!isObject(ext) || typeof ext.object !== 'string') continue;
    const defaults = Array.isArray(ext.defaults) ? ext.defaults.filter((d): d is string => typeof d === 'string') : [];
    out.push({ param: param.name, object: ext.object, defaults });
  }
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
