/**
 * Pagination over real HTTP on loopback: token style (@xgen/core-v2), cursor style (a fixture spec
 * generated here), since_id polling, and a repo's template override through the config key.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { main } from '../../generator/cli/main.ts';
import { BUILTIN_TEMPLATES } from '../../generator/emit/runtime.ts';
import { ApiError, CoreClient, PaginationLoopError } from '../../generated/core-v2/src/index.js';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../helpers/server.js';

const TOKEN = 'AAAA-secret-bearer-token-never-shown';
const tmp = resolve('test/.tmp/pagination');
let server: TestServer;
let reply: (req: SeenRequest) => Reply;

/** What these tests use of a generated cursor-style package (imported at run time). */
interface CursorPage {
  items: { id: string; name: string }[];
  next_cursor: string | null;
  nextToken: string | undefined;
  hasNextPage(): boolean;
}
interface CursorPackage {
  FixtureClient: new (options: Record<string, unknown>) => {
    campaigns: {
      list(
        params: { account_id: string; count?: number; cursor?: string },
        options?: { maxItems?: number },
      ): PromiseLike<CursorPage> &
        AsyncIterable<{ id: string; name: string }> & { pages(): AsyncIterable<CursorPage> };
    };
  };
}
let cursorPkg: CursorPackage;
let overriddenPkg: CursorPackage;

test.before(async () => {
  server = await startServer((req) => reply(req));
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  // A repo's override of the page logic: this API marks the last page with next_cursor "0".
  const builtin = readFileSync(join(BUILTIN_TEMPLATES, 'runtime/pagination.ts'), 'utf8');
  const endCheck = "if (value === undefined || value === null || value === '') return undefined;";
  assert.ok(
    builtin.includes(endCheck),
    'the built-in template still has the end check this override replaces',
  );
  writeFileSync(
    join(tmp, 'pagination.ts.hbs'),
    builtin.replace(
      endCheck,
      "if (value === undefined || value === null || value === '' || value === '0') return undefined;",
    ),
  );
  const spec = resolve('test/fixtures/specs/cursor-pagination.yaml');
  writeFileSync(
    join(tmp, 'xgen.config.yaml'),
    [
      'packages:',
      `  - { spec: '${spec}', out: out/cursor, name: '@fixture/cursor', client: FixtureClient }`,
      `  - spec: '${spec}'`,
      '    out: out/overridden',
      "    name: '@fixture/overridden'",
      '    client: FixtureClient',
      '    templates:',
      '      runtime/pagination.ts: pagination.ts.hbs',
      '',
    ].join('\n'),
  );
  const errors: string[] = [];
  const code = await main(
    ['generate', '--config', join(tmp, 'xgen.config.yaml')],
    () => undefined,
    (line: string) => errors.push(line),
  );
  assert.is(code, 0, errors.join('\n'));
  cursorPkg = (await import(pathToFileURL(join(tmp, 'out/cursor/src/index.ts')).href)) as CursorPackage;
  overriddenPkg = (await import(
    pathToFileURL(join(tmp, 'out/overridden/src/index.ts')).href
  )) as CursorPackage;
});
test.after(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});
test.before.each(() => {
  server.requests.length = 0;
  reply = () => ({ status: 200, body: {} });
});

const client = (extra: ConstructorParameters<typeof CoreClient>[0] = {}) =>
  new CoreClient({ baseUrl: server.url, auth: { bearerToken: TOKEN }, maxRetries: 0, ...extra });

const post = (id: number) => ({ id: String(id), text: `post ${id}`, edit_history_tweet_ids: [String(id)] });

