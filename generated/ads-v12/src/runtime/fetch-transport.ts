/**
 * The transport of Deno, Bun, edge runtimes and whatever else is neither Node nor a browser (the
 * `default` condition of `#transport` in package.json): none of its own, the global `fetch` is used
 * at call time, and redirects are followed by hand (`redirect: 'manual'` gives them the 3xx).
 */
import type { ClearTimer, SetTimer, Transport } from './types.js';

export const transport: Transport | undefined = undefined;

/** Attempts' time limits: a `setTimeout` each (called as plain functions: a browser's refuse another `this`). */
export const setTimer: SetTimer = setTimeout;
export const clearTimer = clearTimeout as ClearTimer;
export { follow as send } from './redirects.js';
