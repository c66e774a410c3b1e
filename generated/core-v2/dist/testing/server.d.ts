/**
 * The mock on loopback, for code that does not take a `fetch` (another process, a CLI, a client in
 * another language): every request goes through the mock's `fetch`, with the same checks.
 */
/** What `startMockServer` needs of a mock: its `fetch`. */
export interface MockHandler {
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}
/** A running mock server: its origin (`http://127.0.0.1:<port>`), and how to stop it. */
export interface MockServer {
  readonly url: string;
  close(): Promise<void>;
}
/** Starts an HTTP server on 127.0.0.1 (a free port) that answers through `mock`. Node only. */
export declare function startMockServer(mock: MockHandler): Promise<MockServer>;
