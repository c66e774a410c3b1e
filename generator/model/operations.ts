import { type DocumentSet, HTTP_METHODS, isObject, type Location } from '../load/index.ts';
import { deriveOperationId, pascalCase } from './names.ts';
import { parameterSchema, serializationStyle, valueChecks } from './parameters.ts';
import { readRules } from './rules.ts';
import { deprecationOf, type SchemaRegistry } from './schemas.ts';
import type {
  AuthKind,
  BodyModel,
  FieldSelectionModel,
  JsonSchema,
  OperationModel,
  PaginationModel,
  ParamModel,
  SecuritySchemeModel,
  SuccessModel,
} from './types.ts';

/** What building an operation needs from the rest of the model. */
export interface OperationContext {
  docs: DocumentSet;
  registry: SchemaRegistry;
  enumNames: ReadonlySet<string>;
  schemes: ReadonlyMap<string, SecuritySchemeModel>;
  rootSecurity: unknown;
}

/** Reads every operation of `paths`, in spec order. Group and method names are given later. */
export function readOperations(ctx: OperationContext): Omit<OperationModel, 'methodName' | 'group'>[] {
  const root = ctx.docs.root as Record<string, unknown>;
  const paths = isObject(root.paths) ? root.paths : {};
  const out: Omit<OperationModel, 'methodName' | 'group'>[] = [];
  for (const path of Object.keys(paths)) {
    const item = ctx.docs.deref(paths[path], { file: ctx.docs.rootFile, tokens: ['paths', path] });
    const pathItem = item.value as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const raw = pathItem[method];
      if (!isObject(raw)) continue;
      const at: Location = { file: item.file, tokens: [...item.tokens, method] };
      out.push(readOperation(ctx, path, method, raw, pathItem, item, at));
    }
  }
  return out;
}

function readOperation(
  ctx: OperationContext,
  path: string,
  method: (typeof HTTP_METHODS)[number],
  op: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  itemAt: Location,
  at: Location,
): Omit<OperationModel, 'methodName' | 'group'> {
  const id = typeof op.operationId === 'string' ? op.operationId : deriveOperationId(method, path);
  const typeBase = pascalCase(id);
  const params = readParameters(ctx, pathItem.parameters, op.parameters, itemAt, at);
  const body = readBody(ctx, op.requestBody, { ...at, tokens: [...at.tokens, 'requestBody'] }, typeBase, params);
  const success = readSuccess(ctx, op.responses, { ...at, tokens: [...at.tokens, 'responses'] }, typeBase);
  const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

  const paramsSchema = paramsObjectSchema(params, body);
  const bodyRequired = body
    ? body.mode === 'whole'
      ? body.required
      : Object.values(body.fieldChecks).some((c) => c.required) || (body.required && body.fieldNames.length === 0)
    : false;
  const required = params.some((p) => p.required) || bodyRequired;
  const hasParams = params.length > 0 || body !== undefined;
  let paramsType = 'Record<string, never>';
  if (hasParams) {
    paramsType = ctx.registry.hoist(`${typeBase}Params`, paramsSchema, 'params', `Parameters of \`${id}\`.`);
  }
  const pagination = readPagination(op['x-pagination'], success, params);
  return {
    id,
    tags: tags.length > 0 ? tags : ['Default'],
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
    pagination,
    streaming: op['x-streaming'] === 'ndjson' || op['x-streaming'] === true ? 'ndjson' : undefined,
    browserStep: op['x-browser-step'] === true,
    sandboxOnly: op['x-sandbox-only'] === true,
    audienceUpload: op['x-audience-upload'] === true,
    rules: readRules(op['x-validation'], ctx.docs, at),
    fieldSelection: readFieldSelection(params),
  };
}

