/** Reading a response's body: a 2xx body as the spec says it is encoded, a failure's as it looks. */
import type { Deadline } from './deadline.js';
import type { OperationSpec } from './types.js';
/** Reads a 2xx body as the spec says it is encoded; past the deadline or cut off, the matching error. */
export declare function decode(op: OperationSpec, response: Response, deadline: Deadline): Promise<unknown>;
/** The body of a failed response: JSON when it looks like JSON, else its text. */
export declare function readBody(response: Response): Promise<unknown>;
