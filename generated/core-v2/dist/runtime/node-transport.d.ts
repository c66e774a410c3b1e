import type { ClearTimer, SetTimer, Stop } from './types.js';
export { follow as send } from './redirects.js';
/** A fetch over node:http: what the client sends through on Node when no `fetch` option is given. */
export declare const transport: (input: string, init: RequestInit, stop?: Stop) => Promise<Response>;
/**
 * The time limits of attempts, on one timer (the runtime's `Deadline` takes these in place of a
 * `setTimeout` each): a Node timer made and cleared around every request costs more than the rest
 * of the deadline. The timer is kept while it has limits to watch, and lets the process exit (is
 * unreferenced) while it has none; it wakes at the earliest due limit and stops what is due.
 */
export declare const setTimer: SetTimer;
export declare const clearTimer: ClearTimer;
