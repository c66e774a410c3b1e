// Field selection narrows results (seed 2.10), checked on @xgen/core-v2's built .d.ts through every
// call style. Every `@ts-expect-error` line must stay an error: a field that was neither a default
// nor requested is absent, and a field the API may leave out stays optional.
import {
  CoreClient,
  TweetField,
  type MediaField,
  type Place,
  type Poll,
  type Tweet,
  type TweetSelection,
  type UserField,
} from '../../../generated/core-v2/dist/index.js';
import {
  createCore,
  getPostsByIds,
  getUsersPosts,
  searchNews,
  streamPosts,
} from '../../../generated/core-v2/dist/functions.js';

const client = new CoreClient({ auth: { bearerToken: 'token' } });
const core = createCore({ auth: { bearerToken: 'token' } });

/** A value of exactly this type (a required property read into it has no `undefined`). */
function use<T>(value: T): T {
  return value;
}

export async function groupedMethod(): Promise<void> {
  const result = await client.tweets.getPostsByIds({
    ids: ['20'],
    'tweet.fields': ['created_at', 'in_reply_to_user_id'],
    expansions: ['author_id', 'attachments.media_keys'],
    'user.fields': ['created_at', 'location'],
  });
  for (const post of result.data ?? []) {
    use<string>(post.id); // default
    use<string>(post.text); // default
    use<string[]>(post.edit_history_tweet_ids); // default
    use<string>(post.created_at); // requested
    // @ts-expect-error -- requested, but only replies have it: stays optional
    use<string>(post.in_reply_to_user_id);
    use<string | undefined>(post.in_reply_to_user_id);
    // @ts-expect-error -- neither default nor requested: absent
    void post.author_id;
    // @ts-expect-error -- neither default nor requested: absent
    void post.public_metrics;
  }
  // `includes` stays optional; its objects follow the matching *.fields parameter.
  for (const user of result.includes?.users ?? []) {
    use<string>(user.username); // default
    use<string>(user.created_at); // requested
    use<string | undefined>(user.location); // requested, set by some users only
    // @ts-expect-error -- not requested
    void user.description;
  }
  for (const media of result.includes?.media ?? []) {
    use<string>(media.media_key);
    use<string>(media.type);
    // @ts-expect-error -- no media.fields: only the defaults
    void media.url;
  }
  // @ts-expect-error -- includes itself may be absent
  void result.includes.users;
  // @ts-expect-error -- not a Post field: an inline list is still checked field by field
  await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': ['created_at', 'craeted_at'] });
  // @ts-expect-error -- ids is required
  await client.tweets.getPostsByIds({ 'tweet.fields': ['created_at'] });
}

export async function withoutFields(): Promise<void> {
  const result = await client.tweets.getPostsByIds({ ids: ['20'] });
  const post = result.data?.[0];
  if (!post) return;
  use<string>(post.text);
  use<string | undefined>(post.username); // not selectable: optional, as the schema states it
  // @ts-expect-error -- only the defaults come back
  void post.created_at;
}

