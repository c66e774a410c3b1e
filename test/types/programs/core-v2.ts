// A consumer of @xgen/core-v2 (its built .d.ts). Every `@ts-expect-error` line must stay an error.
import {
  ApiError,
  CoreClient,
  isProblem,
  ProblemTypes,
  TweetField,
  type ActivityEventType,
  type Problem,
  type WebhookLinksCreateResponse,
} from '../../../generated/core-v2/dist/index.js';

const client = new CoreClient({ auth: { bearerToken: 'token' } });

export async function wellTyped(): Promise<boolean | undefined> {
  const linked: WebhookLinksCreateResponse = await client.webhooks.createStreamLink({
    webhook_id: '123',
    'tweet.fields': ['created_at', 'author_id'],
  });
  const viaCall = await client.call('createWebhooksStreamLink', { webhook_id: '123' });
  const same: WebhookLinksCreateResponse = viaCall;
  void same;
  const fields: readonly TweetField[] = TweetField;
  void fields;
  // The values are a tuple of literals, as `as const` makes them, whatever form the source writes them in.
  const first: 'article' = TweetField[0];
  const exactLength: number extends (typeof TweetField)['length'] ? false : true = true;
  void [first, exactLength];
  return linked.data?.provisioned;
}

export async function wrongTypes(): Promise<void> {
  // @ts-expect-error -- the values of an enum are readonly
  TweetField.push('text');
  // @ts-expect-error -- webhook_id is a string
  await client.webhooks.createStreamLink({ webhook_id: 123 });
  // @ts-expect-error -- unknown field name in tweet.fields
  await client.webhooks.createStreamLink({ webhook_id: '1', 'tweet.fields': ['created_att'] });
  // @ts-expect-error -- tweet.fields is a list, not a comma string
  await client.webhooks.createStreamLink({ webhook_id: '1', 'tweet.fields': 'created_at' });
  // @ts-expect-error -- webhook_id is required
  await client.webhooks.createStreamLink({});
  // @ts-expect-error -- unknown parameter
  await client.webhooks.createStreamLink({ webhook_id: '1', webhookId: '1' });
  // @ts-expect-error -- unknown operationId
  await client.call('createWebhookStreamLink', { webhook_id: '1' });
  // @ts-expect-error -- call params are typed by the id
  await client.call('createWebhooksStreamLink', { webhook_id: 1 });
  // @ts-expect-error -- the auth shape is one of the documented ones
  new CoreClient({ auth: { token: 'x' } });
}

export function problems(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.problem) return undefined;
  const problem: Problem = error.problem;
  // @ts-expect-error -- resource_id exists only on some problem types: narrow first
  const early: string = problem.resource_id;
  void early;
  if (problem.type === 'https://api.twitter.com/2/problems/resource-not-found') {
    return problem.resource_id;
  }
  if (isProblem(problem, ProblemTypes.UsageCapExceededProblem)) {
    return problem.period;
  }
  // @ts-expect-error -- not a problem type
  if (problem.type === 'https://api.twitter.com/2/problems/no-such-problem') return undefined;
  return problem.title;
}

export const current: ActivityEventType = 'profile.update.bio';
// @ts-expect-error -- not an activity event type
export const wrong: ActivityEventType = 'profile.updated';