function readParameters(
  ctx: OperationContext,
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
      // Headers are case-insensitive; an operation's own parameter replaces the path item's.
      const key = `${location}:${location === 'header' ? name.toLowerCase() : name}`;
      const { schema: rawSchema, key: schemaKey } = parameterSchema(param);
      const schema = ctx.registry.convert(rawSchema, { ...resolved, tokens: [...resolved.tokens, ...schemaKey] });
      const description = typeof param.description === 'string' ? param.description.trim() : undefined;
      const deprecated = deprecationOf(param);
      const model: ParamModel = {
        name,
        in: location,
        required: param.required === true || location === 'path',
        description,
        deprecated,
        style: serializationStyle(param),
        checks: valueChecks(schema, ctx.registry, ctx.enumNames),
        schema: withExtensions(schema, param),
      };
      byKey.set(key, model);
    });
  };
  add(shared, { ...itemAt, tokens: [...itemAt.tokens, 'parameters'] });
  add(own, { ...opAt, tokens: [...opAt.tokens, 'parameters'] });
  return [...byKey.values()];
}

/** Carries the parameter-level extensions the model reads later (field selection, expansions). */
function withExtensions(schema: JsonSchema, param: Record<string, unknown>): JsonSchema {
  const out = { ...schema };
  for (const key of ['x-field-selection', 'x-expansions']) if (param[key] !== undefined) out[key] = param[key];
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

function pickMedia(content: Record<string, unknown>): [string, BodyModel['encoding']] | undefined {
  const types = Object.keys(content);
  for (const [pattern, encoding] of BODY_PREFERENCE) {
    const match = types.find((t) => pattern.test(t.split(';')[0]?.trim() ?? t));
    if (match) return [match, encoding];
  }
  return undefined;
}

function readBody(
  ctx: OperationContext,
  raw: unknown,
  at: Location,
  typeBase: string,
  params: ParamModel[],
): BodyModel | undefined {
  if (raw === undefined) return undefined;
  const resolved = ctx.docs.deref(raw, at);
  const body = resolved.value as Record<string, unknown>;
  if (!isObject(body.content)) return undefined;
  const picked = pickMedia(body.content);
  if (!picked) return undefined;
  const [contentType, encoding] = picked;
  const media = body.content[contentType];
  const mediaAt: Location = { ...resolved, tokens: [...resolved.tokens, 'content', contentType] };
  const rawSchema = isObject(media) && media.schema !== undefined ? media.schema : encoding === 'binary' ? { type: 'string', format: 'binary' } : {};
  const schema = ctx.registry.convert(rawSchema, { ...mediaAt, tokens: [...mediaAt.tokens, 'schema'] });
  const typeName = namedOrHoisted(ctx, schema, `${typeBase}Request`, 'body');
  const object = objectProperties(ctx, schema);
  const fields = object ? Object.keys(object.properties) : undefined;
  const paramNames = new Set(params.map((p) => p.name));
  const canSpread =
    fields !== undefined &&
    (encoding === 'json' || encoding === 'form' || encoding === 'multipart') &&
    !fields.some((f) => paramNames.has(f) || f === 'body');
  return {
    contentType,
    encoding,
    required: body.required === true,
    mode: canSpread ? 'fields' : 'whole',
    fieldNames: fields ?? [],
    fieldChecks: canSpread && object ? fieldChecks(ctx, object) : {},
    typeName,
  };
}

/** The properties of a plain object schema (following refs and allOf), or undefined when it is not one. */
function objectProperties(
  ctx: OperationContext,
  schema: JsonSchema,
  depth = 0,
): { properties: Record<string, JsonSchema>; required: string[] } | undefined {
  if (depth > 8) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = ctx.registry.get(schema.$ref.replace('#/components/schemas/', ''))?.schema;
    return target ? objectProperties(ctx, target, depth + 1) : undefined;
  }
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (variants) {
    // A union of object shapes: its fields are the union of theirs; required only where every variant requires.
    const parts = variants.map((v) => (isObject(v) ? objectProperties(ctx, v, depth + 1) : undefined));
    if (parts.some((p) => p === undefined) || schema.properties || schema.allOf) return undefined;
    const properties: Record<string, JsonSchema> = {};
    for (const part of parts) {
      for (const [name, prop] of Object.entries(part?.properties ?? {})) if (!isFalseSchema(prop) || !properties[name]) properties[name] = prop;
    }
    const required = Object.keys(properties).filter((name) => parts.every((p) => p?.required.includes(name)));
    return { properties: Object.fromEntries(Object.entries(properties).filter(([, p]) => !isFalseSchema(p))), required };
  }
  if (schema.not) return undefined;
  const type = schema.type;
  if (type !== undefined && type !== 'object') return undefined;
  const properties: Record<string, JsonSchema> = isObject(schema.properties) ? { ...(schema.properties as Record<string, JsonSchema>) } : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const inner = isObject(part) ? objectProperties(ctx, part, depth + 1) : undefined;
      if (!inner) return undefined;
      Object.assign(properties, inner.properties);
      required.push(...inner.required);
    }
  }
  if (Object.keys(properties).length === 0 && type !== 'object') return undefined;
  return { properties, required };
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

