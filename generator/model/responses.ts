import { isObject, type Location } from '../load/index.ts';
import { pickMedia } from './media-types.ts';
import { namedOrHoisted, type OperationContext } from './operation-context.ts';
import type { JsonSchema, OperationModel, SuccessModel } from './types.ts';

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
export function readSuccess(
  ctx: OperationContext,
  raw: unknown,
  at: Location,
  typeBase: string,
  method: string,
): SuccessModel {
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
    const content =
      isObject(resolved.value) && isObject(resolved.value.content) ? resolved.value.content : {};
    return { code, resolved, content };
  });
  const withBodies = read.filter((r) => Object.keys(r.content).length > 0);
  const first = read[0];
  const status = (r: { code: string } | undefined): number | null =>
    r && /^\d+$/.test(r.code) ? Number(r.code) : null;
  if (withBodies.length === 0) return { ...none, status: status(first) };
  const mayBeEmpty = read.some((r) => Object.keys(r.content).length === 0);
  const bodies = withBodies.map((r) => successBody(ctx, r.resolved, r.content));
  const head = bodies[0] as SuccessBody;
  const result = {
    status: status(withBodies[0]),
    ...(mayBeEmpty ? { mayBeEmpty } : {}),
    encoding: head.encoding,
  };
  if (!('schema' in head)) return { ...result, typeName: head.typeName };
  const schemas: JsonSchema[] = [];
  for (const body of bodies) {
    if (body.encoding !== head.encoding || !('schema' in body)) continue;
    if (!schemas.some((known) => JSON.stringify(known) === JSON.stringify(body.schema)))
      schemas.push(body.schema);
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
export function readStreaming(
  ctx: OperationContext,
  op: Record<string, unknown>,
  at: Location,
): Pick<OperationModel, 'streaming' | 'streamingInferred'> {
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
  return kinds.size === 1 && only !== 'other'
    ? { streaming: only as 'ndjson' | 'sse', streamingInferred: true }
    : {};
}

/** The header names (lower-cased) the 2xx responses declare: a `Link` header says the operation pages by links. */
export function successHeaders(ctx: OperationContext, raw: unknown, at: Location): Set<string> {
  const names = new Set<string>();
  if (!isObject(raw)) return names;
  for (const code of Object.keys(raw).filter((c) => /^2(\d\d|XX)$/i.test(c))) {
    const response = ctx.docs.deref(raw[code], { ...at, tokens: [...at.tokens, code] }).value;
    if (isObject(response) && isObject(response.headers))
      for (const name of Object.keys(response.headers)) names.add(name.toLowerCase());
  }
  return names;
}

/** How one response body is read, and its schema when it has one beyond bytes or text. */
type SuccessBody =
  | { encoding: SuccessModel['encoding']; typeName: 'Blob' | 'string' }
  | { encoding: SuccessModel['encoding']; schema: JsonSchema };

function successBody(
  ctx: OperationContext,
  resolved: Location,
  content: Record<string, unknown>,
): SuccessBody {
  const types = Object.keys(content);
  const [mediaType, encoding] = pickMedia(types, SUCCESS_PREFERENCE) ?? [types[0] ?? '', 'binary'];
  const media = content[mediaType];
  const mediaAt: Location = {
    file: resolved.file,
    tokens: [...resolved.tokens, 'content', mediaType, 'schema'],
  };
  if (encoding === 'binary') return { encoding, typeName: 'Blob' };
  const given = isObject(media) ? media.schema : undefined;
  // An event stream's schema describes each event's data: JSON unless it is a string.
  if (
    /^text\/event-stream$/i.test(mediaType.split(';')[0]?.trim() ?? '') &&
    isObject(given) &&
    given.type !== 'string'
  ) {
    const converted = ctx.registry.convert(given, mediaAt);
    return { encoding: 'json', schema: ctx.registry.visible(converted, 'writeOnly') ?? converted };
  }
  // Text is read as a string, whatever else its schema says.
  if (encoding === 'text' && !(isObject(given) && given.type === 'string'))
    return { encoding, typeName: 'string' };
  const converted = ctx.registry.convert(given ?? {}, mediaAt);
  // A write-only field, at any depth, never comes back: the result type leaves it out.
  return { encoding, schema: ctx.registry.visible(converted, 'writeOnly') ?? converted };
}