export async function listForms(): Promise<void> {
  // `as const` tuple
  const asked = ['author_id', 'lang'] as const;
  const tuple = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': asked });
  use<string>(tuple.data![0]!.author_id);
  use<string>(tuple.data![0]!.lang);
  // @ts-expect-error -- not in the tuple
  void tuple.data![0]!.created_at;

  // The exported const array asks for every field: all present, the sometimes-absent ones optional.
  const every = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': TweetField });
  const full = every.data![0]!;
  use<string>(full.created_at);
  use<string>(full.conversation_id);
  use<string | undefined>(full.in_reply_to_user_id);
  // `tweet.fields` cannot ask for `username`: optional whatever is asked, never dropped.
  use<string | undefined>(full.username);
  use<string | undefined>(tuple.data![0]!.username);
  // @ts-expect-error -- may be absent
  use<string>(full.username);

  // A readonly array of some fields: they may be there, others are absent.
  const some: readonly ('created_at' | 'lang')[] = ['created_at'];
  const partial = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': some });
  use<string | undefined>(partial.data![0]!.created_at);
  // @ts-expect-error -- may be absent
  use<string>(partial.data![0]!.created_at);
  // @ts-expect-error -- cannot be in the array
  void partial.data![0]!.author_id;

  // One of several lists: one selection per list, and no field claimed that only one of them asks for.
  const either = Math.random() > 0.5 ? (['lang'] as const) : (['geo'] as const);
  const post = (await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': either })).data![0]!;
  // @ts-expect-error -- only one of the lists asks for it
  void post.lang;
  if ('lang' in post) use<string>(post.lang);

  // A non-literal TweetField[] falls back to the type as the schema states it.
  const chosen: TweetField[] = ['created_at'];
  const wide = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': chosen });
  const tweet: Tweet = wide.data![0]!;
  use<string | undefined>(tweet.author_id);
  // @ts-expect-error -- optional in the schema's type
  use<string>(wide.data![0]!.author_id);

  // The selection types are public, for a user's own signatures.
  const typed: TweetSelection<['created_at']> = {
    id: '1',
    text: 't',
    edit_history_tweet_ids: ['1'],
    created_at: 'x',
  };
  // @ts-expect-error -- created_at was asked for: required
  const missing: TweetSelection<['created_at']> = { id: '1', text: 't', edit_history_tweet_ids: ['1'] };
  void typed;
  void missing;
  const userFields: readonly UserField[] = ['id'];
  const mediaFields: readonly MediaField[] = ['url'];
  void userFields;
  void mediaFields;
}

export async function callById(): Promise<void> {
  const result = await client.call('getPostsByIds', { ids: ['20'], 'tweet.fields': ['author_id'] });
  use<string>(result.data![0]!.author_id);
  // @ts-expect-error -- not requested
  void result.data![0]!.created_at;
  const history = await client.call('getConnectionHistory');
  use<string>(history.data![0]!.endpoint_name);
  // @ts-expect-error -- connection.fields not given
  void history.data![0]!.client_ip;
  // @ts-expect-error -- a key the operation does not have
  await client.call('getPostsByIds', { ids: ['20'], 'tweet.feilds': ['author_id'] });
  // @ts-expect-error -- ids is required
  await client.call('getPostsByIds');
}

export async function functionsEntry(): Promise<void> {
  const result = await getPostsByIds(core, {
    ids: ['20'],
    'tweet.fields': ['possibly_sensitive'],
    expansions: ['author_id'],
  });
  use<boolean>(result.data![0]!.possibly_sensitive);
  // @ts-expect-error -- not requested
  void result.data![0]!.lang;
  // @ts-expect-error -- user.fields not given: only the defaults
  void result.includes?.users?.[0]?.created_at;
  const news = await searchNews(core, { query: 'q', 'news.fields': ['name'] });
  use<string>(news.data![0]!.name);
  // @ts-expect-error -- not requested
  void news.data![0]!.summary;
  // @ts-expect-error -- a key the operation does not have
  await getPostsByIds(core, { ids: ['20'], 'tweet.feilds': ['lang'] });
}

export async function pages(): Promise<void> {
  for await (const post of client.users.getPosts({ id: '2244994945', 'tweet.fields': ['created_at'] })) {
    use<string>(post.created_at);
    // @ts-expect-error -- not requested
    void post.lang;
  }
  for await (const page of client.users.getPosts({ id: '2244994945', 'tweet.fields': ['lang'] }).pages()) {
    use<string>(page.items[0]!.lang);
    use<string>(page.data![0]!.lang);
    // @ts-expect-error -- not requested
    void page.items[0]!.created_at;
  }
  const first = await getUsersPosts(core, { id: '2244994945', 'tweet.fields': ['conversation_id'] });
  use<string>(first.items[0]!.conversation_id);
  // @ts-expect-error -- not requested
  void first.items[0]!.created_at;
  for await (const post of client.call('searchEligiblePosts', {
    test_mode: true,
    'tweet.fields': ['author_id'],
  })) {
    use<string>(post.author_id);
    // @ts-expect-error -- not requested
    void post.created_at;
  }
}

export async function streams(): Promise<void> {
  for await (const event of client.stream.posts({
    'tweet.fields': ['created_at'],
    expansions: ['author_id'],
    'user.fields': ['verified'],
  })) {
    const post = event.data;
    if (!post) continue;
    use<string>(post.created_at);
    // @ts-expect-error -- not requested
    void post.author_id;
    use<boolean | undefined>(event.includes?.users?.[0]?.verified);
  }
  for await (const event of streamPosts(core)) {
    // @ts-expect-error -- no tweet.fields: only the defaults
    void event.data?.created_at;
  }
}

export function closedObjects(poll: Poll, place: Place): void {
  // Poll and Place name every field: a misspelt read is an error, not `unknown`.
  // @ts-expect-error -- no such field
  void poll.voting_stauts;
  // @ts-expect-error -- no such field
  void place.country_cod;
  use<string | undefined>(place.country_code);
}
