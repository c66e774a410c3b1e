import { isObject, type Location } from '../load/index.ts';
import { pickMedia } from './media-types.ts';
import { namedOrHoisted, type OperationContext } from './operation-context.ts';
import { refName } from './schemas.ts';
import type { ErrorBodyModel, OperationModel } from './types.ts';

/** JSON media types an error body is read from; `application/problem+json` is a problem's, typed by `ApiError.problem`. */
const JSON_ERRORS: [RegExp, 'json'][] = [
  [/^application\/json$/i, 'json'],
  [/^application\/(?!problem\+json)[^;]*\+json$/i, 'json'],
];

/**
 * The error bodies an operation documents: for each error status (`400`, `4XX`, `default` when a
 * success is listed beside it), the type of its JSON body. Left out, because `ApiError` already types
 * them: problems (served as `application/problem+json`, or a schema named `…Problem`) and the
 * legacy `{ code, message }` shapes (bare or as `{ errors: [...] }`) that `legacyErrors` reads;
 * their statuses, and those with no JSON body, are `untypedErrors`.
 */
export function readErrorBodies(
  ctx: OperationContext,
  raw: unknown,
  at: Location,
  typeBase: string,
): Pick<OperationModel, 'errorBodies' | 'untypedErrors'> {
  const responses = isObject(raw) ? raw : {};
  const codes = Object.keys(responses);
  // `default` alone (no 2xx or 3xx) describes the success, not an error.
  const defaultIsError = codes.some((c) => /^[23](\d\d|XX)$/i.test(c));
  const out: OperationModel['errorBodies'] = [];
  const untyped: string[] = [];
  for (const code of codes.sort((a, b) => a.localeCompare(b))) {
    if (!/^[45](\d\d|XX)$/i.test(code) && !(code === 'default' && defaultIsError)) continue;
    const status = code === 'default' ? code : code.toUpperCase();
    const resolved = ctx.docs.deref(responses[code], { ...at, tokens: [...at.tokens, code] });
    const content =
      isObject(resolved.value) && isObject(resolved.value.content) ? resolved.value.content : {};
    const [mediaType] = pickMedia(Object.keys(content), JSON_ERRORS) ?? [];
    const media = mediaType === undefined ? undefined : content[mediaType];
    const given = isObject(media) ? media.schema : undefined;
    if (!isObject(given)) {
      untyped.push(status);
      continue;
    }
    const mediaAt: Location = {
      file: resolved.file,
      tokens: [...resolved.tokens, 'content', mediaType!, 'schema'],
    };
    if (
      (typeof given.$ref === 'string' && refName(given.$ref).endsWith('Problem')) ||
      isLegacyShape(ctx, given, mediaAt)
    ) {
      untyped.push(status);
      continue;
    }
    const converted = ctx.registry.convert(given, mediaAt);
    const schema = ctx.registry.visible(converted, 'writeOnly') ?? converted;
    // Named by its status's words, not by a number after the first: `PullsMergeConflictError` for a 409.
    const typeName = namedOrHoisted(ctx, schema, `${typeBase}${statusWords(status)}Error`, 'response');
    out.push(/^\d+$/.test(status) ? { status, code: Number(status), typeName } : { status, typeName });
  }
  return { errorBodies: out, untypedErrors: untyped };
}

/**
 * The words of an error status in a type's name: its reason phrase (RFC 9110), `Client` and `Server`
 * for `4XX` and `5XX`, nothing for `default`, and the number itself where HTTP names none (a spec's word).
 */
export function statusWords(status: string): string {
  if (status === 'default') return '';
  return STATUS_WORDS[status] ?? `Status${status}`;
}

const STATUS_WORDS: Record<string, string> = {
  '4XX': 'Client',
  '5XX': 'Server',
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '402': 'PaymentRequired',
  '403': 'Forbidden',
  '404': 'NotFound',
  '405': 'MethodNotAllowed',
  '406': 'NotAcceptable',
  '407': 'ProxyAuthenticationRequired',
  '408': 'RequestTimeout',
  '409': 'Conflict',
  '410': 'Gone',
  '411': 'LengthRequired',
  '412': 'PreconditionFailed',
  '413': 'ContentTooLarge',
  '414': 'UriTooLong',
  '415': 'UnsupportedMediaType',
  '416': 'RangeNotSatisfiable',
  '417': 'ExpectationFailed',
  '421': 'MisdirectedRequest',
  '422': 'Unprocessable',
  '423': 'Locked',
  '424': 'FailedDependency',
  '425': 'TooEarly',
  '426': 'UpgradeRequired',
  '428': 'PreconditionRequired',
  '429': 'TooManyRequests',
  '431': 'RequestHeaderFieldsTooLarge',
  '451': 'UnavailableForLegalReasons',
  '500': 'InternalServer',
  '501': 'NotImplemented',
  '502': 'BadGateway',
  '503': 'ServiceUnavailable',
  '504': 'GatewayTimeout',
  '505': 'HttpVersionNotSupported',
  '507': 'InsufficientStorage',
  '508': 'LoopDetected',
  '511': 'NetworkAuthenticationRequired',
};

/**
 * Whether a schema is the legacy `{ code, message }` error, bare or as a list under `errors`. In a
 * list both fields must be required: `legacyErrors` reads a list only when every entry has both, so
 * GitHub's validation error (`errors: [{ code, message? }]`) is a body of its own.
 */
function isLegacyShape(ctx: OperationContext, schema: unknown, at: Location): boolean {
  // Each `$ref` is followed from where it is written (a file of its own, in a split spec).
  const fields = (value: unknown, from: Location): [Record<string, unknown>, Location, boolean] => {
    const resolved = ctx.docs.deref(value, from, { cycle: 'unknown' });
    const props = isObject(resolved.value) ? resolved.value.properties : undefined;
    const required = isObject(resolved.value) ? resolved.value.required : undefined;
    const own = isObject(props) ? props : {};
    const legacy =
      'code' in own &&
      'message' in own &&
      Array.isArray(required) &&
      required.includes('code') &&
      required.includes('message');
    return [own, { file: resolved.file, tokens: [...resolved.tokens, 'properties'] }, legacy];
  };
  const [own, ownAt] = fields(schema, at);
  if ('code' in own && 'message' in own) return true;
  if (own.errors === undefined) return false;
  const errors = ctx.docs.deref(
    own.errors,
    { ...ownAt, tokens: [...ownAt.tokens, 'errors'] },
    { cycle: 'unknown' },
  );
  if (!isObject(errors.value) || errors.value.items === undefined) return false;
  return fields(errors.value.items, { file: errors.file, tokens: [...errors.tokens, 'items'] })[2];
}

/**
 * The package's documented error bodies, one entry a type (the same schema is one type wherever it
 * is declared), with the statuses that name it, by type name (adding an operation moves no other).
 */
export function packageErrorBodies(operations: readonly OperationModel[]): ErrorBodyModel[] {
  const byType = new Map<string, Set<string>>();
  for (const op of operations)
    for (const body of op.errorBodies) {
      const statuses = byType.get(body.typeName) ?? new Set<string>();
      statuses.add(body.status);
      byType.set(body.typeName, statuses);
    }
  return [...byType]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([typeName, statuses]) => ({ typeName, statuses: [...statuses].sort() }));
}
