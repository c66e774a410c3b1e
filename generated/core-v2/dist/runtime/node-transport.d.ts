type Send = (input: string, init: RequestInit) => Promise<Response>;
/** A fetch over node:http: what the client sends through on Node when no `fetch` option is given. */
export declare const transport: Send;
export {};
