// A consumer of @xgen/core-v2/functions (its built .d.ts). Every `@ts-expect-error` line must stay an error.
import {
  createCore,
  getPostsByIds,
  getUsersPosts,
  oauth1Auth,
  oauthAuthorize,
  streamPosts,
  getPowerstreamRules,
  type ClientCore,
  type ClientOptions,
} from '../../../generated/core-v2/dist/functions.js';
import {
  CoreClient,
  type EventStream,
  type FilteredStreamingTweetResponse,
  type PagePromise,
  type Tweet,
  type TweetsLookupResponse,
  type UserTweetsResponse,
} from '../../../generated/core-v2/dist/index.js';

// The same options as the client class.
const options: ConstructorParameters<typeof CoreClient>[0] = {
  auth: { bearerToken: 'token' },
  timeoutMs: 5000,
};
const sameOptions: ClientOptions = options;
const core: ClientCore = createCore(sameOptions);
const signing: ClientCore = createCore(
  { auth: { oauth1: { consumerKey: 'k', consumerSecret: 's' } } },
  oauth1Auth,
);
void signing;

export async function wellTyped(): Promise<string | undefined> {
  const posts: TweetsLookupResponse = await getPostsByIds(
    core,
    { ids: ['20'], 'tweet.fields': ['created_at'] },
    { timeoutMs: 5000 },
  );
  const pages: PagePromise<UserTweetsResponse, Tweet> = getUsersPosts(core, { id: '1' }, { maxPages: 2 });
  for await (const post of pages) {
    const text: string = post.text;
    void text;
  }
  const stream: EventStream<FilteredStreamingTweetResponse> = streamPosts(core, {}, { reconnect: false });
  stream.close();
  const url: string = oauthAuthorize(core, { oauth_token: 't' });
  void url;
  await getPowerstreamRules(core);
  return posts.data?.[0]?.id;
}

export async function wrongTypes(): Promise<void> {
  // @ts-expect-error -- the core comes first
  await getPostsByIds({ ids: ['20'] });
  // @ts-expect-error -- ids are strings
  await getPostsByIds(core, { ids: [20] });
  // @ts-expect-error -- ids are required
  await getPostsByIds(core, {});
  // @ts-expect-error -- unknown field name in tweet.fields
  await getPostsByIds(core, { ids: ['1'], 'tweet.fields': ['created_att'] });
  // @ts-expect-error -- unknown per-call option
  await getPostsByIds(core, { ids: ['1'] }, { timeout: 5 });
  // @ts-expect-error -- a client is not a core
  await getPostsByIds(new CoreClient(), { ids: ['1'] });
  // @ts-expect-error -- paging options are for paginated operations
  await getPostsByIds(core, { ids: ['1'] }, { maxPages: 2 });
  // @ts-expect-error -- a browser step takes no per-call options
  oauthAuthorize(core, { oauth_token: 't' }, { timeoutMs: 1 });
  // @ts-expect-error -- the auth shape is one of the documented ones
  createCore({ auth: { token: 'x' } });
  // @ts-expect-error -- extensions are core extensions, not options
  createCore({}, { timeoutMs: 1 });
}

// @ts-expect-error -- a page promise is not a plain promise of the body
export const wrongResult: Promise<UserTweetsResponse> = getUsersPosts(core, { id: '1' });
