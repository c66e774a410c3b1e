/**
 * One operation of the model as its snapshot records it: its params and body fields as the call
 * takes them, its result, how the result follows the params, its error bodies, and the credentials
 * it accepts.
 */
import { paramTypeSchema } from '../model/params-object.ts';
import { refName } from '../model/schemas.ts';
import type { AuthKind, JsonSchema, NarrowedMember, OperationModel, SelectionModel } from '../model/types.ts';
import { docsDigest, type Field, type Shape, shapeOf } from './shapes.ts';
import type {
  NarrowingSnapshot,
  OperationKind,
  OperationSnapshot,
  ParamSnapshot,
  SelectionSnapshot,
} from './snapshot-types.ts';

/** The snapshot of one operation; `schemaOf` finds a named schema (a body's fields are read through it). */
export function operationSnapshot(
  op: OperationModel,
  schemaOf: (name: string) => JsonSchema | undefined,
  selections: ReadonlyMap<string, SelectionModel>,
): OperationSnapshot {
  const params: Record<string, ParamSnapshot> = {};
  for (const param of op.params) {
    params[param.key] = {
      wire: param.name,
      in: param.in,
      type: shapeOf(paramTypeSchema(param.schema)),
      ...(param.required ? { required: true as const } : {}),
    };
  }
  const body = op.body;
  let bodyTakesAnyField = false;
  if (body?.mode === 'whole') {
    params.body = {
      wire: 'body',
      in: 'body',
      type: { ref: body.typeName },
      ...(body.required ? { required: true as const } : {}),
    };
  } else if (body) {
    if (takesAnyField(schemaOf(body.typeName), schemaOf)) bodyTakesAnyField = true;
    for (const [name, field] of Object.entries(bodyFields(schemaOf(body.typeName), schemaOf))) {
      const required = body.fieldChecks[name]?.required === true;
      params[name] = {
        wire: name,
        in: 'body',
        type: field.type,
        ...(required ? { required: true as const } : {}),
      };
    }
  }
  const kind: OperationKind = op.browserStep
    ? 'browser-step'
    : op.streaming
      ? 'stream'
      : op.pagination
        ? 'paginated'
        : 'plain';
  const found = op.narrowing ? narrowingSnapshot(op.narrowing.members, selections) : undefined;
  const narrowing =
    found && op.narrowing
      ? {
          ...found,
          generic: {
            type: op.narrowing.typeName,
            parameters: op.narrowing.typeParameters.map((t) => ({ name: t.name, param: t.param })),
          },
        }
      : found;
  const docs = docsDigest(
    {
      summary: op.summary,
      description: op.description,
      externalDocs: op.externalDocs,
      deprecated: op.deprecated,
    },
    op.params.map((p) => ({ description: p.description, example: p.example, deprecated: p.deprecated })),
  );
  return {
    group: op.group,
    method: op.methodName,
    http: `${op.method} ${op.path}`,
    kind,
    params,
    result: resultShape(op),
    ...(op.streaming === 'sse' ? { events: 'sse' as const } : {}),
    ...(narrowing ? { narrowing } : {}),
    ...(op.success.mayBeEmpty ? { resultMayBeEmpty: true as const } : {}),
    ...(bodyTakesAnyField ? { bodyTakesAnyField: true as const } : {}),
    ...(op.errorBodies.length > 0
      ? { errors: Object.fromEntries(op.errorBodies.map((b) => [b.status, { ref: b.typeName }])) }
      : {}),
    ...(op.untypedErrors.length > 0 ? { untypedErrors: [...op.untypedErrors] } : {}),
    auth: authKinds(op),
    ...(op.deprecated ? { deprecated: true as const } : {}),
    ...(docs ? { docs } : {}),
  };
}

