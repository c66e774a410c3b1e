import type { ClientCore } from './http.js';
import { PagePromise } from './pagination.js';
import type { OperationSpec, RequestOptions } from './types.js';

/** Runs an operation the way its grouped method does (used by `client.call`). */
export function invoke(
  core: ClientCore,
  op: OperationSpec,
  params: object,
  options?: RequestOptions,
): unknown {
  const values = params as Record<string, unknown>;
  if (op.browserStep) return core.buildUrl(op, values);
  if (op.pagination) return new PagePromise(core, { ...op, pagination: op.pagination }, values, options);
  return core.request(op, values, options);
}
