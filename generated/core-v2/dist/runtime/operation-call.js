/**
 * A call that is more than one request, as its function starts it: a walk over pages
 * (`PagePromise`) or a stream of events (`EventStream`). It keeps the core it runs on, the
 * operation, the params and the per-call options, and sends nothing until it is read.
 */
export class OperationCall {
    constructor(core, op, params, options) {
        this.core = core;
        this.op = op;
        this.params = params;
        // Every per-call option is optional: none given is the empty set of them.
        this.options = options ?? {};
    }
}