/** A timeline of `sizes[i]` posts on page i+1, token `tok<i+1>` leading to page i+2; the last page has no next_token. */
function timeline(sizes: number[]): (req: SeenRequest) => Reply {
  const pages: { data: ReturnType<typeof post>[]; next?: string }[] = [];
  let id = 1000;
  sizes.forEach((size, i) => {
    pages.push({
      data: Array.from({ length: size }, () => post(id--)),
      ...(i < sizes.length - 1 && { next: `tok${i + 2}` }),
    });
  });
  return (req) => {
    const token = req.query.get('pagination_token');
    const index = token === null ? 0 : Number(token.slice(3)) - 1;
    const page = pages[index];
    if (!page) return { status: 400, body: { title: 'bad token', type: 'about:blank' } };
    return {
      headers: {
        'x-rate-limit-limit': '900',
        'x-rate-limit-remaining': String(899 - index),
        'x-rate-limit-reset': '1700000900',
      },
      body: {
        data: page.data,
        meta: {
          result_count: page.data.length,
          ...(page.next && { next_token: page.next }),
          ...(index > 0 && { previous_token: `prev${index}` }),
        },
      },
    };
  };
}

test('token paging across 5 pages where page 3 is short still reaches page 5, no item lost or repeated', async () => {
  reply = timeline([10, 10, 3, 10, 7]);
  const ids: string[] = [];
  for await (const tweet of client().users.getPosts({ id: '2244994945', max_results: 10 }))
    ids.push(tweet.id);
  assert.is(ids.length, 40);
  assert.is(new Set(ids).size, 40);
  assert.equal(
    ids,
    Array.from({ length: 40 }, (_, i) => String(1000 - i)),
  );
  assert.equal(
    server.requests.map((r) => r.query.get('pagination_token')),
    [null, 'tok2', 'tok3', 'tok4', 'tok5'],
  );
  assert.ok(
    server.requests.every(
      (r) => r.query.get('max_results') === '10' && r.path === '/2/users/2244994945/tweets',
    ),
  );
});

test('await gives the first page: items, meta, rate-limit figures, hasNextPage and getNextPage', async () => {
  reply = timeline([2, 1]);
  const first = await client().users.getPosts({ id: '1' });
  assert.equal(
    first.items.map((t) => t.id),
    ['1000', '999'],
  );
  assert.equal(
    first.data?.map((t) => t.id),
    ['1000', '999'],
    'the body is there as sent',
  );
  assert.is(first.meta?.next_token, 'tok2');
  assert.is(first.nextToken, 'tok2');
  assert.equal(first.rateLimit, { limit: 900, remaining: 899, reset: 1700000900 });
  assert.ok(first.hasNextPage());
  const [second, again] = await Promise.all([first.getNextPage(), first.getNextPage()]);
  assert.is(second, again, 'asking twice fetches once');
  assert.equal(
    second?.items.map((t) => t.id),
    ['998'],
  );
  assert.is(second?.previousToken, 'prev1');
  assert.not.ok(second?.hasNextPage());
  assert.is(await second?.getNextPage(), null);
  assert.is(server.requests.length, 2);
});

test('.pages() yields page after page, within maxPages', async () => {
  reply = timeline([2, 2, 2, 2]);
  const counts: number[] = [];
  for await (const page of client().users.getPosts({ id: '1' }, { maxPages: 3 }).pages())
    counts.push(page.items.length);
  assert.equal(counts, [2, 2, 2]);
  assert.is(server.requests.length, 3);
});

test('maxItems stops the items and the requests', async () => {
  reply = timeline([4, 4, 4]);
  const ids: string[] = [];
  for await (const tweet of client().users.getPosts({ id: '1' }, { maxItems: 6 })) ids.push(tweet.id);
  assert.equal(ids, ['1000', '999', '998', '997', '996', '995']);
  assert.is(server.requests.length, 2);
});

test('a repeated token stops with PaginationLoopError instead of looping, after every item before it', async () => {
  reply = (req) => {
    // A bound, so that a broken loop check fails the test instead of hanging it.
    if (server.requests.length > 6) return { status: 400, body: { type: 'about:blank', title: 'looping' } };
    const token = req.query.get('pagination_token');
    if (token === null) return { body: { data: [post(3)], meta: { result_count: 1, next_token: 'A' } } };
    if (token === 'A') return { body: { data: [post(2)], meta: { result_count: 1, next_token: 'B' } } };
    return { body: { data: [post(1)], meta: { result_count: 1, next_token: 'A' } } };
  };
  const ids: string[] = [];
  try {
    for await (const tweet of client().users.getPosts({ id: '1' })) ids.push(tweet.id);
    assert.unreachable('should stop with an error');
  } catch (error) {
    assert.instance(error, PaginationLoopError);
    assert.is((error as PaginationLoopError).operationId, 'getUsersPosts');
  }
  assert.equal(ids, ['3', '2', '1']);
  assert.is(server.requests.length, 3);
});

