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

/** The few parts of `node:http` used here (the package has no `@types/node`). */
interface NodeRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: Record<string, string | string[] | undefined>;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: Uint8Array): unknown;
  end(): unknown;
  readonly socket: { destroy(): void } | null;
  readonly writableEnded: boolean;
}

interface NodeServer {
  listen(port: number, host: string, callback: () => void): unknown;
  address(): { port: number } | string | null;
  close(callback: (error?: Error) => void): unknown;
  closeAllConnections?(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

interface NodeHttp {
  createServer(listener: (request: NodeRequest, response: NodeResponse) => void): NodeServer;
}

/** Starts an HTTP server on 127.0.0.1 (a free port) that answers through `mock`. Node only. */
export async function startMockServer(mock: MockHandler): Promise<MockServer> {
  const specifier = 'node:http';
  const http = (await import(specifier)) as NodeHttp;
  const server = http.createServer((request, response) => {
    const chunks: Uint8Array[] = [];
    const aborted = new AbortController();
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('close', () => {
      if (!response.writableEnded) aborted.abort(new Error('the client closed the connection'));
    });
    request.on('end', () => {
      void reply(mock, request, concat(chunks), aborted.signal, response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections?.();
      }),
  };
}

async function reply(
  mock: MockHandler,
  request: NodeRequest,
  body: Uint8Array,
  signal: AbortSignal,
  response: NodeResponse,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const method = request.method ?? 'GET';
  let answer: Response;
  try {
    answer = await mock.fetch(`http://127.0.0.1${request.url ?? '/'}`, {
      method,
      headers,
      ...(body.length > 0 && method !== 'GET' && method !== 'HEAD'
        ? { body: new TextDecoder().decode(body) }
        : {}),
      signal,
    });
  } catch {
    // A reset (or a timeout the client gave up on): the connection ends without an answer.
    response.socket?.destroy();
    return;
  }
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => (out[name] = value));
  response.writeHead(answer.status, out);
  if (answer.body) response.write(new Uint8Array(await answer.arrayBuffer()));
  response.end();
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
