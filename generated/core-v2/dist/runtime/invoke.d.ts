import type { ClientCore } from './http.js';
import type { OperationSpec, RequestOptions } from './types.js';
/** Runs an operation the way its grouped method does (used by `client.call`). */
export declare function invoke(core: ClientCore, op: OperationSpec, params: object, options?: RequestOptions): unknown;
