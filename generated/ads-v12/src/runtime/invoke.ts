import { buildUrl, request, type ClientCore } from './http.js';
import { PagePromise } from './pagination.js';
import type { OperationSpec, RequestOptions } from './types.js';

/**
 * Runs any operation the way its function does (used by `client.call`, which takes every
 * operation, so it carries every kind of runtime; the functions carry only their own).
 */
export function invoke(
  core: ClientCore,
  op: OperationSpec,
  params: object,
  options?: RequestOptions,
): unknown {
  const values = params as Record<string, unknown>;
  if (op.browserStep) return buildUrl(core, op, values);
  if (op.pagination) return new PagePromise(core, { ...op, pagination: op.pagination }, values, options);
  return request(core, op, values, options);
}
