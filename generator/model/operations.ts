import { HTTP_METHODS, isObject, type Location, type ResolvedRef } from '../load/index.ts';
import { deriveOperationId, memberName, NameTable, pascalCase } from './names.ts';
import type { OperationContext } from './operation-context.ts';
import { operationExample } from './operation-example.ts';
import { readPagination } from './pagination.ts';
import { freeKey, readParameters } from './parameters.ts';
import { paramsObjectSchema } from './params-object.ts';
import { readRateLimits } from './rate-limits.ts';
import { coversGroups, readBody } from './request-body.ts';
import { readErrorBodies } from './error-bodies.ts';
import { readStreaming, readSuccess, successHeaders } from './responses.ts';
import { readRules } from './rules.ts';
import { deprecationOf } from './schemas.ts';
import { apiKeyOf, basicEncodingOf, oauthStepOf, readSecurity } from './security-requirements.ts';
import type { FieldSelectionModel, OperationModel, ParamModel } from './types.ts';

/** The group of operations the spec gives no tag. */
export const UNTAGGED = 'Default';

/**
 * Reads every operation of `paths`, in spec order. Group and method names are given later.
 * (Webhooks and callbacks are requests the API sends, not ones a client makes: they are left out.)
 */
export function readOperations(ctx: OperationContext): {
  operations: Omit<OperationModel, 'methodName' | 'group' | 'functionName' | 'resultTypes'>[];
  untagged: Set<string>;
} {
  const root = ctx.docs.root as Record<string, unknown>;
  const paths = isObject(root.paths) ? root.paths : {};
  const found: {
    path: string;
    method: (typeof HTTP_METHODS)[number];
    raw: Record<string, unknown>;
    pathItem: Record<string, unknown>;
    item: Location;
    at: Location;
  }[] = [];
  for (const path of Object.keys(paths)) {
    const item = ctx.docs.deref(paths[path], { file: ctx.docs.rootFile, tokens: ['paths', path] });
    if (!isObject(item.value)) continue;
    const pathItem = item.value;
    for (const method of HTTP_METHODS) {
      const raw = pathItem[method];
      if (!isObject(raw)) continue;
      found.push({
        path,
        method,
        raw,
        pathItem,
        item,
        at: { file: item.file, tokens: [...item.tokens, method] },
      });
    }
  }
  // Ids the spec states are kept as written; one derived from method and path never takes a stated one.
  const stated = (raw: Record<string, unknown>): string | undefined =>
    typeof raw.operationId === 'string' && raw.operationId !== '' ? raw.operationId : undefined;
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
        ctx.docs.warn(
          `duplicate operationId "${given}" (first used at ${where.file}:${where.line}:${where.column}): this one is named "${id}"`,
          idAt,
        );
      } else firstUse.set(id, idAt);
    }
    if (id === undefined) {
      const derived = deriveOperationId(method, path);
      id = derived;
      for (let n = 2; ids.has(id); n++) id = `${derived}${n}`;
      ids.add(id);
    }
    const op = readOperation(
      ctx,
      id,
      constNames.claim(memberName(id)),
      path,
      method,
      raw,
      pathItem,
      item,
      at,
    );
    if (!Array.isArray(raw.tags) || !raw.tags.some((t) => typeof t === 'string' && t.trim() !== ''))
      untagged.add(id);
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
): Omit<OperationModel, 'methodName' | 'group' | 'functionName' | 'resultTypes'> {
  const typeBase = pascalCase(id);
  const paramSchemas = new Map<ParamModel, ResolvedRef>();
  const params = readParameters(ctx, path, pathItem.parameters, op.parameters, itemAt, at, paramSchemas);
  const read = readBody(
    ctx,
    op.requestBody,
    { ...at, tokens: [...at.tokens, 'requestBody'] },
    typeBase,
    params,
  );
  const body = read?.body;
  if (body?.mode === 'whole') {
    // `body` is the whole body's key: a parameter of that name steps aside like any clash.
    const clash = params.find((p) => p.key === 'body');
    if (clash) clash.key = freeKey(`${clash.in}_body`, new Set(params.map((p) => p.key)));
  }
  const rules = readRules(op['x-validation'], ctx.docs, at);
  // A rule of the spec's own over the same fields says it better (with its message): the derived check steps aside.
  if (body?.exclusive && rules.some((rule) => coversGroups(rule, body.exclusive ?? [])))
    delete body.exclusive;
  const success = readSuccess(
    ctx,
    op.responses,
    { ...at, tokens: [...at.tokens, 'responses'] },
    typeBase,
    method,
  );
  const tags = Array.isArray(op.tags)
    ? op.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    : [];
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

  const paramsSchema = paramsObjectSchema(params, read);
  // The params argument may be left out only when `{}` is a valid params object.
  const bodyRequired = body
    ? body.mode === 'whole'
      ? body.required
      : !read.acceptsEmpty || (body.required && body.fieldNames.length === 0)
    : false;
  const required = params.some((p) => p.required) || bodyRequired;
  const hasParams = params.length > 0 || body !== undefined;
  let paramsType = 'Record<string, never>';
  if (hasParams) {
    paramsType = ctx.registry.hoist(`${typeBase}Params`, paramsSchema, 'params', `Parameters of \`${id}\`.`);
  }
  const streaming = readStreaming(ctx, op, { ...at, tokens: [...at.tokens, 'responses'] });
  // A stream's events are not pages.
  const pagination = streaming.streaming
    ? undefined
    : readPagination(op['x-pagination'], {
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
    ...readErrorBodies(ctx, op.responses, { ...at, tokens: [...at.tokens, 'responses'] }, typeBase),
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
    example: operationExample(ctx.docs, {
      path,
      params,
      paramSchemas,
      ...(read ? { body: { model: read.body, raw: read.raw } } : {}),
      rules,
      paramsOptional: !required,
    }),
    rateLimits: readRateLimits(
      op['x-rate-limit'],
      ctx.docs,
      at,
      { id, params, bodyFields: body?.fieldNames ?? [] },
      (ctx.budgets ??= new Map()),
    ),
  };
}

function readFieldSelection(params: ParamModel[]): FieldSelectionModel[] {
  const out: FieldSelectionModel[] = [];
  for (const param of params) {
    const ext = param.schema['x-field-selection'];
    if (!isObject(ext) || typeof ext.object !== 'string') continue;
    const defaults = Array.isArray(ext.defaults)
      ? ext.defaults.filter((d): d is string => typeof d === 'string')
      : [];
    out.push({ param: param.name, object: ext.object, defaults });
  }
  return out;
}
