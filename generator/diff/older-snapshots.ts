/**
 * Reading a snapshot of an older format against a new one: the facts its format did not record are
 * taken from the new one, so a new format alone reports no change.
 */
import { isScalar, refsOf, type Shape } from './shapes.ts';
import { type ApiSnapshot, SNAPSHOT_FORMAT } from './snapshot.ts';

/**
 * `old` with the facts its format does not record taken from `next`, so that they compare as
 * unchanged: not knowing whether an enum was open is no reason to report that it opened. A
 * format-1 snapshot has no open enums marked and no narrowing: each named enum is taken as open
 * or closed as in `next`, and each operation as narrowed as in `next`. Before format 3, a body
 * field recorded as `unknown` may be one a union shape marks absent: it is taken as in `next`.
 */
export function withUnknownFacts(previous: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  if (previous.format >= SNAPSHOT_FORMAT) return previous;
  // Before format 8 the statuses listed without a typed body were not recorded: taken as in `next`
  // (the rules read them from the new side only; this keeps a new format alone from reading as a change).
  const untyped = withFormat8Facts(previous, next);
  if (untyped.format >= 7) return { ...untyped, format: next.format };
  // Before format 7 the error bodies, the problem types' shapes, the amounts in micros and the servers
  // were not recorded: taken as in `next`.
  let old = withFormat7Facts(untyped, next);
  if (old.format >= 6) return { ...old, format: next.format };
  // Before format 5 a selection without defaults may have had them unknown, and the helpers the
  // security schemes bring were not listed: both taken as in `next`.
  old = withFormat5Facts(old, next);
  if (old.helpers === undefined && next.helpers !== undefined) old = { ...old, helpers: next.helpers };
  // Before format 4 only the reached types were named: the other exports are taken as in `next`.
  const listed = old.format >= 4 ? old : withFormat4Facts(old, next);
  if (old.format >= 3) return { ...listed, format: next.format };
  const known = old.format >= 2 ? listed : withFormat2Facts(listed, next);
  // The named types a field taken from `next` refers to, which `old` did not reach through it.
  const reached = new Set<string>();
  const operations = Object.fromEntries(
    Object.entries(known.operations).map(([id, op]) => {
      const now = next.operations[id]?.params ?? {};
      const params = Object.fromEntries(
        Object.entries(op.params).map(([key, param]) => {
          const misread =
            param.in === 'body' &&
            'kind' in param.type &&
            param.type.kind === 'unknown' &&
            now[key]?.in === 'body';
          if (misread) refsOf(now[key]!.type, reached);
          return [key, misread ? { ...param, type: now[key]!.type } : param];
        }),
      );
      return [id, { ...op, params }];
    }),
  );
  const types = { ...known.types };
  addReached(types, reached, next);
  return { ...known, format: next.format, operations, types };
}

/** A format-7 snapshot with each operation's statuses listed without a body as in `next`. */
function withFormat8Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const untyped = next.operations[id]?.untypedErrors;
      return [id, untyped ? { ...op, untypedErrors: untyped } : op];
    }),
  );
  return { ...old, operations };
}

/**
 * A snapshot before format 7 with the error bodies of `next` (those of the operation with the same id,
 * or else of the one operation on the same method and path: its id renamed), its problem types' named
 * types, and the named types they reach that `old` did not (a type `old` has keeps its own shape, so a
 * change of it is still found); its amounts in micros marked where `next` marks them; whether a stream
 * is of Server-Sent Events; and its servers.
 */
function withFormat7Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const byHttp = new Map<string, string[]>();
  for (const [id, op] of Object.entries(next.operations))
    byHttp.set(op.http, [...(byHttp.get(op.http) ?? []), id]);
  const reached = new Set<string>();
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const same = byHttp.get(op.http);
      const now = next.operations[id] ?? (same?.length === 1 ? next.operations[same[0]!] : undefined);
      if (!now) return [id, op];
      const params = Object.fromEntries(
        Object.entries(op.params).map(([key, param]) => [
          key,
          { ...param, type: withMoney(param.type, now.params[key]?.type) },
        ]),
      );
      const marked = {
        ...op,
        params,
        result: withMoney(op.result, now.result),
        ...(now.events && op.kind === now.kind ? { events: now.events } : {}),
      };
      if (!now.errors) return [id, marked];
      for (const body of Object.values(now.errors)) refsOf(body, reached);
      return [id, { ...marked, errors: now.errors }];
    }),
  );
  const problemShapes = next.problemShapes;
  for (const body of Object.values(problemShapes ?? {})) refsOf(body, reached);
  const types = Object.fromEntries(
    Object.entries(old.types).map(([name, type]) => [
      name,
      { ...type, shape: withMoney(type.shape, next.types[name]?.shape) },
    ]),
  );
  addReached(types, reached, next);
  return {
    ...old,
    operations,
    types,
    ...(problemShapes ? { problemShapes } : {}),
    ...(next.servers ? { servers: next.servers } : {}),
  };
}

