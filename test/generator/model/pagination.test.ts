/**
 * Pagination and streams inferred from a spec's shapes (test/fixtures/specs/inference/inferred.yaml,
 * which has no x-pagination and no x-streaming): what the model decides for each shape, and each
 * page promise walking its pages over loopback the way its style says.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage } from '../../../generator/generate.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel, type OperationModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, tempDir, writeTree } from '../../helpers/cli.ts';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../../helpers/server.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const SPEC = join(ROOT, 'test', 'fixtures', 'specs', 'inference', 'inferred.yaml');
import type { Dynamic } from '../corpus/smoke-cases.ts';

let work = '';
let server: TestServer;
let reply: (request: SeenRequest) => Reply = () => ({ status: 500 });
let pkg: Dynamic;
let client: Dynamic;
let ops: Map<string, OperationModel>;

test.before(async () => {
  work = tempDir('inferred');
  server = await startServer((request) => reply(request));
  const model = buildModel(loadSpec(SPEC), { packageName: '@t/inferred', clientName: 'InferredClient' });
  ops = new Map(model.operations.map((o) => [o.id, o]));
  const generated = await generatePackage({
    spec: SPEC,
    out: join(work, 'out'),
    name: '@t/inferred',
    client: 'InferredClient',
    templates: {},
  });
  writeTree(join(work, 'out'), generated.files);
  assert.equal(generated.report.inferred, { paginated: 6, streams: 2 });
  pkg = await import(pathToFileURL(join(work, 'out', 'src', 'index.ts')).href);
  client = new pkg.InferredClient({ baseUrl: server.url, maxRetries: 0 });
});
test.after(async () => {
  await server.close();
  removeDir(work);
});
test.before.each(() => {
  server.requests.length = 0;
});

test('the model reads each shape as its style, and x-pagination: false switches the inference off', () => {
  const pagination = (id: string) => {
    const p = ops.get(id)?.pagination;
    return (
      p && {
        style: p.style,
        token: p.token,
        next: p.next,
        items: p.items,
        limit: p.limit,
        hasMore: p.hasMore,
        total: p.total,
        previous: p.previous,
        inferred: p.inferred,
      }
    );
  };
  const drop = (o: Record<string, unknown> | undefined) =>
    o && Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  assert.equal(drop(pagination('listTweets')), {
    style: 'token',
    token: 'pagination_token',
    next: 'meta.next_token',
    previous: 'meta.previous_token',
    items: 'data',
    limit: 'max_results',
    inferred: true,
  });
  assert.equal(drop(pagination('listCursored')), {
    style: 'cursor',
    token: 'cursor',
    next: 'next_cursor',
    items: 'data',
    limit: 'count',
    inferred: true,
  });
  assert.equal(drop(pagination('listPaged')), {
    style: 'token',
    token: 'page_token',
    next: 'next_page_token',
    items: 'things',
    inferred: true,
  });
  assert.equal(drop(pagination('listListed')), {
    style: 'after',
    token: 'starting_after',
    hasMore: 'has_more',
    items: 'data',
    limit: 'limit',
    inferred: true,
  });
  assert.equal(drop(pagination('listLinked')), {
    style: 'link',
    token: 'page',
    items: '',
    limit: 'per_page',
    inferred: true,
  });
  assert.equal(drop(pagination('listOffsets')), {
    style: 'offset',
    token: 'offset',
    total: 'total',
    items: 'results',
    limit: 'limit',
    inferred: true,
  });
  assert.is(ops.get('listSwitchedOff')?.pagination, undefined);
  assert.is(ops.get('streamEvents')?.streaming, 'sse');
  assert.is(ops.get('streamLines')?.streaming, 'ndjson');
  assert.is(
    ops.get('createEither')?.streaming,
    undefined,
    'plain JSON or a stream, chosen by the request: not a stream',
  );
});

const item = (id: string) => ({ id, text: `item ${id}` });
async function all(promise: AsyncIterable<{ id: string }>): Promise<string[]> {
  const ids: string[] = [];
  for await (const it of promise) ids.push(it.id);
  return ids;
}

test('next tokens in the body: meta.next_token, next_cursor (null ends), next_page_token', async () => {
  reply = (r) => ({
    body: r.query.get('pagination_token')
      ? { data: [item('3')], meta: {} }
      : { data: [item('1'), item('2')], meta: { next_token: 't2' } },
  });
  assert.equal(await all(client.tweets.list({ max_results: 2 })), ['1', '2', '3']);
  assert.equal(
    server.requests.map((r) => r.url),
    ['/tweets?max_results=2', '/tweets?max_results=2&pagination_token=t2'],
  );
  server.requests.length = 0;
  reply = (r) => ({
    body: r.query.get('cursor')
      ? { data: [item('b')], next_cursor: null }
      : { data: [item('a')], next_cursor: 'c1' },
  });
  assert.equal(await all(client.cursored.list()), ['a', 'b']);
  reply = (r) => ({
    body: r.query.get('page_token')
      ? { things: [item('y')] }
      : { things: [item('x')], next_page_token: 'p2' },
  });
  assert.equal(await all(client.paged.list()), ['x', 'y']);
});

test('starting_after with has_more: the last item id is the next token, has_more false ends', async () => {
  reply = (r) => ({
    body:
      r.query.get('starting_after') === 'b'
        ? { data: [item('c')], has_more: false }
        : { data: [item('a'), item('b')], has_more: true },
  });
  assert.equal(await all(client.listed.list({ limit: 2 })), ['a', 'b', 'c']);
  assert.equal(
    server.requests.map((r) => r.url),
    ['/listed?limit=2', '/listed?starting_after=b&limit=2'],
  );
});

test('Link headers: the rel="next" URL gives the next query, typed; no next link ends', async () => {
  reply = (r) => {
    const page = Number(r.query.get('page') ?? '1');
    const next = `<${server.url}/linked?page=${page + 1}&per_page=2&state=open>; rel="next", <${server.url}/linked?page=3&per_page=2&state=open>; rel="last"`;
    return {
      headers:
        page < 3
          ? { link: next }
          : { link: `<${server.url}/linked?page=1&per_page=2&state=open>; rel="first"` },
      body: [item(`p${page}a`), item(`p${page}b`)],
    };
  };
  const first = await client.linked.list({ per_page: 2, state: 'open' });
  assert.is(first.nextToken, `${server.url}/linked?page=2&per_page=2&state=open`);
  assert.equal(
    first.items.map((i: { id: string }) => i.id),
    ['p1a', 'p1b'],
  );
  server.requests.length = 0;
  assert.equal(await all(client.linked.list({ per_page: 2, state: 'open' })), [
    'p1a',
    'p1b',
    'p2a',
    'p2b',
    'p3a',
    'p3b',
  ]);
  assert.equal(
    server.requests.map((r) => r.url),
    [
      '/linked?per_page=2&state=open',
      '/linked?page=2&per_page=2&state=open',
      '/linked?page=3&per_page=2&state=open',
    ],
  );
});

test('offset and limit: the next offset adds the items received; the total (or an empty page) ends', async () => {
  reply = (r) => {
    const offset = Number(r.query.get('offset') ?? '0');
    return {
      body: {
        results: offset < 5 ? [item(String(offset)), item(String(offset + 1))].slice(0, 5 - offset) : [],
        total: 5,
      },
    };
  };
  assert.equal(await all(client.offsets.list({ limit: 2 })), ['0', '1', '2', '3', '4']);
  assert.equal(
    server.requests.map((r) => r.query.get('offset')),
    [null, '2', '4'],
  );
});

test('maxPages and maxItems hold for inferred pagination too', async () => {
  reply = (r) => ({
    body: {
      data: [item(r.query.get('pagination_token') ?? 'first')],
      meta: { next_token: `${r.query.get('pagination_token') ?? ''}x` },
    },
  });
  assert.equal((await all(client.tweets.list({}, { maxPages: 3 }))).length, 3);
  assert.equal((await all(client.tweets.list({}, { maxItems: 2 }))).length, 2);
});

test('x-pagination: false: the operation resolves to its plain body', async () => {
  reply = () => ({ body: { data: [item('1')], meta: { next_token: 'more' } } });
  const body = await client.switchedOff.retrieve();
  assert.equal(body, { data: [item('1')], meta: { next_token: 'more' } });
  assert.is(body.items, undefined);
});

test.run();
