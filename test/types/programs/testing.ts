// A consumer of both packages' `testing` entries (their built .d.ts). Every `@ts-expect-error` line must stay an error.
import { ApiError, CoreClient } from '../../../generated/core-v2/dist/index.js';
import {
  createMock,
  startMockServer,
  type MockRequest,
} from '../../../generated/core-v2/dist/testing/index.js';
import type { GetPostsByIdsParams, TweetsLookupResponse } from '../../../generated/core-v2/dist/models.js';
import { AdsClient } from '../../../generated/ads-v12/dist/index.js';
import { createMock as createAdsMock } from '../../../generated/ads-v12/dist/testing/index.js';

export async function core(): Promise<void> {
  const mock = createMock({ seed: 3 });
  const client = new CoreClient({ auth: { bearerToken: 't' }, fetch: mock.fetch });
  mock.on('getPostsByIds', (params) => ({
    data: params.ids.map((id) => ({ id, text: 'hi', edit_history_tweet_ids: [id] })),
  }));
  mock.on('getPostsByIds', { data: [{ id: '1', text: 'hi', edit_history_tweet_ids: ['1'] }] });
  // @ts-expect-error a result of the wrong shape (data is a list of posts)
  mock.on('getPostsByIds', { data: 'not a list' });
  // @ts-expect-error a handler returning the wrong shape
  mock.on('getPostsByIds', () => ({ data: [{ id: 1 }] }));
  // @ts-expect-error an operation the spec does not have
  mock.on('getPostsByIdz', { data: [] });
  // @ts-expect-error an operation the spec does not have
  mock.fail('noSuchOperation', { status: 500 });
  mock.fail('getNews', {
    status: 404,
    problem: { type: 'https://api.twitter.com/2/problems/resource-not-found' },
  });
  mock.fail('getNews', { status: 429, headers: { 'x-rate-limit-reset': '0' } });
  mock.fail('getNews', { timeout: true });
  // @ts-expect-error a failure needs a status (or timeout / reset)
  mock.fail('getNews', { problem: { type: 'about:blank' } });
  mock.pages('getUsersPosts', [[{ id: '1', text: 'a', edit_history_tweet_ids: ['1'] }], []]);
  // @ts-expect-error pages of items of the wrong shape
  mock.pages('getUsersPosts', [[{ id: 1 }]]);
  // @ts-expect-error an operation that does not page
  mock.pages('createPosts', [[]]);
  mock.stream('streamPosts', [{ data: { id: '1', text: 'a', edit_history_tweet_ids: ['1'] } }]);
  const calls: readonly MockRequest<GetPostsByIdsParams>[] = mock.calls('getPostsByIds');
  const ids: readonly string[] = calls[0]?.params.ids ?? [];
  // @ts-expect-error params are typed by the operation
  const wrong: number = calls[0]?.params.ids ?? 0;
  const body: TweetsLookupResponse = mock.defaultResponse('getPostsByIds');
  // @ts-expect-error an operation the spec does not have
  mock.defaultResponse('nothing');
  const server = await startMockServer(mock);
  const viaServer = new CoreClient({ baseUrl: server.url });
  await server.close();
  void [client, ids, wrong, body, viaServer, ApiError];
}

export function ads(): void {
  const mock = createAdsMock();
  const client = new AdsClient({ fetch: mock.fetch });
  mock.on('getAccount', (params) => {
    const answer = mock.defaultResponse('getAccount');
    return { ...answer, data: { ...answer.data, id: params.account_id } };
  });
  // @ts-expect-error an operation of the other package
  mock.on('getPostsByIds', {});
  void client;
}
