// Declarations hovered by test/types/core-v2-hover.test.ts (each `const` at its name).
import {
  CoreClient,
  type GetPostsByIdsParams,
  type Tweet,
  type TweetField,
  type TweetsLookupResponse,
} from '../../../generated/core-v2/dist/index.js';

const client = new CoreClient({ auth: { bearerToken: 'token' } });

export async function shown(): Promise<void> {
  const result = await client.tweets.getPostsByIds({
    ids: ['20'],
    'tweet.fields': ['created_at', 'in_reply_to_user_id'],
    expansions: ['author_id'],
    'user.fields': ['verified'],
  });
  const post = result.data![0]!;
  const author = result.includes?.users?.[0];
  const bare = await client.tweets.getPostsByIds({ ids: ['20'] });
  const defaults = bare.data![0]!;
  const model: Tweet = post;
  const wide: TweetsLookupResponse = bare;
  const params: GetPostsByIdsParams = { ids: ['20'] };
  const fields: TweetField[] = ['lang'];
  for await (const item of client.users.getPosts({ id: '20', 'tweet.fields': ['lang'] })) void item;
  for await (const event of client.stream.posts({ 'tweet.fields': ['lang'] })) void event;
  void [author, defaults, model, wide, params, fields];
}
