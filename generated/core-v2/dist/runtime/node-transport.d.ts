import type { Stop } from './types.js';
export { follow as send } from './redirects.js';
/** A fetch over node:http: what the client sends through on Node when no `fetch` option is given. */
export declare const transport: (input: string, init: RequestInit, stop?: Stop) => Promise<Response>;