function isFalseSchema(schema: unknown): boolean {
  return schema === false || (isObject(schema) && isObject(schema.not) && Object.keys(schema.not).length === 0);
}

function namedOrHoisted(ctx: OperationContext, schema: JsonSchema, suggestion: string, origin: 'body' | 'response'): string {
  const keys = Object.keys(schema);
  if (typeof schema.$ref === 'string' && keys.every((k) => k === '$ref' || k === 'description')) {
    return schema.$ref.replace('#/components/schemas/', '');
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

function readSuccess(ctx: OperationContext, raw: unknown, at: Location, typeBase: string): SuccessModel {
  const responses = isObject(raw) ? raw : {};
  const codes = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort((a, b) => a.localeCompare(b));
  const code = codes[0];
  if (!code) return { status: null, encoding: 'none', typeName: 'void' };
  const resolved = ctx.docs.deref(responses[code], { ...at, tokens: [...at.tokens, code] });
  const response = resolved.value as Record<string, unknown>;
  const status = /^\d+$/.test(code) ? Number(code) : null;
  const content = isObject(response.content) ? response.content : {};
  const types = Object.keys(content);
  if (types.length === 0) return { status, encoding: 'none', typeName: 'void' };
  let chosen: [string, SuccessModel['encoding']] | undefined;
  for (const [pattern, encoding] of SUCCESS_PREFERENCE) {
    const match = types.find((t) => pattern.test(t.split(';')[0]?.trim() ?? t));
    if (match) {
      chosen = [match, encoding];
      break;
    }
  }
  const [mediaType, encoding] = chosen ?? [types[0] ?? '', 'binary'];
  const media = content[mediaType];
  const mediaAt: Location = { ...resolved, tokens: [...resolved.tokens, 'content', mediaType, 'schema'] };
  if (encoding === 'binary') return { status, encoding, typeName: 'Blob' };
  const rawSchema = isObject(media) && media.schema !== undefined ? media.schema : encoding === 'text' ? { type: 'string' } : {};
  const schema = ctx.registry.convert(rawSchema, mediaAt);
  return { status, encoding, typeName: namedOrHoisted(ctx, schema, `${typeBase}Response`, 'response') };
}

/** The params type as a schema: path, query and header parameters, then the body's fields or `body`. */
function paramsObjectSchema(params: ParamModel[], body: BodyModel | undefined): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const param of params) {
    const doc = [param.description, param.in !== 'query' ? `Sent in the ${param.in}.` : undefined].filter(Boolean).join('\n\n');
    const schema: JsonSchema = Object.fromEntries(Object.entries(param.schema).filter(([k]) => !k.startsWith('x-')));
    if (doc) schema.description = doc;
    if (param.deprecated) schema.deprecated = true;
    properties[param.name] = schema;
    if (param.required) required.push(param.name);
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

function readPagination(raw: unknown, success: SuccessModel, params: ParamModel[]): PaginationModel | undefined {
  if (!isObject(raw)) return undefined;
  const style = raw.style === 'cursor' ? 'cursor' : 'token';
  const token = typeof raw.token === 'string' ? raw.token : style === 'cursor' ? 'cursor' : 'pagination_token';
  if (!params.some((p) => p.name === token)) return undefined;
  const next = typeof raw.next === 'string' ? raw.next : style === 'cursor' ? 'next_cursor' : 'meta.next_token';
  const items = typeof raw.items === 'string' ? raw.items : 'data';
  return {
    style,
    limit: typeof raw.limit === 'string' ? raw.limit : undefined,
    token,
    next,
    previous: typeof raw.previous === 'string' ? raw.previous : undefined,
    items,
    itemType: `PageItem<${success.typeName}, ${JSON.stringify(items)}>`,
  };
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
