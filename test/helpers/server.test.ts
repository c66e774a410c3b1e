/**
 * The loopback helper every networked test uses: it listens on 127.0.0.1 at a free port, and its
 * close() ends connections a client still holds open (a kept-alive HTTP socket, an idle TCP one), so
 * that no test waits on them; a port from freePort() refuses connections.
 */
import { Agent, get } from 'node:http';
import { connect } from 'node:net';
import { test } from './uvu.ts';
import * as assert from 'uvu/assert';
import { freePort, listenHttp, listenSockets, startServer } from './server.ts';

/** Settles like `promise`, or rejects after `ms`: a close that waits on a connection fails instead of hanging. */
const within = <T>(promise: Promise<T>, ms = 1_000): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms).unref(),
    ),
  ]);

/** A GET on a kept-alive agent: the connection stays open after the answer. */
const getText = (url: string, agent: Agent): Promise<string> =>
  new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });

/** Whether a TCP connection to the port is refused. */
const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => (socket.destroy(), resolve(false)));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

test('listenHttp: 127.0.0.1 at a free port; close() ends a request still waiting for its answer', async () => {
  let arrived: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (arrived = resolve));
  const server = await listenHttp((req, res) => {
    if (req.url === '/hello') res.end('hello');
    else arrived(); // and never answered
  });
  const agent = new Agent({ keepAlive: true });
  try {
    assert.is(server.url, `http://127.0.0.1:${server.port}`);
    assert.ok(server.port > 0);
    assert.is(await getText(`${server.url}/hello`, agent), 'hello');
    const pending = getText(`${server.url}/never`, agent).then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await waiting;
    // node:http's own close() ends idle connections only: it would wait on this one for good.
    await within(server.close());
    assert.is(await within(pending), 'ECONNRESET');
    assert.ok(await refused(server.port), 'nothing listens after close()');
    await server.close(); // closing again is no error
  } finally {
    agent.destroy();
  }
});

test('startServer: records the request and answers from the handler', async () => {
  const server = await startServer((request) => ({ status: 201, body: { path: request.path } }));
  const agent = new Agent({ keepAlive: true });
  try {
    assert.is(await getText(`${server.url}/a?b=1`, agent), '{"path":"/a"}');
    assert.is(server.requests[0]?.url, '/a?b=1');
    await within(server.close());
  } finally {
    agent.destroy();
  }
});

test('listenSockets: hands over each connection, and close() destroys the ones still open', async () => {
  const server = await listenSockets((socket) => socket.write('hi'));
  const client = connect(server.port, '127.0.0.1');
  const greeting = await new Promise<string>((resolve) =>
    client.once('data', (chunk) => resolve(chunk.toString())),
  );
  assert.is(greeting, 'hi');
  assert.is(server.sockets.size, 1);
  const clientClosed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.on('error', () => undefined);
  // An idle client socket: a plain net.Server close() would wait for it forever.
  await within(server.close());
  await within(clientClosed);
  assert.is(server.sockets.size, 0);
});

test('freePort: a port on 127.0.0.1 that refuses connections', async () => {
  assert.ok(await refused(await freePort()));
});

test.run();