/**
 * Adds to `types` the named types of `next` in `reached` that it lacks, and those they refer to in
 * turn (`reached` grows as they are added): what a fact taken from `next` refers to.
 */
function addReached(types: ApiSnapshot['types'], reached: Set<string>, next: ApiSnapshot): void {
  for (const name of reached) {
    if (types[name] || !next.types[name]) continue;
    types[name] = next.types[name];
    refsOf(next.types[name].shape, reached);
  }
}

/**
 * `shape` with the amounts in micros (`money`) of `now` where both have a scalar at the same place:
 * before format 7 they were not recorded, so one marked in `next` is taken as marked before.
 */
function withMoney(shape: Shape, now: Shape | undefined, depth = 0): Shape {
  if (!now || 'ref' in shape || 'ref' in now || depth > 32) return shape;
  if (isScalar(shape)) return isScalar(now) && now.money && !shape.money ? { ...shape, money: true } : shape;
  switch (shape.kind) {
    case 'array':
      return now.kind === 'array' ? { ...shape, items: withMoney(shape.items, now.items, depth + 1) } : shape;
    case 'object': {
      if (now.kind !== 'object') return shape;
      const fields = Object.fromEntries(
        Object.entries(shape.fields).map(([name, field]) => [
          name,
          { ...field, type: withMoney(field.type, now.fields[name]?.type, depth + 1) },
        ]),
      );
      return { ...shape, fields };
    }
    default:
      return (now.kind === 'union' || now.kind === 'all') && now.of.length === shape.of.length
        ? { ...shape, of: shape.of.map((part, i) => withMoney(part, now.of[i], depth + 1)) }
        : shape;
  }
}

/**
 * A snapshot before format 5 with the unknown defaults of `next`: a selection it records without
 * defaults, where `next` has the same selection with its defaults unknown, was of that kind too (an
 * inferred pairing without `required` was written as no defaults).
 */
function withFormat5Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const selected = op.narrowing?.selected;
      const now = next.operations[id]?.narrowing?.selected;
      if (!selected || !now) return [id, op];
      const marked = Object.fromEntries(
        Object.entries(selected).map(([path, s]) => {
          const unknown =
            s.defaults.length === 0 && now[path]?.defaultsUnknown === true && now[path]?.object === s.object;
          return [path, unknown ? { ...s, defaultsUnknown: true as const } : s];
        }),
      );
      return [id, { ...op, narrowing: { ...op.narrowing, selected: marked } }];
    }),
  );
  return { ...old, operations };
}

/** A snapshot before format 4 with the exported names and the bodies taking any field of `next` (see `withUnknownFacts`). */
function withFormat4Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const exports = [...new Set([...Object.keys(old.types), ...(next.exports ?? [])])].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const open = next.operations[id]?.bodyTakesAnyField;
      return [id, open ? { ...op, bodyTakesAnyField: open } : op];
    }),
  );
  return { ...old, exports, operations };
}

/** A format-1 snapshot with the open enums and the narrowing of `next` (see `withUnknownFacts`). */
function withFormat2Facts(old: ApiSnapshot, next: ApiSnapshot): ApiSnapshot {
  const types = Object.fromEntries(
    Object.entries(old.types).map(([name, type]) => {
      const now = next.types[name]?.shape;
      const shape = type.shape;
      const opened = isScalar(now) && now.open && isScalar(shape) && shape.enum;
      return [name, opened ? { ...type, shape: { ...shape, open: true as const } } : type];
    }),
  );
  const operations = Object.fromEntries(
    Object.entries(old.operations).map(([id, op]) => {
      const narrowing = next.operations[id]?.narrowing;
      return [id, narrowing ? { ...op, narrowing } : op];
    }),
  );
  return { ...old, format: next.format, types, operations };
}
