/** What stops a request besides `init.signal` (the client's deadline; see `Stop` in types.ts). */
interface Stop {
  readonly stopped: boolean;
  readonly reason: unknown;
  onStop: ((reason: unknown) => void) | undefined;
}
/** A fetch over node:http: what the client sends through on Node when no `fetch` option is given. */
export declare const transport: (input: string, init: RequestInit, stop?: Stop) => Promise<Response>;
export {};
