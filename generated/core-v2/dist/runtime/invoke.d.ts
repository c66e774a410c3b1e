import { type ClientCore } from './http.js';
import type { OperationSpec, RequestOptions } from './types.js';
/**
 * Runs any operation the way its function does (used by `client.call`, which takes every
 * operation, so it carries every kind of runtime; the functions carry only their own).
 */
export declare function invoke(
  core: ClientCore,
  op: OperationSpec,
  params: object,
  options?: RequestOptions,
): unknown;
