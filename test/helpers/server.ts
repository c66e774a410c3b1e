import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Test } from 'uvu';
import type { AddressInfo } from 'node:net';

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

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on loopback that records every request and answers with `handler`. */
export async function startServer(handler: (request: SeenRequest) => Reply | Promise<Reply>): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
