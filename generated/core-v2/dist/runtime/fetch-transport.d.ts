/**
 * The transport of Deno, Bun, edge runtimes and whatever else is neither Node nor a browser (the
 * `default` condition of `#transport` in package.json): none of its own, the global `fetch` is used
 * at call time, and redirects are followed by hand (`redirect: 'manual'` gives them the 3xx).
 */
import type { ClearTimer, SetTimer, Transport } from './types.js';
export declare const transport: Transport | undefined;
/** Attempts' time limits: a `setTimeout` each (called as plain functions: a browser's refuse another `this`). */
export declare const setTimer: SetTimer;
export declare const clearTimer: ClearTimer;
export { follow as send } from './redirects.js';
