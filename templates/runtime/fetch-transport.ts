/**
 * The transport everywhere but Node (the `default` condition of `#transport` in package.json):
 * none of its own, the global `fetch` is used at call time. Browsers, Deno, Bun and edge runtimes
 * bundle this module, never node:http.
 */
import type { Transport } from './types.js';

export const transport: Transport | undefined = undefined;
