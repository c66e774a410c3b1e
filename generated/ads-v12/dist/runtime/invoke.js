import { PagePromise } from './pagination.js';
/** Runs an operation the way its grouped method does (used by `client.call`). */
export function invoke(core, op, params, options) {
    const values = params;
    if (op.browserStep)
        return core.buildUrl(op, values);
    if (op.pagination)
        return new PagePromise(core, { ...op, pagination: op.pagination }, values, options);
    return core.request(op, values, options);
}