/** What the narrowed result type of an operation is made of, by result path. */
function narrowingSnapshot(
  members: readonly NarrowedMember[],
  selections: ReadonlyMap<string, SelectionModel>,
): NarrowingSnapshot | undefined {
  const selected: Record<string, SelectionSnapshot> = {};
  const flags: Record<string, string> = {};
  const visit = (list: readonly NarrowedMember[], prefix: string): void => {
    for (const member of list) {
      const path = `${prefix}${member.property}`;
      if (member.flag) flags[path] = member.flag.param;
      if (member.object) visit(member.object.members, `${path}.`);
      const selection = member.selection && selections.get(member.selection.name);
      if (!member.selection || !selection) continue;
      // A default is there whether asked for or not: only other fields stay optional when asked.
      const sometimesAbsent = selection.sometimesAbsent.filter((f) => !selection.defaults.includes(f)).sort();
      selected[`${path}${member.array ? '[]' : ''}`] = {
        param: member.selection.param,
        object: selection.object,
        defaults: [...selection.defaults].sort(),
        ...(selection.defaultsUnknown ? { defaultsUnknown: true as const } : {}),
        ...(sometimesAbsent.length > 0 ? { sometimesAbsent } : {}),
      };
    }
  };
  visit(members, '');
  const out: NarrowingSnapshot = {
    ...(Object.keys(selected).length > 0 ? { selected: sortKeys(selected) } : {}),
    ...(Object.keys(flags).length > 0 ? { flags: sortKeys(flags) } : {}),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `record` with its keys in order (a snapshot is written in a stable form). */
export function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** An object body whose type takes fields it does not declare: `additionalProperties` (not false), or no properties at all. */
function takesAnyField(
  schema: JsonSchema | undefined,
  schemaOf: (name: string) => JsonSchema | undefined,
  depth = 0,
): boolean {
  if (!schema || depth > 8) return false;
  if (typeof schema.$ref === 'string')
    return takesAnyField(schemaOf(refName(schema.$ref)), schemaOf, depth + 1);
  const shape = shapeOf(schema);
  if (!('kind' in shape) || shape.kind !== 'object') return false;
  return (
    shape.extra === true ||
    typeof shape.extra === 'object' ||
    (Object.keys(shape.fields).length === 0 && shape.extra !== false)
  );
}

/** The fields of an object body sent field by field: its properties, through `$ref`s, `allOf` and unions. */
function bodyFields(
  schema: JsonSchema | undefined,
  schemaOf: (name: string) => JsonSchema | undefined,
  depth = 0,
): Record<string, Field> {
  if (!schema || depth > 8) return {};
  if (typeof schema.$ref === 'string') return bodyFields(schemaOf(refName(schema.$ref)), schemaOf, depth + 1);
  const out: Record<string, Field> = {};
  const shape = shapeOf(schema);
  if ('kind' in shape && shape.kind === 'object') Object.assign(out, shape.fields);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      for (const [name, field] of Object.entries(bodyFields(part as JsonSchema, schemaOf, depth + 1))) {
        // A field one shape of a union marks absent is the other shapes' field.
        if ('kind' in field.type && field.type.kind === 'never') continue;
        out[name] ??= { type: field.type };
      }
    }
  }
  if ('kind' in shape && shape.kind === 'all' && schema.properties) {
    const own = shapeOf({ type: 'object', properties: schema.properties });
    if ('kind' in own && own.kind === 'object') Object.assign(out, own.fields);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function resultShape(op: OperationModel): Shape {
  if (op.browserStep) return { kind: 'string' };
  switch (op.success.typeName) {
    case 'void':
      return { kind: 'void' };
    case 'Blob':
      return { kind: 'blob' };
    case 'string':
      return { kind: 'string' };
    default:
      return { ref: op.success.typeName };
  }
}

function authKinds(op: OperationModel): (AuthKind | '*')[] {
  if (op.security === undefined) return ['*'];
  // An alternative that needs two credentials at once cannot be met by one `auth`: it accepts none.
  const kinds = op.security
    .filter((alt) => alt.length <= 1)
    .flatMap((alt) => (alt.length === 0 ? ['*' as const] : alt));
  return [...new Set(kinds)].sort();
}
