// A consumer that reads what it asked for without `!` or `?.`: test/generated/core-v2-narrowing.test.ts
// type-checks it and runs it against a loopback server that returns exactly the default and the
// requested fields (seed 2.10).
import type { CoreClient } from '../../../generated/core-v2/src/index.js';

/** One line per post, author and news story, built only from fields the types promise. */
export async function report(client: CoreClient): Promise<string[]> {
  const lines: string[] = [];
  const { data: posts = [], includes = {} } = await client.tweets.getPostsByIds({
    ids: ['20', '21'],
    'tweet.fields': ['created_at', 'author_id', 'public_metrics'],
    expansions: ['author_id'],
    'user.fields': ['created_at', 'verified'],
  });
  for (const post of posts) {
    lines.push(
      `post ${post.id} by ${post.author_id} at ${post.created_at}: ${post.text} (${post.public_metrics.like_count} likes, edits ${post.edit_history_tweet_ids.join(',')})`,
    );
  }
  for (const user of includes.users ?? []) {
    lines.push(
      `user ${user.id} @${user.username} (${user.name}) since ${user.created_at}, verified ${user.verified}`,
    );
  }
  for await (const post of client.users.getPosts({ id: '2244994945', 'tweet.fields': ['lang'] })) {
    lines.push(`timeline ${post.id} ${post.lang}`);
  }
  const story = await client.call('getNews', { id: '1', 'news.fields': ['name', 'summary'] });
  if (story.data) lines.push(`news ${story.data.rest_id}: ${story.data.name} / ${story.data.summary}`);
  return lines;
}
