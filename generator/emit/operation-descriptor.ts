import type { OperationModel, ValueChecks } from '../model/types.ts';
import { literal, PURE, Raw } from './source.ts';
import { type CheckRenderer, parameterCheck, pathCheck, renderCheck } from './argument-checks.ts';

/** An operation's descriptor in `operations.ts`: what the runtime needs to send it, as a literal's values. */
export function operationDescriptor(
  op: OperationModel,
  render: CheckRenderer,
  packageHasBasic: boolean,
): Record<string, unknown> {
  const check = (c: ValueChecks | undefined, name: string): Raw | undefined => {
    const code = c && renderCheck(c, render, name);
    return code === undefined ? undefined : new Raw(code);
  };
  const params = op.params
    .filter((p) => p.in !== 'body')
    .map((p) => ({
      name: p.name,
      key: p.key === p.name ? undefined : p.key,
      in: p.in,
      required: p.required || undefined,
      nullable: p.checks.nullable || undefined,
      style: paramStyle(p, render),
      explode: p.explode,
      // The next page's URL of a `Link` header gives every query value as text: the runtime types it back.
      type:
        op.pagination?.style === 'link' &&
        p.in === 'query' &&
        p.checks.type !== 'string' &&
        p.checks.type !== 'object'
          ? p.checks.type
          : undefined,
      check:
        p.in === 'path'
          ? pathCheck(parameterCheck(p.name, p.checks, render), render)
          : parameterCheck(p.name, p.checks, render),
    }));
  const field = (
    name: string,
    c: (ValueChecks & { required?: boolean }) | undefined,
  ): Record<string, unknown> => ({
    required: c?.required || undefined,
    nullable: c?.nullable || undefined,
    check: check(c, name),
  });
  const body = op.body && {
    contentType: op.body.contentType,
    encoding: op.body.encoding,
    encode: render.shared.runtime(ENCODERS[op.body.encoding], 'serialize'),
    mode: op.body.mode,
    required: op.body.required || undefined,
    nullable: op.body.checks?.nullable || undefined,
    // Every field, checked or not: a params key that is neither a parameter nor a field is refused.
    fields:
      op.body.mode === 'fields' && op.body.fieldNames.length > 0
        ? Object.fromEntries(op.body.fieldNames.map((k) => [k, field(k, op.body?.fieldChecks[k])]))
        : undefined,
    open: op.body.mode === 'fields' && op.body.open ? true : undefined,
    exclusive:
      op.body.mode === 'fields' && op.body.exclusive
        ? new Raw(
            `${PURE}${render.shared.runtime('oneShape', 'validate').code}(${literal(op.body.exclusive)})`,
          )
        : undefined,
    check: check(op.body.checks, 'body'),
  };
  return {
    id: op.id,
    method: op.method,
    path: op.path,
    tag: op.tags[0],
    params: params.length > 0 ? params : undefined,
    body,
    response: op.success.encoding,
    mayBeEmpty: op.success.mayBeEmpty || undefined,
    // Each declared error status, and whether the spec types its body (`ApiError.body` holds only those).
    errorBodies:
      op.errorBodies.length > 0
        ? Object.fromEntries([
            ...op.untypedErrors.map((status) => [status, false]),
            ...op.errorBodies.map((b) => [b.status, true]),
          ])
        : undefined,
    security: op.security,
    apiKey: op.apiKey,
    pagination: op.pagination && {
      style: op.pagination.style,
      limit: op.pagination.limit,
      token: op.pagination.token,
      next: op.pagination.next,
      previous: op.pagination.previous,
      items: op.pagination.items,
      hasMore: op.pagination.hasMore,
      total: op.pagination.total,
    },
    streaming: op.streaming,
    browserStep: op.browserStep || undefined,
    sandboxOnly: op.sandboxOnly || undefined,
    requireHttps: op.requireHttps ? render.shared.runtime('requireSecureUrl', 'auth') : undefined,
    // Where Basic may be sent (its security allows it, or states none): the function that makes the header.
    basic:
      packageHasBasic && (!op.security || op.security.some((a) => a.includes('basic')))
        ? render.shared.runtime(
            op.basicEncoding === 'form' ? 'formBasicCredentials' : 'basicCredentials',
            'auth',
          )
        : undefined,
    rules: op.rules.length > 0 ? op.rules : undefined,
    pacing:
      op.rateLimits.length > 0
        ? { pace: render.shared.runtime('paceRequest', 'pacing'), limits: op.rateLimits }
        : undefined,
  };
}

/** Query styles whose values are lists: a value that may be an object needs `withEntries` around them. */
const LIST_STYLES: ReadonlySet<string> = new Set(['multi', 'csv', 'ssv', 'pipes']);

/** The runtime style of a parameter (`runtime/serialize.ts`). */
function paramStyle(p: OperationModel['params'][number], render: CheckRenderer): Raw {
  // A cookie value is sent in the simple style, whatever its parameter says (a cookie has no `&`).
  const style = render.shared.runtime(p.in === 'cookie' ? 'simple' : p.style, 'serialize');
  const mayBeObject = p.checks.type === undefined || p.checks.type === 'object';
  if (p.in !== 'query' || !mayBeObject || !LIST_STYLES.has(p.style)) return style;
  return new Raw(`${PURE}${render.shared.runtime('withEntries', 'serialize').code}(${style.code})`);
}

/** The body encoder of each encoding (exported by `runtime/serialize.ts`). */
const ENCODERS: Record<'json' | 'form' | 'multipart' | 'binary' | 'text', string> = {
  json: 'encodeJson',
  form: 'encodeForm',
  multipart: 'encodeMultipart',
  binary: 'encodeBytes',
  text: 'encodeText',
};
