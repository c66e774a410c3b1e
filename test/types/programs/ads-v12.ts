// A consumer of @xgen/ads-v12 (its built .d.ts). Every `@ts-expect-error` line must stay an error.
import {
  AdsClient,
  BidStrategy,
  fromMicros,
  toMicros,
  type Micros,
} from '../../../generated/ads-v12/dist/index.js';

const client = new AdsClient({
  auth: { oauth1: { consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' } },
});

export async function enums(): Promise<void> {
  await client.lineItems.update({
    account_id: 'a1',
    line_item_id: 'l1',
    bid_strategy: 'MAX',
    bid_amount_local_micro: toMicros('5.50'),
  });
  // @ts-expect-error -- not a bid strategy
  await client.lineItems.update({ account_id: 'a1', line_item_id: 'l1', bid_strategy: 'CHEAPEST' });
  // @ts-expect-error -- not an entity status
  await client.lineItems.update({ account_id: 'a1', line_item_id: 'l1', entity_status: 'RUNNING' });
  // @ts-expect-error -- duration_in_days is 1, 7 or 30
  await client.lineItems.update({ account_id: 'a1', line_item_id: 'l1', duration_in_days: 14 });
  const strategies: readonly BidStrategy[] = BidStrategy;
  void strategies;
}

export async function money(): Promise<string> {
  const bid: Micros = toMicros(5.5);
  // @ts-expect-error -- a plain number is not micros
  const plain: Micros = 5_500_000;
  void plain;
  // @ts-expect-error -- money fields take micros, not plain numbers
  await client.lineItems.update({ account_id: 'a1', line_item_id: 'l1', bid_amount_local_micro: 5_500_000 });
  return fromMicros(bid);
}

export async function cards(): Promise<void> {
  const media = { type: 'MEDIA', media_key: '3_1' } as const;
  const website = { type: 'WEBSITE', url: 'https://example.com' } as const;
  const app = { type: 'APP', country_code: 'US', ios_app_store_identifier: '333903271' } as const;
  const label = { type: 'ENUM', value: 'INSTALL' } as const;
  await client.cards.create({
    account_id: 'a1',
    name: 'ok',
    components: [media, { type: 'DETAILS', title: 'Hi', destination: website }],
  });
  await client.cards.create({
    account_id: 'a1',
    name: 'ok',
    components: [media, { type: 'BUTTON', label, destination: app }],
  });
  // @ts-expect-error -- components and slides together
  await client.cards.create({
    account_id: 'a1',
    name: 'both',
    components: [media, { type: 'DETAILS', title: 'Hi', destination: website }],
    slides: [[media, { type: 'DETAILS', title: 'Hi', destination: website }]],
  });
  await client.cards.create({
    account_id: 'a1',
    name: 'bad',
    // @ts-expect-error -- a WEBSITE destination on a BUTTON
    components: [media, { type: 'BUTTON', label, destination: website }],
  });
  await client.cards.create({
    account_id: 'a1',
    name: 'bad',
    // @ts-expect-error -- an APP destination on DETAILS
    components: [media, { type: 'DETAILS', title: 'Hi', destination: app }],
  });
  await client.cards.create({
    account_id: 'a1',
    name: 'bad',
    // @ts-expect-error -- a button label outside the list
    components: [media, { type: 'BUTTON', label: { type: 'ENUM', value: 'BUY' }, destination: app }],
  });
}

export async function sandbox(): Promise<void> {
  await new AdsClient({
    sandbox: true,
    auth: { oauth1: { consumerKey: 'k', consumerSecret: 's' } },
  }).accounts.createSandboxAccount();
  // @ts-expect-error -- the ads client takes OAuth 1.0a credentials
  new AdsClient({ auth: { bearerToken: 'x' } });
}
