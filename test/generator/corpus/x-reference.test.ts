/**
 * X's own published spec (test/fixtures/reference/x-openapi-2.159.json) has no x-pagination and no
 * x-streaming: pagination and streams are inferred. Every operation that takes `pagination_token`
 * or `next_token` returns a page promise and every `x-twitter-streaming` one an EventStream; one of
 * each is driven over loopback. The package is the one test/helpers/x-reference.ts generates once per
 * run through the command line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../../helpers/server.ts';
import { X_REFERENCE_SPEC, xReferencePackage, type XReferencePackage } from '../../helpers/x-reference.ts';
import type { Dynamic } from './smoke-cases.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const SPEC = X_REFERENCE_SPEC;
const TOKEN = 'xref-bearer-token';

interface RawOperation {
  operationId: string;
  parameters?: ({ name: string } | { $ref: string })[];
  'x-twitter-streaming'?: boolean;
}

/** The operation ids of the spec that take a next token, and those X marks as streaming. */
function expected(): { paginated: string[]; streams: string[] } {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as {
    paths: Record<string, Record<string, RawOperation>>;
    components: { parameters: Record<string, { name: string }> };
  };
  const paginated: string[] = [];
  const streams: string[] = [];
  for (const item of Object.values(spec.paths)) {
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || !op.operationId) continue;
      const names = (op.parameters ?? []).map((p) =>
        '$ref' in p ? spec.components.parameters[p.$ref.split('/').pop() ?? '']?.name : p.name,
      );
      if (names.includes('pagination_token') || names.includes('next_token')) paginated.push(op.operationId);
      if (op['x-twitter-streaming'] === true) streams.push(op.operationId);
    }
  }
  return { paginated: paginated.sort(), streams: streams.sort() };
}

let work = '';
let server: TestServer;
let reply: (request: SeenRequest) => Reply = () => ({ status: 500 });
let generated: XReferencePackage;
let pkg: Dynamic;

test.before(async () => {
  work = tempDir('x-reference');
  server = await startServer((request) => reply(request));
  generated = await xReferencePackage(work);
  assert.is(generated.run.code, 0, generated.run.text);
  pkg = await import(pathToFileURL(join(generated.out, 'src', 'index.ts')).href);
});
test.after(async () => {
  await server.close();
  removeDir(work);
});

test('a page promise for every operation that takes pagination_token or next_token, an EventStream for every x-twitter-streaming one', () => {
  const { paginated, streams } = expected();
  assert.is(paginated.length, 39);
  assert.is(streams.length, 15);
  const table = pkg.operations as Record<string, { pagination?: unknown; streaming?: string }>;
  assert.equal(
    Object.keys(table)
      .filter((id) => table[id]?.pagination)
      .sort(),
    paginated,
  );
  assert.equal(
    Object.keys(table)
      .filter((id) => table[id]?.streaming === 'ndjson')
      .sort(),
    streams,
  );
  const declarations = readFileSync(join(generated.out, 'dist', 'functions.d.ts'), 'utf8');
  // Generic (`<const P extends ...Params>`) where the result follows inferred field selection.
  for (const id of paginated)
    assert.match(
      declarations,
      new RegExp(`function ${id}(<[^(]*>)?\\([^;]*\\): PagePromise<`),
      `${id} returns a page promise`,
    );
  for (const id of streams)
    assert.match(
      declarations,
      new RegExp(`function ${id}(<[^(]*>)?\\([^;]*\\): EventStream<`),
      `${id} returns an EventStream`,
    );
  // The report's count, as the command says it.
  assert.ok(
    generated.run.out.some((line) => line.includes('; 39 paginated, 15 streams inferred)')),
    generated.run.text,
  );
});

test('searchPostsRecent pages through meta.next_token over loopback', async () => {
  reply = (r) => {
    const token = r.query.get('pagination_token');
    if (!token)
      return {
        body: {
          data: [{ id: '1', text: 'a', edit_history_tweet_ids: ['1'] }],
          meta: { next_token: 'n2', result_count: 1 },
        },
      };
    if (token === 'n2')
      return {
        body: {
          data: [{ id: '2', text: 'b', edit_history_tweet_ids: ['2'] }],
          meta: { next_token: 'n3', result_count: 1 },
        },
      };
    return {
      body: { data: [{ id: '3', text: 'c', edit_history_tweet_ids: ['3'] }], meta: { result_count: 1 } },
    };
  };
  server.requests.length = 0;
  const client = new pkg.XClient({ baseUrl: server.url, auth: { bearerToken: TOKEN } });
  const ids: string[] = [];
  for await (const post of client.call('searchPostsRecent', { query: 'coffee', max_results: 10 }))
    ids.push(post.id);
  assert.equal(ids, ['1', '2', '3']);
  assert.equal(
    server.requests.map((r) => r.query.get('pagination_token')),
    [null, 'n2', 'n3'],
  );
  assert.ok(
    server.requests.every(
      (r) => r.path === '/2/tweets/search/recent' && r.headers.authorization === `Bearer ${TOKEN}`,
    ),
  );
});

test('streamPostsSample streams newline-delimited posts over loopback', async () => {
  const line = (id: string) =>
    `${JSON.stringify({ data: { id, text: `post ${id}`, edit_history_tweet_ids: [id] } })}\r\n`;
  reply = () => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    chunks: [{ data: line('10'), pauseMs: 5 }, { data: '\r\n', pauseMs: 5 }, { data: line('11') }],
  });
  server.requests.length = 0;
  const client = new pkg.XClient({ baseUrl: server.url, auth: { bearerToken: TOKEN } });
  const ids: string[] = [];
  for await (const event of client.call('streamPostsSample', {}, { reconnect: false }))
    ids.push(event.data.id);
  assert.equal(ids, ['10', '11']);
  assert.is(server.requests[0]?.path, '/2/tweets/sample/stream');
});

test.run();
