// A consumer of @xgen/core-v2 reading activity events and stream rules (its built .d.ts).
// Every `@ts-expect-error` line must stay an error.
import {
  ActivityEventType,
  CoreClient,
  type ActivityEvent,
  type ActivityStreamingResponse,
  type ActivitySubscription,
} from '../../../generated/core-v2/dist/index.js';

const client = new CoreClient({ auth: { bearerToken: 'token' } });

/** An event of a kind the API added after this client was generated parses and types. */
export const unlisted: ActivityStreamingResponse = JSON.parse(
  '{"data":{"event_type":"likes.new","payload":{"post_id":"1"}}}',
);
export const unlistedEvent: ActivityEvent = { event_type: 'likes.new', payload: { post_id: '1' } };
export const readKind: string | undefined = unlisted.data?.event_type;

/** A subscription read back from the API may carry a type this client does not list. */
export const readSubscription: ActivitySubscription['event_type'] = 'likes.new';

/** A bare open enum field still narrows to a listed value when compared with it. */
export function kindOf(subscription: ActivitySubscription): ActivityEventType | undefined {
  switch (subscription.event_type) {
    case 'news.new': {
      const listed: 'news.new' = subscription.event_type;
      return listed;
    }
    default:
      // @ts-expect-error -- any other string is not a listed type
      return subscription.event_type;
  }
}

export function describe(event: ActivityEvent): string {
  // Before narrowing, the payload is any of the shapes: a news field is not on all of them.
  // @ts-expect-error -- `headline` is only on news payloads
  void event.payload?.headline;
  switch (event.event_type) {
    case 'news.new': {
      const kind: 'news.new' = event.event_type;
      const headline: string | undefined = event.payload?.headline;
      return `${kind}: ${headline ?? ''}`;
    }
    case 'profile.update.bio': {
      const before: string | undefined = event.payload?.before;
      // @ts-expect-error -- narrowed to a profile change: its payload has no follow fields
      void event.payload?.source;
      return before ?? '';
    }
    case 'follow.follow':
    case 'follow.unfollow': {
      const kind: 'follow.follow' | 'follow.unfollow' = event.event_type;
      const who: string | undefined = event.payload?.source?.username;
      return `${kind} ${who ?? ''}`;
    }
    case 'dm.received':
      return `dm: ${JSON.stringify(event.payload)}`;
    default:
      // Any other kind, listed or not, is still a string.
      return event.event_type;
  }
}

export async function subscribe(): Promise<void> {
  // Requests stay closed: an unlisted type is a mistake when sending.
  // @ts-expect-error -- not an activity event type
  await client.accountActivity.createActivitySubscription({ event_type: 'likes.new', filter: {} });
  await client.accountActivity.createActivitySubscription({
    event_type: 'news.new',
    filter: { direction: 'received' },
  });
  await client.accountActivity.createActivitySubscription({
    event_type: 'dm.sent',
    // @ts-expect-error -- direction is one value (leave it out for both)
    filter: { direction: ['sent'] },
  });
  const known: readonly ActivityEventType[] = ActivityEventType;
  void known;
}

export async function rules(): Promise<void> {
  const added = await client.stream.updateRules({ add: [{ value: 'cat has:media' }] });
  const deleted = await client.stream.updateRules({ delete: { ids: ['120897978112909812'] }, dry_run: true });
  void [added.meta.summary, deleted.meta.result_count, deleted.meta.next_token];
  // @ts-expect-error -- the body is `add` or `delete`
  await client.stream.updateRules({ dry_run: true });
  // @ts-expect-error -- one or the other, never both (oneOf)
  await client.stream.updateRules({
    add: [{ value: 'cat has:media' }],
    delete: { ids: ['120897978112909812'] },
  });
  // What the client reads keeps the schema's union as it is: a summary of either kind.
  const summary = added.meta.summary;
  if (summary && 'created' in summary) void summary.created;
}
