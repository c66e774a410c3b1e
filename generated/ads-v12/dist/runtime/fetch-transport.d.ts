/**
 * The transport of Deno, Bun, edge runtimes and whatever else is neither Node nor a browser (the
 * `default` condition of `#transport` in package.json): none of its own, the global `fetch` is used
 * at call time, and redirects are followed by hand (`redirect: 'manual'` gives them the 3xx).
 */
import type { Transport } from './types.js';
export declare const transport: Transport | undefined;
export { follow as send } from './redirects.js';
