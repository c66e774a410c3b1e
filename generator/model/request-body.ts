import { isObject, type Location, type ResolvedRef } from '../load/index.ts';
import { pickMedia } from './media-types.ts';
import { namedOrHoisted, type OperationContext } from './operation-context.ts';
import { valueChecks } from './value-checks.ts';
import { isFalseSchema, refName } from './schemas.ts';
import type { BodyModel, JsonSchema, ParamModel } from './types.ts';

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

/** A request body and what the params type needs to know of it. */
export interface ReadBody {
  body: BodyModel;
  /** `{}` is a valid value of the fields (fields mode): nothing in the body is required. */
  acceptsEmpty: boolean;
  /** The body's schema as the spec writes it, where it stands (for examples). */
  raw: ResolvedRef;
}

export function readBody(
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
  const rawSchema =
    isObject(media) && media.schema !== undefined
      ? media.schema
      : encoding === 'binary'
        ? { type: 'string', format: 'binary' }
        : {};
  const schemaAt: ResolvedRef = { ...mediaAt, tokens: [...mediaAt.tokens, 'schema'], value: rawSchema };
  const converted = ctx.registry.convert(rawSchema, schemaAt);
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
  const example = mediaExample(media, rawSchema);
  if (example !== undefined) model.example = example;
  if (!canSpread) {
    // A whole body (an array, bytes, text) is still checked against what its schema states.
    if (encoding === 'json' || encoding === 'form') {
      const checks = valueChecks(schema, ctx.registry, ctx.enumNames);
      if (Object.keys(checks).length > 0) model.checks = checks;
    }
    return { body: model, acceptsEmpty: false, raw: schemaAt };
  }
  model.fieldChecks = fieldChecks(ctx, object);
  if (admitsOtherFields(ctx, schema)) model.open = true;
  const exclusive = exclusiveFields(ctx, schema);
  if (exclusive) model.exclusive = exclusive;
  return { body: model, acceptsEmpty: object.acceptsEmpty, raw: schemaAt };
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
  const variants = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (variants) {
    // A union of object shapes: its fields are the union of theirs; required only where every variant requires.
    const parts = variants.map((v) => (isObject(v) ? objectProperties(ctx, v, depth + 1) : undefined));
    if (parts.some((p) => p === undefined) || schema.properties || schema.allOf) return undefined;
    const properties: Record<string, JsonSchema> = {};
    const differing = new Set<string>();
    for (const part of parts) {
      for (const [name, prop] of Object.entries(part?.properties ?? {})) {
        if (isFalseSchema(prop) && properties[name]) continue;
        if (
          properties[name] &&
          !isFalseSchema(properties[name]) &&
          JSON.stringify(properties[name]) !== JSON.stringify(prop)
        )
          differing.add(name);
        properties[name] = prop;
      }
    }
    // A field whose schema differs between variants (a discriminator, say) is checked by none of them.
    for (const name of differing) properties[name] = {};
    const required = Object.keys(properties).filter((name) => parts.every((p) => p?.required.includes(name)));
    const acceptsEmpty = parts.some((p) => p?.acceptsEmpty);
    return {
      properties: Object.fromEntries(Object.entries(properties).filter(([, p]) => !isFalseSchema(p))),
      required,
      acceptsEmpty,
    };
  }
  if (schema.not) return undefined;
  const type = schema.type;
  if (type !== undefined && type !== 'object') return undefined;
  const properties: Record<string, JsonSchema> = isObject(schema.properties)
    ? { ...(schema.properties as Record<string, JsonSchema>) }
    : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  let partsAcceptEmpty = true;
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      // `allOf: [{ required: [email] }]` only adds a requirement.
      const onlyRequired =
        isObject(part) && Object.keys(part).every((k) => k === 'required' || k === 'description');
      const inner = onlyRequired
        ? { properties: {}, required: part.required as string[], acceptsEmpty: false }
        : isObject(part)
          ? objectProperties(ctx, part, depth + 1)
          : undefined;
      if (!inner) return undefined;
      Object.assign(properties, inner.properties);
      required.push(...inner.required);
      if (!inner.acceptsEmpty && !onlyRequired) partsAcceptEmpty = false;
    }
  }
  if (Object.keys(properties).length === 0 && type !== 'object') return undefined;
  return {
    properties,
    required: [...new Set(required)],
    acceptsEmpty: required.length === 0 && partsAcceptEmpty,
  };
}

/** An `x-validation` rule that allows at most one of fields naming one of every group. */
export function coversGroups(rule: Record<string, unknown>, groups: readonly string[][]): boolean {
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
  if (!Array.isArray(schema.oneOf) || schema.discriminator !== undefined || schema.properties || schema.allOf)
    return undefined;
  const shapes = schema.oneOf.map((v) => (isObject(v) ? objectProperties(ctx, v) : undefined));
  if (shapes.some((shape) => shape === undefined)) return undefined;
  const present = shapes.map((shape) =>
    Object.keys(shape?.properties ?? {}).filter((name) => !isFalseSchema(shape?.properties[name])),
  );
  const groups = present
    .map((own, i) => own.filter((name) => !present.some((other, j) => j !== i && other.includes(name))))
    .filter((group) => group.length > 0);
  return groups.length >= 2 ? groups : undefined;
}

/** Whether an object schema admits properties it does not name (its own or through `$ref`, `allOf`, `oneOf`, `anyOf`). */
function admitsOtherFields(ctx: OperationContext, schema: JsonSchema, depth = 0): boolean {
  if (depth > 8) return true;
  if (typeof schema.$ref === 'string') {
    const target = ctx.registry.get(refName(schema.$ref))?.schema;
    return target ? admitsOtherFields(ctx, target, depth + 1) : true;
  }
  if (
    schema.additionalProperties === true ||
    isObject(schema.additionalProperties) ||
    isObject(schema.patternProperties)
  )
    return true;
  const parts = [schema.allOf, schema.oneOf, schema.anyOf].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  if (
    parts.some(
      (part) =>
        isObject(part) &&
        Object.keys(part).some((k) => k !== 'required' && k !== 'description') &&
        admitsOtherFields(ctx, part, depth + 1),
    )
  )
    return true;
  // A bare `type: object`: any object.
  return parts.length === 0 && !isObject(schema.properties);
}

function fieldChecks(
  ctx: OperationContext,
  object: { properties: Record<string, JsonSchema>; required: string[] },
): BodyModel['fieldChecks'] {
  const out: BodyModel['fieldChecks'] = {};
  for (const [name, schema] of Object.entries(object.properties)) {
    const checks = {
      ...valueChecks(schema, ctx.registry, ctx.enumNames),
      ...(object.required.includes(name) ? { required: true } : {}),
    };
    if (Object.keys(checks).length > 0) out[name] = checks;
  }
  return out;
}

/** An example of a whole body, for docs: the media type's `example`, its first `examples` value, or the schema's. */
function mediaExample(media: unknown, schema: unknown): unknown {
  if (!isObject(media)) return undefined;
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    for (const entry of Object.values(media.examples))
      if (isObject(entry) && entry.value !== undefined) return entry.value;
  }
  return isObject(schema) ? schema.example : undefined;
}
