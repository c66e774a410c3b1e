/**
 * Field selection end to end: a loopback server that answers like X (seed 2.10: only the default
 * fields unless `*.fields` asks for more, expanded objects only when `expansions` asks), and a
 * consumer program, type-checked, that reads what it asked for without `!` or `?.`. Also: a params
 * key the operation does not have is a ValidationError before anything is sent.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { CoreClient, ValidationError } from '../../generated/core-v2/src/index.js';
import { suiteServer, type SeenRequest } from '../helpers/server.js';
import { typecheck } from '../helpers/typecheck.js';
import { report } from '../types/programs/core-v2-fields-consumer.js';

/** Every field X has for these objects; a response carries only the defaults and what was asked. */
const POSTS: Record<string, Record<string, unknown>> = {
  '20': {
    id: '20',
    text: 'just setting up my twttr',
    edit_history_tweet_ids: ['20'],
    created_at: '2006-03-21T20:50:14.000Z',
    author_id: '12',
    lang: 'en',
    public_metrics: { retweet_count: 1, reply_count: 2, like_count: 3, quote_count: 4 },
    possibly_sensitive: false,
  },
  '21': {
    id: '21',
    text: 'second',
    edit_history_tweet_ids: ['21'],
    created_at: '2006-03-22T10:00:00.000Z',
    author_id: '12',
    lang: 'fr',
    public_metrics: { retweet_count: 0, reply_count: 0, like_count: 9, quote_count: 0 },
    possibly_sensitive: false,
  },
};
const USERS: Record<string, Record<string, unknown>> = {
  '12': {
    id: '12',
    name: 'jack',
    username: 'jack',
    created_at: '2006-03-21T20:50:14.000Z',
    verified: true,
    location: 'California',
    description: 'no state is the best state',
  },
};
const NEWS: Record<string, unknown> = {
  rest_id: '1',
  name: 'Headline',
  summary: 'What happened',
  hook: 'hook',
  category: 'tech',
};
const DEFAULTS = {
  tweet: ['id', 'text', 'edit_history_tweet_ids'],
  user: ['id', 'name', 'username'],
  news: ['rest_id'],
};

function select(
  object: Record<string, unknown>,
  defaults: string[],
  asked: string | null,
): Record<string, unknown> {
  const keep = new Set([...defaults, ...(asked ? asked.split(',') : [])]);
  return Object.fromEntries(Object.entries(object).filter(([key]) => keep.has(key)));
}

function answer(request: SeenRequest): { body: unknown } {
  const q = request.query;
  if (request.path === '/2/tweets' || request.path.startsWith('/2/users/')) {
    const ids = request.path === '/2/tweets' ? (q.get('ids') ?? '').split(',') : ['21'];
    const data = ids.map((id) => select(POSTS[id]!, DEFAULTS.tweet, q.get('tweet.fields')));
    const expansions = (q.get('expansions') ?? '').split(',');
    const body: Record<string, unknown> = { data };
    if (expansions.includes('author_id')) {
      const authors = [...new Set(ids.map((id) => String(POSTS[id]!.author_id)))];
      body.includes = { users: authors.map((id) => select(USERS[id]!, DEFAULTS.user, q.get('user.fields'))) };
    }
    if (request.path.startsWith('/2/users/')) body.meta = { result_count: data.length };
    return { body };
  }
  if (request.path === '/2/news/1')
    return { body: { data: select(NEWS, DEFAULTS.news, q.get('news.fields')) } };
  return { body: {} };
}

const server = suiteServer(test, answer);
const client = (): CoreClient =>
  new CoreClient({ baseUrl: server.url, auth: { bearerToken: 'token' }, maxRetries: 0 });

test('the consumer program type-checks: it reads requested fields without ! or ?.', () => {
  const program = 'test/types/programs/core-v2-fields-consumer.ts';
  assert.equal(typecheck([program]), []);
});

test('the consumer reads exactly the default and requested fields the server returns', async () => {
  const lines = await report(client());
  assert.equal(lines, [
    'post 20 by 12 at 2006-03-21T20:50:14.000Z: just setting up my twttr (3 likes, edits 20)',
    'post 21 by 12 at 2006-03-22T10:00:00.000Z: second (9 likes, edits 21)',
    'user 12 @jack (jack) since 2006-03-21T20:50:14.000Z, verified true',
    'timeline 21 fr',
    'news 1: Headline / What happened',
  ]);
  const [lookup, timeline, news] = server.requests;
  assert.is(lookup?.query.get('tweet.fields'), 'created_at,author_id,public_metrics');
  assert.is(lookup?.query.get('user.fields'), 'created_at,verified');
  assert.is(timeline?.query.get('tweet.fields'), 'lang');
  assert.is(news?.query.get('news.fields'), 'name,summary');
});

test('without *.fields only the defaults come back, as the types say', async () => {
  const result = await client().tweets.getPostsByIds({ ids: ['20'] });
  assert.equal(result.data, [{ id: '20', text: 'just setting up my twttr', edit_history_tweet_ids: ['20'] }]);
  assert.is(result.includes, undefined);
});

test('a params key the operation does not have is a ValidationError with a did-you-mean, before sending', async () => {
  // Through a variable, where the types cannot see the typo.
  const params: Record<string, unknown> = { ids: ['20'], 'tweet.feilds': ['lang'] };
  for (const attempt of [
    () => client().tweets.getPostsByIds(params as never),
    () => client().call('getPostsByIds', params as never),
  ]) {
    try {
      await attempt();
      assert.unreachable('should fail');
    } catch (error) {
      assert.instance(error, ValidationError);
      const e = error as ValidationError;
      assert.is(
        e.message,
        'getPostsByIds: parameter "tweet.feilds" is not a parameter of this operation; did you mean "tweet.fields"?',
      );
      assert.is(e.rule, 'unknown-parameter');
    }
  }
  try {
    await client().call('deleteAllConnections', { force: true } as never);
    assert.unreachable('should fail');
  } catch (error) {
    assert.match(
      (error as Error).message,
      /parameter "force" is not a parameter of this operation; it takes no parameters/,
    );
  }
  assert.is(server.requests.length, 0);
});

test.run();
