import { buildUrl, request } from './http.js';
import { PagePromise } from './pagination.js';
import { EventStream } from './stream.js';
/**
 * Runs any operation the way its function does (used by `client.call`, which takes every
 * operation, so it carries every kind of runtime; the functions carry only their own).
 */
export function invoke(core, op, params, options) {
    const values = params;
    if (op.browserStep)
        return buildUrl(core, op, values);
    if (op.streaming)
        return new EventStream(core, op, values, options);
    if (op.pagination)
        return new PagePromise(core, { ...op, pagination: op.pagination }, values, options);
    return request(core, op, values, options);
}
