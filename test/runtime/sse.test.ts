/**
 * Server-Sent Events in the runtime (`EventStream` over `text/event-stream`, `SseParser`), on a
 * package generated from test/fixtures/specs/inference/inferred.yaml, whose `streamEvents`
 * operation is inferred as an SSE stream of JSON `Item`s. Parsing follows the HTML standard's
 * "interpreting an event stream"; reconnection resumes with `Last-Event-ID` after a drop.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { relative } from 'node:path';
import { removeDir, ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { type Reply, startServer, type TestServer } from '../helpers/server.ts';
import { typecheck } from '../helpers/typecheck.ts';
import type { Dynamic } from '../generator/corpus/smoke-cases.ts';

const SPEC = join(ROOT, 'test', 'fixtures', 'specs', 'inference', 'inferred.yaml');
const SSE = { 'content-type': 'text/event-stream; charset=utf-8' };
let work = '';
let server: TestServer;
let replies: Reply[];
let waits: number[];
let pkg: Dynamic;

test.before(async () => {
  work = tempDir('sse');
  server = await startServer(() => replies.shift() ?? { status: 204 });
  const run = await runCli([
    'generate',
    '--spec',
    SPEC,
    '--out',
    join(work, 'out'),
    '--name',
    '@t/sse',
    '--client',
    'SseClient',
    '--no-cache',
  ]);
  // The summary says what was inferred.
  assert.is(run.out.length, 1, run.text);
  assert.ok(
    run.out[0]?.startsWith(`${relative(process.cwd(), join(work, 'out'))}: wrote @t/sse (`),
    run.out[0],
  );
  assert.match(run.out[0] ?? '', / files; 6 paginated, 2 streams inferred\)$/);
  pkg = await import(pathToFileURL(join(work, 'out', 'src', 'index.ts')).href);
});
test.after(async () => {
  await server.close();
  removeDir(work);
});
test.before.each(() => {
  server.requests.length = 0;
  replies = [];
  waits = [];
});

const client = (): Dynamic =>
  new pkg.SseClient({
    baseUrl: server.url,
    sleep: async (ms: number) => {
      waits.push(ms);
      if (waits.length > 20) throw new Error('reconnected more than 20 times');
    },
  });
const item = (id: string) => JSON.stringify({ id, text: `item ${id}` });

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

test('the method returns an EventStream of ServerSentEvent<Item>', () => {
  const functions = readFileSync(join(work, 'out', 'src', 'functions.ts'), 'utf8');
  assert.match(functions, /\): EventStream<ServerSentEvent<Item>> \{/);
});

test('types: SSE data is the response schema, and an inferred page of a bare array yields its items', () => {
  const program = join(work, 'consumer.ts');
  writeFileSync(
    program,
    [
      "import { SseClient, type ServerSentEvent, type Item } from './out/src/index.js';",
      'export async function use(client: SseClient): Promise<void> {',
      '  for await (const event of client.events.stream({ topic: "t" })) {',
      '    const e: ServerSentEvent<Item> = event;',
      '    const id: string = event.data.id;',
      '    const name: string = event.event;',
      '    const retry: number | undefined = event.retry;',
      '    // @ts-expect-error data is an Item, which has no such field',
      '    void event.data.nope;',
      '    void [e, id, name, retry];',
      '  }',
      '  for await (const item of client.linked.list({ per_page: 2 })) {',
      '    const id: string = item.id;',
      '    // @ts-expect-error an Item, not any',
      '    void item.nope;',
      '    void id;',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  assert.equal(typecheck([program]), []);
});

test('streams typed events: data parsed as JSON, event, id, retry; comments and empty-data events skipped', async () => {
  replies = [
    {
      status: 200,
      headers: SSE,
      chunks: [
        { data: '\uFEFF: a comment, ignored\r\nretry: 1500\r\n', pauseMs: 5 },
        { data: `id: 1\r\nevent: created\r\ndata: ${item('1')}\r\n\r\n`, pauseMs: 5 },
        // An event split mid-line and at a CR LF boundary, with a lone-CR line end.
        { data: `id: 2\rdata: ${item('2').slice(0, 5)}`, pauseMs: 5 },
        { data: `${item('2').slice(5)}\r`, pauseMs: 5 },
        { data: '\n\r\n', pauseMs: 5 },
        // No data: not dispatched, but its id is the last event ID from here on.
        { data: 'id: 3\nevent: ping\n\n', pauseMs: 5 },
        { data: `data:${item('4')}\n\n`, pauseMs: 5 },
      ],
    },
  ];
  const stream = client().events.stream({ topic: 'all' }, { reconnect: false });
  const events = await collect(stream);
  assert.equal(events, [
    { data: { id: '1', text: 'item 1' }, event: 'created', id: '1', retry: 1500 },
    { data: { id: '2', text: 'item 2' }, event: 'message', id: '2' },
    { data: { id: '4', text: 'item 4' }, event: 'message', id: '3' },
  ]);
  assert.is(stream.lastEventId, '3');
  const request = server.requests[0];
  assert.is(request?.url, '/events?topic=all');
  assert.is(request?.headers.accept, 'text/event-stream');
  assert.is(request?.headers['last-event-id'], undefined, 'no Last-Event-ID on the first connection');
});

test('after a disconnect it reconnects after `retry` ms with Last-Event-ID, and a 204 ends the stream', async () => {
  replies = [
    {
      status: 200,
      headers: SSE,
      chunks: [
        { data: `retry: 250\nid: 7\ndata: ${item('7')}\n\nid: 8\ndata: ${item('8')}\n\n`, pauseMs: 20 },
        { data: 'id: 9\ndata: {"id":"9"' },
      ],
      abort: true,
    },
    { status: 200, headers: SSE, chunks: [{ data: `id: 9\ndata: ${item('9')}\n\n` }] },
    { status: 204 },
  ];
  const events = (await collect(client().events.stream())) as { id: string; data: { id: string } }[];
  assert.equal(
    events.map((e) => [e.id, e.data.id]),
    [
      ['7', '7'],
      ['8', '8'],
      ['9', '9'],
    ],
  );
  assert.equal(
    server.requests.map((r) => r.headers['last-event-id']),
    [undefined, '8', '9'],
  );
  assert.equal(waits, [250, 250], 'the retry field sets the wait');
});

test('a [DONE] data line ends a JSON event stream', async () => {
  replies = [
    {
      status: 200,
      headers: SSE,
      chunks: [{ data: `data: ${item('1')}\n\ndata: [DONE]\n\ndata: ${item('2')}\n\n` }],
    },
  ];
  const events = (await collect(client().events.stream())) as { data: { id: string } }[];
  assert.equal(
    events.map((e) => e.data.id),
    ['1'],
  );
  assert.is(server.requests.length, 1, 'no reconnection after [DONE]');
});

test('a response that is not text/event-stream is refused', async () => {
  replies = [{ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }];
  try {
    await collect(client().events.stream({}, { reconnect: false }));
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, pkg.ApiError);
    assert.match(
      (error as Error).message,
      /expected an event stream \(text\/event-stream\), got application\/json/,
    );
  }
});

test('SseParser: CR, LF and CRLF line ends (split anywhere), BOM, fields without a space or value, NUL ids, bad retry', () => {
  const parser = new pkg.SseParser();
  const text =
    '\uFEFFdata\r\rdata: a\r\ndata:b\n\nid: x\u0000y\nretry: 12s\ndata: c\r\r: only a comment\n\nid: z\nretry: 30\ndata: d\n\ndata: cut off';
  const events: unknown[] = [];
  for (const char of text) events.push(...parser.push(char));
  events.push(...parser.end());
  assert.equal(events, [
    { data: '', event: 'message', id: '' },
    { data: 'a\nb', event: 'message', id: '' },
    { data: 'c', event: 'message', id: '' },
    { data: 'd', event: 'message', id: 'z', retry: 30 },
  ]);
  assert.is(parser.reconnectMs, 30);
  assert.is(parser.lastEventId, 'z');
});

test.run();
