/** @xgen/core-v2 over loopback: stream rules added and deleted through POST, activity events of unlisted kinds. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  ApiError,
  CoreClient,
  ValidationError,
  type ActivityEvent,
} from '../../generated/core-v2/src/index.js';
import { type SeenRequest, suiteServer, type Reply } from '../helpers/server.js';

/** A filtered-stream rule set as X keeps it: POST adds (`add`) or deletes (`delete`), GET lists. */
function rulesServer(): (request: SeenRequest) => Reply {
  const rules = new Map<string, { id: string; value: string; tag?: string }>();
  let next = 100;
  const sent = '2026-04-02T10:00:00.000Z';
  return (request) => {
    if (request.path !== '/2/tweets/search/stream/rules') return { status: 404, body: {} };
    if (request.method === 'GET')
      return { body: { data: [...rules.values()], meta: { sent, result_count: rules.size } } };
    if (request.method !== 'POST') return { status: 405, body: {} };
    const body = JSON.parse(request.body) as {
      add?: { value: string; tag?: string }[];
      delete?: { ids?: string[]; values?: string[] };
    };
    if (body.add && body.delete) return { status: 400, body: { title: 'add or delete, not both' } };
    if (body.add) {
      const created = body.add.map((r) => ({ id: String(next++), ...r }));
      for (const rule of created) rules.set(rule.id, rule);
      return {
        body: {
          data: created,
          meta: {
            sent,
            summary: { created: created.length, not_created: 0, valid: created.length, invalid: 0 },
          },
        },
      };
    }
    if (body.delete) {
      let deleted = 0;
      for (const rule of [...rules.values()]) {
        if (body.delete.ids?.includes(rule.id) || body.delete.values?.includes(rule.value)) {
          rules.delete(rule.id);
          deleted++;
        }
      }
      const asked = (body.delete.ids?.length ?? 0) + (body.delete.values?.length ?? 0);
      return { body: { meta: { sent, summary: { deleted, not_deleted: asked - deleted } } } };
    }
    return { status: 400, body: { title: 'no add or delete' } };
  };
}

const server = suiteServer(test, rulesServer());
const client = () => new CoreClient({ baseUrl: server.url, auth: { bearerToken: 'token' }, maxRetries: 0 });

test('updateRules adds with {add} and deletes with {delete}, both by POST', async () => {
  server.reply = rulesServer();
  const added = await client().stream.updateRules({
    add: [{ value: 'coffee -is:retweet', tag: 'coffee' }, { value: 'cat has:media' }],
  });
  assert.equal(added.meta.summary, { created: 2, not_created: 0, valid: 2, invalid: 0 });
  const [first] = added.data ?? [];
  assert.ok(first?.id);

  const deleted = await client().stream.updateRules({
    delete: { ids: [first.id], values: ['cat has:media'] },
  });
  assert.equal(deleted.meta.summary, { deleted: 2, not_deleted: 0 });
  const posts = server.requests.filter((r) => r.method === 'POST');
  assert.is(posts.length, 2);
  assert.equal(JSON.parse(posts[1]?.body ?? ''), { delete: { ids: [first.id], values: ['cat has:media'] } });

  const left = await client().stream.getRules();
  assert.equal(left.data, []);
});

test('updateRules sends dry_run and delete_all in the query', async () => {
  server.reply = () => ({
    body: { meta: { sent: '2026-04-02T10:00:00.000Z', summary: { deleted: 3, not_deleted: 0 } } },
  });
  await client().stream.updateRules({ delete: {}, delete_all: true, dry_run: true });
  const [seen] = server.requests;
  assert.is(seen?.method, 'POST');
  assert.is(seen?.query.get('delete_all'), 'true');
  assert.is(seen?.query.get('dry_run'), 'true');
});

test('updateRules with both add and delete is a ValidationError before anything is sent', async () => {
  server.reply = rulesServer();
  try {
    // Through a variable typed loosely, as plain JavaScript would pass it (the types refuse it).
    const params: Record<string, unknown> = { add: [{ value: 'cat has:media' }], delete: { ids: ['1'] } };
    await client().stream.updateRules(params as never);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ValidationError);
    assert.is((error as ValidationError).parameter, 'delete');
    assert.match((error as Error).message, /cannot be given with "add"/);
  }
  assert.is(server.requests.length, 0);
});

test('deleteRules (DELETE) is kept beside POST deletion', async () => {
  server.reply = () => ({
    body: { meta: { sent: '2026-04-02T10:00:00.000Z', summary: { deleted: 1, not_deleted: 0 } } },
  });
  await client().stream.deleteRules({ delete: { ids: ['1'] } });
  assert.is(server.requests[0]?.method, 'DELETE');
});

test('a server error on POST rules is still an ApiError', async () => {
  server.reply = () => ({ status: 400, body: { title: 'Invalid Request', type: 'about:blank' } });
  try {
    await client().stream.updateRules({ delete: { values: ['x'] } });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ApiError);
  }
});

test('the activity stream delivers an event of a kind the spec does not list, and the known ones', async () => {
  const lines = [
    { data: { event_type: 'likes.new', event_uuid: '1', payload: { post_id: '20' } } },
    { data: { event_type: 'news.new', event_uuid: '2', payload: { headline: 'A story', category: 'Tech' } } },
  ];
  server.reply = () => ({ chunks: [{ data: lines.map((l) => `${JSON.stringify(l)}\r\n`).join('') }] });
  const stream = client().accountActivity.activityStream();
  const events: ActivityEvent[] = [];
  for await (const line of stream) {
    if (line.data) events.push(line.data);
    if (events.length === 2) break;
  }
  await stream.close();
  assert.equal(
    events.map((e) => e.event_type),
    ['likes.new', 'news.new'],
  );
  const news = events[1];
  assert.is(news?.event_type === 'news.new' ? news.payload?.headline : undefined, 'A story');
});

test.run();