test("the first request's own token counts as seen", async () => {
  reply = () =>
    server.requests.length > 6
      ? { status: 400, body: { type: 'about:blank', title: 'looping' } }
      : { body: { data: [post(1)], meta: { result_count: 1, next_token: 'same' } } };
  const pages = client().users.getPosts({ id: '1', pagination_token: 'same' });
  const collected: string[] = [];
  try {
    for await (const tweet of pages) collected.push(tweet.id);
    assert.unreachable('should stop with an error');
  } catch (error) {
    assert.instance(error, PaginationLoopError);
  }
  const first = await pages;
  await first.getNextPage().then(
    () => assert.unreachable('getNextPage should refuse the repeated token too'),
    (error: unknown) => assert.instance(error, PaginationLoopError),
  );
  assert.equal(collected, ['1']);
  assert.is(server.requests.length, 1, 'the first page was fetched once and the repeat never requested');
});

test('an aborted signal stops paging between items and pages', async () => {
  reply = timeline([2, 2, 2]);
  const controller = new AbortController();
  const ids: string[] = [];
  try {
    for await (const tweet of client().users.getPosts({ id: '1' }, { signal: controller.signal })) {
      ids.push(tweet.id);
      if (ids.length === 3) controller.abort(new Error('enough'));
    }
    assert.unreachable('should reject');
  } catch (error) {
    assert.is((error as Error).message, 'enough');
  }
  assert.equal(ids, ['1000', '999', '998']);
  assert.is(server.requests.length, 2);
});

test('a failed getNextPage can be asked again', async () => {
  let fail = true;
  const pages = timeline([1, 1]);
  reply = (req) => {
    if (req.query.get('pagination_token') === 'tok2' && fail) {
      fail = false;
      return { status: 400, body: { type: 'about:blank', title: 'Bad Request' } };
    }
    return pages(req);
  };
  const first = await client().users.getPosts({ id: '1' });
  await first.getNextPage().then(
    () => assert.unreachable('the first try fails'),
    (error: unknown) => assert.instance(error, ApiError),
  );
  const second = await first.getNextPage();
  assert.equal(
    second?.items.map((t) => t.id),
    ['999'],
  );
});

test('cursor paging sends count and cursor and ends on next_cursor: null', async () => {
  const cursors: Record<string, { ids: string[]; next: string | null }> = {
    '': { ids: ['c1', 'c2'], next: 'n1' },
    n1: { ids: ['c3'], next: 'n2' },
    n2: { ids: ['c4', 'c5'], next: null },
  };
  reply = (req) => {
    const page = cursors[req.query.get('cursor') ?? ''];
    if (!page) return { status: 400, body: {} };
    return {
      body: {
        request: { params: {} },
        data: page.ids.map((id) => ({ id, name: `campaign ${id}` })),
        next_cursor: page.next,
      },
    };
  };
  const ads = new cursorPkg.FixtureClient({
    baseUrl: server.url,
    auth: { bearerToken: TOKEN },
    maxRetries: 0,
  });
  const ids: string[] = [];
  for await (const campaign of ads.campaigns.list({ account_id: '18ce54d4x5t', count: 2 }))
    ids.push(campaign.id);
  assert.equal(ids, ['c1', 'c2', 'c3', 'c4', 'c5']);
  assert.equal(
    server.requests.map((r) => [r.path, r.query.get('count'), r.query.get('cursor')]),
    [
      ['/12/accounts/18ce54d4x5t/campaigns', '2', null],
      ['/12/accounts/18ce54d4x5t/campaigns', '2', 'n1'],
      ['/12/accounts/18ce54d4x5t/campaigns', '2', 'n2'],
    ],
  );
  const last = await ads.campaigns.list({ account_id: '18ce54d4x5t', cursor: 'n2' });
  assert.is(last.next_cursor, null);
  assert.not.ok(last.hasNextPage());
});

