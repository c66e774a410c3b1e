/**
 * Every loopback server the tests start: on 127.0.0.1 at a port the system picks, with a `close()` that
 * also destroys the connections still open (a kept-alive socket must not keep a test, or the run, waiting).
 * `startServer` records requests and answers from a handler; `listenHttp` hands the test node:http's own
 * request and response; `listenSockets` gives raw TCP sockets (resets, hand-written HTTP).
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import type { Test } from 'uvu';

/** A server listening on 127.0.0.1. */
export interface Loopback<S extends TcpServer = TcpServer> {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  server: S;
  /** Stops listening and destroys every open connection; resolves once the server is closed. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 at a free port; `dropConnections` is what `close()` runs before closing. */
async function listen<S extends TcpServer>(server: S, dropConnections: () => void): Promise<Loopback<S>> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        dropConnections();
        // Closing twice (a test's finally, then its suite's after hook) is not an error here.
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

/** An HTTP server on loopback whose requests go to `listener`, as node:http hands them over. */
export async function listenHttp(listener: RequestListener): Promise<Loopback<HttpServer>> {
  const server = createServer(listener);
  return listen(server, () => server.closeAllConnections());
}

/** A TCP server on loopback: `onSocket` gets each connection (errors on it are the test's to provoke, not to crash on). */
export async function listenSockets(
  onSocket: (socket: Socket) => void,
): Promise<Loopback<TcpServer> & { sockets: ReadonlySet<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  const loopback = await listen(server, () => {
    for (const socket of sockets) socket.destroy();
  });
  return { ...loopback, sockets };
}

/** A port on 127.0.0.1 that was free a moment ago (a server had it and gave it back): for a child process to listen on, or to be refused. */
export async function freePort(): Promise<number> {
  const { port, close } = await listenSockets(() => undefined);
  await close();
  return port;
}

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query, exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the test server answers. `body` objects are sent as JSON. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Write these raw chunks (with the given pause between) instead of `body`. */
  chunks?: { data: string; pauseMs?: number }[];
  /**
   * Destroy the socket instead of answering. `true`: without a byte of answer (on a kept-alive socket
   * this looks, to a client, like the server closing it while idle, which the node transport resends
   * once); `'mid-head'`: after the first bytes of a status line (a connection that broke mid-answer).
   */
  destroy?: boolean | 'mid-head';
  /** With `chunks`: after the last chunk, destroy the socket instead of ending the response (a dropped connection). */
  abort?: boolean;
}

export interface TestServer extends Loopback<HttpServer> {
  requests: SeenRequest[];
}

/** Starts an HTTP server on loopback that records every request and answers with `handler`. */
export async function startServer(
  handler: (request: SeenRequest) => Reply | Promise<Reply>,
): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const loopback = await listenHttp((req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', async () => {
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://127.0.0.1');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
      };
      requests.push(seen);
      let reply: Reply;
      try {
        reply = await handler(seen);
      } catch (error) {
        reply = { status: 599, body: { handlerError: String(error) } };
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.destroy) {
        if (reply.destroy === 'mid-head') req.socket.write('HTTP/1.1 2');
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = { ...(reply.headers ?? {}) };
      if (reply.chunks) {
        res.writeHead(reply.status ?? 200, headers);
        for (const chunk of reply.chunks) {
          if (res.destroyed) return;
          res.write(chunk.data);
          if (chunk.pauseMs) await new Promise((r) => setTimeout(r, chunk.pauseMs));
        }
        if (reply.abort) res.destroy();
        else res.end();
        return;
      }
      let body = '';
      if (reply.body !== undefined) {
        if (typeof reply.body === 'string') body = reply.body;
        else {
          body = JSON.stringify(reply.body);
          headers['content-type'] ??= 'application/json';
        }
      }
      res.writeHead(reply.status ?? 200, headers);
      res.end(body);
    });
  });
  return { ...loopback, requests };
}

/** A loopback server shared by the tests of one suite. */
export interface SuiteServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** How the server answers; reset to the suite's fallback before each test. */
  reply: (request: SeenRequest) => Reply | Promise<Reply>;
}

/** Starts a server before the suite, empties its log and restores `fallback` before each test, and closes it after. */
export function suiteServer(suite: Test, fallback: (request: SeenRequest) => Reply): SuiteServer {
  let server: TestServer | undefined;
  const state: SuiteServer = {
    get url(): string {
      if (!server) throw new Error('the suite server is not started yet');
      return server.url;
    },
    get requests(): SeenRequest[] {
      return server?.requests ?? [];
    },
    reply: fallback,
  };
  suite.before(async () => {
    server = await startServer((request) => state.reply(request));
  });
  suite.after(async () => {
    await server?.close();
  });
  suite.before.each(() => {
    state.requests.length = 0;
    state.reply = fallback;
  });
  return state;
}
