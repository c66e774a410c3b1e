import type { ClientCore } from './http.js';
import type { OperationSpec, RequestOptions } from './types.js';
/**
 * A call that is more than one request, as its function starts it: a walk over pages
 * (`PagePromise`) or a stream of events (`EventStream`). It keeps the core it runs on, the
 * operation, the params and the per-call options, and sends nothing until it is read.
 */
export declare abstract class OperationCall<Spec extends OperationSpec, Options extends RequestOptions> {
  protected readonly core: ClientCore;
  protected readonly op: Spec;
  /** Params types are interfaces (no index signature): the runtime reads them by wire name. */
  protected readonly params: Record<string, unknown>;
  protected readonly options: Options;
  constructor(core: ClientCore, op: Spec, params: object, options?: Options);
}