test("a repo's template override (config key `templates`) changes the generated page logic", async () => {
  // This API ends with next_cursor "0"; the built-in logic follows it, the override stops there.
  reply = (req) => {
    const cursor = req.query.get('cursor');
    if (cursor === null) return { body: { data: [{ id: 'a', name: 'A' }], next_cursor: 'n1' } };
    if (cursor === 'n1') return { body: { data: [{ id: 'b', name: 'B' }], next_cursor: '0' } };
    return { body: { data: [], next_cursor: null } };
  };
  const walk = async (pkg: CursorPackage): Promise<number> => {
    server.requests.length = 0;
    const ads = new pkg.FixtureClient({ baseUrl: server.url, auth: { bearerToken: TOKEN }, maxRetries: 0 });
    const ids: string[] = [];
    for await (const campaign of ads.campaigns.list({ account_id: '1' })) ids.push(campaign.id);
    assert.equal(ids, ['a', 'b']);
    return server.requests.length;
  };
  assert.is(await walk(cursorPkg), 3, 'built-in: cursor "0" is followed');
  assert.is(await walk(overriddenPkg), 2, 'overridden: cursor "0" ends the walk');
  const rendered = readFileSync(join(tmp, 'out/overridden/src/runtime/pagination.ts'), 'utf8');
  assert.ok(rendered.includes("value === '0'"));
});

test('poll() with since_id yields only new items, round after round', async () => {
  const rounds: Reply[] = [
    {
      body: {
        data: [post(100), post(99)],
        meta: { result_count: 2, newest_id: '100', oldest_id: '99', next_token: 'ignored' },
      },
    },
    { body: { data: [post(102)], meta: { result_count: 1, newest_id: '102', next_token: 'p2' } } },
    { body: { data: [post(101)], meta: { result_count: 1, newest_id: '101' } } },
    { body: { meta: { result_count: 0 } } },
    { body: { data: [post(103)], meta: { result_count: 1, newest_id: '103' } } },
  ];
  reply = () => rounds.shift() ?? { status: 500, body: {} };
  const waits: number[] = [];
  const polling = client({ sleep: async (ms) => void waits.push(ms) });
  const ids: string[] = [];
  for await (const tweet of polling.users
    .getPosts({ id: '1', max_results: 5 })
    .poll({ intervalMs: 30_000, maxRounds: 4 }))
    ids.push(tweet.id);
  assert.equal(ids, ['102', '101', '103']);
  assert.equal(
    server.requests.map((r) => [r.query.get('since_id'), r.query.get('pagination_token')]),
    [
      [null, null],
      ['100', null],
      ['100', 'p2'],
      ['102', null],
      ['102', null],
    ],
  );
  assert.equal(waits, [30_000, 30_000, 30_000]);
});

test('poll() ends quietly when its signal aborts, and refuses an operation without since_id', async () => {
  reply = () => ({ body: { data: [post(5)], meta: { result_count: 1, newest_id: '5' } } });
  const controller = new AbortController();
  const ids: string[] = [];
  const started = Date.now();
  setTimeout(() => controller.abort(), 30);
  for await (const tweet of client()
    .users.getPosts({ id: '1', since_id: '4' })
    .poll({ intervalMs: 60_000, signal: controller.signal }))
    ids.push(tweet.id);
  assert.equal(ids, ['5']);
  assert.ok(Date.now() - started < 2_000, 'the wait between rounds was cut short');
  try {
    for await (const _ of client().connections.getHistory().poll()) assert.unreachable('no items expected');
    assert.unreachable('should refuse');
  } catch (error) {
    assert.instance(error, TypeError);
    assert.match((error as Error).message, /since_id/, String(error));
  }
});

test.run();
