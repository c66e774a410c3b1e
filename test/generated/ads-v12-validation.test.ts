/**
 * @xgen/ads-v12 refuses input that breaks a documented rule (schema or x-validation) before anything
 * is sent, over real HTTP on loopback: each refusal names the parameter and the rule, and the server
 * sees no request. One passing call per operation family shows valid input goes through.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { AdsClient, toMicros, ValidationError, type OperationId } from '../../generated/ads-v12/src/index.js';
import type {
  CardComponent,
  CardComponentInput,
  CreateCardParams,
} from '../../generated/ads-v12/src/models.js';
import { type SeenRequest, suiteServer } from '../helpers/server.js';

const server = suiteServer(test, () => ({
  status: 200,
  body: { data: [], next_cursor: null, request: { params: {} } },
}));

const client = (): AdsClient =>
  new AdsClient({
    baseUrl: server.url,
    sandboxBaseUrl: server.url,
    maxRetries: 0,
    auth: { oauth1: { consumerKey: 'ck', consumerSecret: 'cs', token: 't', tokenSecret: 'ts' } },
  });

/** The call throws a ValidationError naming `parameter` and `rule`, and nothing reaches the server. */
async function refused(
  call: () => unknown,
  parameter: string,
  rule: string | RegExp,
): Promise<ValidationError> {
  let caught: unknown;
  try {
    await call();
  } catch (error) {
    caught = error;
  }
  assert.is(
    server.requests.length,
    0,
    `no request may be sent, saw ${server.requests.map((r) => `${r.method} ${r.url}`).join(', ')}`,
  );
  assert.instance(caught, ValidationError, `expected a ValidationError, got ${String(caught)}`);
  const v = caught as ValidationError;
  assert.is(v.parameter, parameter);
  if (typeof rule === 'string') assert.is(v.rule, rule);
  else assert.match(v.rule, rule);
  assert.ok(v.message.includes(parameter), `the message names ${parameter}: ${v.message}`);
  return v;
}

/** The call goes through: exactly one request reaches the server. */
async function sent(call: () => unknown): Promise<SeenRequest> {
  await call();
  assert.is(server.requests.length, 1);
  const [seen] = server.requests;
  assert.ok(seen);
  server.requests.length = 0;
  return seen;
}

const ACCOUNT = '18ce54d4x5t';
const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `id${i}`);
const text = (n: number): string => 'x'.repeat(n);
const HASH = 'a'.repeat(64);

// ------------------------------------------------------------------ count

test('count bounds: listAccounts refuses 0 and 1001, listCards refuses 201; the bounds themselves pass', async () => {
  await refused(() => client().accounts.list({ count: 0 }), 'count', 'minimum 1');
  await refused(() => client().accounts.list({ count: 1001 }), 'count', 'maximum 1000');
  await refused(() => client().cards.list({ account_id: ACCOUNT, count: 201 }), 'count', 'maximum 200');
  await refused(() => client().cards.list({ account_id: ACCOUNT, count: 0 }), 'count', 'minimum 1');
  assert.is((await sent(() => client().accounts.list({ count: 1000 }))).query.get('count'), '1000');
  assert.is(
    (await sent(() => client().cards.list({ account_id: ACCOUNT, count: 200 }))).query.get('count'),
    '200',
  );
});

// ------------------------------------------------------------------ id lists

test('id-list filters hold at most 200 ids', async () => {
  await refused(() => client().accounts.list({ account_ids: ids(201) }), 'account_ids', 'maxItems 200');
  await refused(
    () => client().cards.list({ account_id: ACCOUNT, card_id: ids(201) }),
    'card_id',
    'maxItems 200',
  );
  await refused(
    () => client().media.listCreatives({ account_id: ACCOUNT, line_item_ids: ids(201) }),
    'line_item_ids',
    'maxItems 200',
  );
  const seen = await sent(() => client().accounts.list({ account_ids: ids(200) }));
  assert.is(seen.query.get('account_ids'), ids(200).join(','));
});

// ------------------------------------------------------------------ with_total_count + cursor

const TOTAL_COUNT_OPERATIONS: [OperationId, Record<string, string>][] = [
  ['listAccounts', {}],
  ['listAccountApps', { account_id: ACCOUNT }],
  ['listLineItemCuratedCategories', { account_id: ACCOUNT }],
  ['listAccountMedia', { account_id: ACCOUNT }],
  ['listMediaCreatives', { account_id: ACCOUNT }],
  ['listPromotedAccounts', { account_id: ACCOUNT }],
  ['listPollCards', { account_id: ACCOUNT }],
  ['listPrerollCallToActions', { account_id: ACCOUNT }],
  ['listTailoredAudiencePermissions', { account_id: ACCOUNT, tailored_audience_id: 'ta1' }],
  ['listCustomAudiencePermissions', { account_id: ACCOUNT, custom_audience_id: 'ca1' }],
  ['listCustomAudiences', { account_id: ACCOUNT }],
];

/** `client.call` with params assembled at run time (the table mixes operations). */
function callById(id: OperationId, params: Record<string, unknown>): unknown {
  return (client().call as (id: OperationId, params: Record<string, unknown>) => unknown)(id, params);
}

test('with_total_count cannot be combined with cursor, on every operation that has both', async () => {
  for (const [id, base] of TOTAL_COUNT_OPERATIONS) {
    const v = await refused(
      () => callById(id, { ...base, with_total_count: true, cursor: 'c-1' }),
      'cursor',
      'mutuallyExclusive',
    );
    assert.ok(v.message.startsWith(`${id}: `), v.message);
  }
  await refused(
    () => client().accounts.list({ with_total_count: true, cursor: 'c-1' }),
    'cursor',
    'mutuallyExclusive',
  );
  // false means "not asked": allowed with a cursor.
  const seen = await sent(() => client().accounts.list({ with_total_count: false, cursor: 'c-1' }));
  assert.is(seen.query.get('cursor'), 'c-1');
  assert.is(
    (
      await sent(() =>
        client().audiences.listCustomAudiences({ account_id: ACCOUNT, with_total_count: true }),
      )
    ).query.get('with_total_count'),
    'true',
  );
});

// ------------------------------------------------------------------ name and q lengths

test('name and q lengths: card and poll names at most 80, card q at most 80, audience q 1 to 255', async () => {
  const components: CardComponentInput[] = [MEDIA, DETAILS];
  await refused(
    () => client().cards.create({ account_id: ACCOUNT, name: text(81), components }),
    'name',
    'maxLength 80',
  );
  await refused(() => client().cards.createPollCard({ ...POLL, name: text(81) }), 'name', 'maxLength 80');
  await refused(() => client().cards.list({ account_id: ACCOUNT, q: text(81) }), 'q', 'maxLength 80');
  await refused(
    () => client().cards.listPollCards({ account_id: ACCOUNT, q: text(81) }),
    'q',
    'maxLength 80',
  );
  await refused(
    () => client().audiences.listCustomAudiences({ account_id: ACCOUNT, q: '' }),
    'q',
    'minLength 1',
  );
  await refused(
    () => client().audiences.listCustomAudiences({ account_id: ACCOUNT, q: text(256) }),
    'q',
    'maxLength 255',
  );
  await sent(() => client().cards.list({ account_id: ACCOUNT, q: text(80) }));
  await sent(() => client().audiences.listCustomAudiences({ account_id: ACCOUNT, q: text(255) }));
  await sent(() => client().cards.create({ account_id: ACCOUNT, name: text(80), components }));
});

// ------------------------------------------------------------------ cards

const MEDIA = { type: 'MEDIA', media_key: '3_1151345051455750144' } as const satisfies CardComponent;
const SWIPE = { type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', '3_2'] } as const satisfies CardComponent;
const DETAILS = {
  type: 'DETAILS',
  title: 'Spring sale',
  destination: { type: 'WEBSITE', url: 'https://example.com/spring' },
} as const satisfies CardComponent;
const BUTTON = {
  type: 'BUTTON',
  label: { type: 'ENUM', value: 'INSTALL' },
  destination: { type: 'APP', country_code: 'US', androidstore_app_id: 'com.example.widgets' },
} as const satisfies CardComponent;

/** A card create call whose body the types may forbid: the runtime must refuse it on its own. */
function createCardUnchecked(body: Record<string, unknown>): Promise<unknown> {
  return client().cards.create({ account_id: ACCOUNT, name: 'Card', ...body } as unknown as CreateCardParams);
}

test('a card has components or slides, never both and never neither', async () => {
  await refused(
    () =>
      // @ts-expect-error -- the types forbid both at once
      client().cards.create({
        account_id: ACCOUNT,
        name: 'Card',
        components: [MEDIA, DETAILS],
        slides: [[MEDIA, DETAILS]],
      }),
    'slides',
    'exactlyOne',
  );
  await refused(
    // @ts-expect-error -- the types need one of them
    () => client().cards.create({ account_id: ACCOUNT, name: 'Card' }),
    'components',
    'exactlyOne',
  );
  await refused(
    () =>
      // @ts-expect-error -- the types forbid both at once
      client().cards.update({
        account_id: ACCOUNT,
        card_id: 'c1',
        components: [MEDIA, DETAILS],
        slides: [[MEDIA, DETAILS]],
      }),
    'slides',
    'mutuallyExclusive',
  );
  const seen = await sent(() =>
    client().cards.create({
      account_id: ACCOUNT,
      name: 'Card',
      slides: [
        [MEDIA, DETAILS],
        [SWIPE, BUTTON],
      ],
    }),
  );
  assert.is(seen.method, 'POST');
  assert.is(seen.path, `/12/accounts/${ACCOUNT}/cards`);
  assert.equal(JSON.parse(seen.body), {
    name: 'Card',
    slides: [
      [MEDIA, DETAILS],
      [SWIPE, BUTTON],
    ],
  });
  await sent(() => client().cards.update({ account_id: ACCOUNT, card_id: 'c1', name: 'Renamed' }));
});

test('a component list has exactly one media component and one DETAILS or BUTTON, also per slide', async () => {
  await refused(
    () => client().cards.create({ account_id: ACCOUNT, name: 'Card', components: [MEDIA, SWIPE] }),
    'components',
    'itemCount',
  );
  await refused(
    () => client().cards.create({ account_id: ACCOUNT, name: 'Card', components: [DETAILS, BUTTON] }),
    'components',
    'itemCount',
  );
  await refused(
    () => client().cards.update({ account_id: ACCOUNT, card_id: 'c1', components: [BUTTON, DETAILS] }),
    'components',
    'itemCount',
  );
  await refused(
    () =>
      client().cards.create({
        account_id: ACCOUNT,
        name: 'Card',
        slides: [
          [MEDIA, DETAILS],
          [MEDIA, MEDIA],
        ],
      }),
    'slides[1]',
    'itemCount',
  );
  await refused(
    () => client().cards.update({ account_id: ACCOUNT, card_id: 'c1', slides: [[DETAILS, BUTTON]] }),
    'slides[0]',
    'itemCount',
  );
  await sent(() => client().cards.create({ account_id: ACCOUNT, name: 'Card', components: [SWIPE, BUTTON] }));
});

test('a WEBSITE destination only in DETAILS and an APP destination only in BUTTON', async () => {
  await refused(
    () => createCardUnchecked({ components: [MEDIA, { ...BUTTON, destination: DETAILS.destination }] }),
    'components[1].destination.type',
    /./,
  );
  await refused(
    () => createCardUnchecked({ components: [MEDIA, { ...DETAILS, destination: BUTTON.destination }] }),
    'components[1].destination.type',
    /./,
  );
});

test('an APP destination needs country_code (schema)', async () => {
  const { country_code: _dropped, ...noCountry } = BUTTON.destination;
  void _dropped;
  await refused(
    () => createCardUnchecked({ components: [MEDIA, { ...BUTTON, destination: noCountry }] }),
    'components[1].destination.country_code',
    /required/,
  );
});

test('an APP destination needs at least one app id, in components and in slides', async () => {
  const app = (destination: Record<string, unknown>) => ({
    ...BUTTON,
    destination: { type: 'APP', country_code: 'US', ...destination },
  });
  await refused(
    () => createCardUnchecked({ components: [MEDIA, app({})] }),
    'components[1].destination.androidstore_app_id',
    'atLeastOne',
  );
  await refused(
    () =>
      createCardUnchecked({
        slides: [
          [MEDIA, DETAILS],
          [MEDIA, app({})],
        ],
      }),
    'slides[1][1].destination.androidstore_app_id',
    'atLeastOne',
  );
  await sent(() =>
    createCardUnchecked({ components: [MEDIA, app({ ios_app_store_identifier: '333903271' })] }),
  );
  await sent(() => createCardUnchecked({ slides: [[MEDIA, app({ androidstore_app_id: 'com.example' })]] }));
});

test("a platform's deep link only together with that platform's app id", async () => {
  const app = (destination: Record<string, unknown>) => ({
    ...BUTTON,
    destination: { type: 'APP', country_code: 'US', ...destination },
  });
  await refused(
    () =>
      createCardUnchecked({
        components: [
          MEDIA,
          app({ ios_app_store_identifier: '333903271', googleplay_deep_link: 'widgets://home' }),
        ],
      }),
    'components[1].destination.androidstore_app_id',
    'requiredWhen',
  );
  await refused(
    () =>
      createCardUnchecked({
        components: [MEDIA, app({ androidstore_app_id: 'com.example', ios_deep_link: 'widgets://home' })],
      }),
    'components[1].destination.ios_app_store_identifier',
    'requiredWhen',
  );
  await refused(
    () =>
      client().cards.update({
        account_id: ACCOUNT,
        card_id: 'c1',
        slides: [
          [
            MEDIA,
            {
              ...BUTTON,
              destination: {
                type: 'APP',
                country_code: 'US',
                androidstore_app_id: 'com.example',
                ios_deep_link: 'w://',
              },
            },
          ],
        ],
      }),
    'slides[0][1].destination.ios_app_store_identifier',
    'requiredWhen',
  );
  await sent(() =>
    createCardUnchecked({
      components: [
        MEDIA,
        app({ androidstore_app_id: 'com.example', googleplay_deep_link: 'widgets://home' }),
      ],
    }),
  );
});

test('SWIPEABLE_MEDIA has 2 to 6 media keys', async () => {
  await refused(
    () => createCardUnchecked({ components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1'] }, DETAILS] }),
    'components[0].media_keys',
    'minItems 2',
  );
  await refused(
    () => createCardUnchecked({ components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ids(7) }, DETAILS] }),
    'components[0].media_keys',
    'maxItems 6',
  );
  await sent(() =>
    createCardUnchecked({ components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ids(6) }, DETAILS] }),
  );
});

// ------------------------------------------------------------------ poll cards

const POLL = {
  account_id: ACCOUNT,
  name: 'Poll',
  duration_in_minutes: 60,
  first_choice: 'Red',
  second_choice: 'Blue',
};

test('poll cards: duration 5 to 10080 minutes, choices at most 25 characters, a later choice needs the earlier ones', async () => {
  await refused(
    () => client().cards.createPollCard({ ...POLL, duration_in_minutes: 4 }),
    'duration_in_minutes',
    'minimum 5',
  );
  await refused(
    () => client().cards.createPollCard({ ...POLL, duration_in_minutes: 10081 }),
    'duration_in_minutes',
    'maximum 10080',
  );
  await refused(
    () => client().cards.createPollCard({ ...POLL, second_choice: text(26) }),
    'second_choice',
    'maxLength 25',
  );
  await refused(
    () => client().cards.createPollCard({ ...POLL, fourth_choice: 'Green' }),
    'third_choice',
    'requiredWhen',
  );
  const seen = await sent(() =>
    client().cards.createPollCard({
      ...POLL,
      duration_in_minutes: 10080,
      third_choice: text(25),
      fourth_choice: 'Green',
    }),
  );
  const form = new URLSearchParams(seen.body);
  assert.is(form.get('fourth_choice'), 'Green');
  assert.is(form.get('duration_in_minutes'), '10080');
  await sent(() => client().cards.createPollCard({ ...POLL, duration_in_minutes: 5 }));
});

// ------------------------------------------------------------------ line items

const LINE_ITEM = { account_id: ACCOUNT, line_item_id: '8v7jo' };

test('line item bidding: a bid amount above zero, required for MAX and TARGET', async () => {
  await refused(
    () => client().lineItems.update({ ...LINE_ITEM, bid_amount_local_micro: toMicros(0) }),
    'bid_amount_local_micro',
    'exclusiveMinimum 0',
  );
  await refused(
    () => client().lineItems.update({ ...LINE_ITEM, bid_strategy: 'MAX' }),
    'bid_amount_local_micro',
    'requiredWhen',
  );
  await refused(
    () => client().lineItems.update({ ...LINE_ITEM, bid_strategy: 'TARGET' }),
    'bid_amount_local_micro',
    'requiredWhen',
  );
  await refused(
    () =>
      client().lineItems.update({
        ...LINE_ITEM,
        bid_strategy: 'TARGET',
        bid_amount_local_micro: toMicros('1.5'),
        pay_by: 'IMPRESSION',
      }),
    'pay_by',
    'forbiddenWhen',
  );
  const seen = await sent(() =>
    client().lineItems.update({
      ...LINE_ITEM,
      bid_strategy: 'MAX',
      bid_amount_local_micro: toMicros('1.50'),
    }),
  );
  assert.is(seen.method, 'PUT');
  assert.is(new URLSearchParams(seen.body).get('bid_amount_local_micro'), '1500000');
  await sent(() => client().lineItems.update({ ...LINE_ITEM, bid_strategy: 'AUTO' }));
});

test('line item frequency cap window: duration_in_days is 1, 7 or 30', async () => {
  await refused(
    // @ts-expect-error -- 3 is not a DurationInDays
    () => client().lineItems.update({ ...LINE_ITEM, duration_in_days: 3 }),
    'duration_in_days',
    'enum',
  );
  for (const days of [1, 7, 30] as const)
    await sent(() => client().lineItems.update({ ...LINE_ITEM, duration_in_days: days, frequency_cap: 2 }));
});

test('line item budgets: the daily budget at most the total', async () => {
  await refused(
    () =>
      client().lineItems.update({
        ...LINE_ITEM,
        daily_budget_amount_local_micro: toMicros('50.000001'),
        total_budget_amount_local_micro: toMicros(50),
      }),
    'daily_budget_amount_local_micro',
    'compare',
  );
  await sent(() =>
    client().lineItems.update({
      ...LINE_ITEM,
      daily_budget_amount_local_micro: toMicros(50),
      total_budget_amount_local_micro: toMicros(50),
    }),
  );
  await sent(() =>
    client().lineItems.update({ ...LINE_ITEM, daily_budget_amount_local_micro: toMicros(500) }),
  );
});

// ------------------------------------------------------------------ scheduled posts

/** An ISO instant `days` from now with the given seconds and milliseconds. */
function fromNow(days: number, seconds = 0, ms = 0): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCSeconds(seconds, ms);
  return date.toISOString();
}

test('scheduled posts at most one year ahead', async () => {
  await refused(
    () =>
      client().scheduledPosts.createScheduledTweet({
        account_id: ACCOUNT,
        as_user_id: '756201191',
        scheduled_at: fromNow(367),
      }),
    'scheduled_at',
    'maxAhead',
  );
  await sent(() =>
    client().scheduledPosts.createScheduledTweet({
      account_id: ACCOUNT,
      as_user_id: '756201191',
      scheduled_at: fromNow(360),
    }),
  );
});

test('scheduled posts drop the seconds: the server sees scheduled_at on the minute, the caller keeps its value', async () => {
  const scheduled_at = fromNow(30, 42, 250);
  const params = { account_id: ACCOUNT, as_user_id: '756201191', scheduled_at };
  const seen = await sent(() => client().scheduledPosts.createScheduledTweet(params));
  const onWire = new URLSearchParams(seen.body).get('scheduled_at');
  assert.is(onWire, `${scheduled_at.slice(0, 17)}00Z`);
  assert.match(onWire ?? '', /T\d\d:\d\d:00Z$/);
  assert.is(params.scheduled_at, scheduled_at);
});

// ------------------------------------------------------------------ account history

test('account history start_time and end_time on whole hours', async () => {
  const base = { account_id: ACCOUNT, entity_type: 'CAMPAIGN', entity_id: '8wku2' } as const;
  await refused(
    () =>
      client().accounts.getHistory({
        ...base,
        start_time: '2024-04-01T00:30:00Z',
        end_time: '2024-04-08T00:00:00Z',
      }),
    'start_time',
    'granularity',
  );
  await refused(
    () =>
      client().accounts.getHistory({
        ...base,
        start_time: '2024-04-01T00:00:00Z',
        end_time: '2024-04-08T00:00:01Z',
      }),
    'end_time',
    'granularity',
  );
  const seen = await sent(() =>
    client().accounts.getHistory({
      ...base,
      start_time: '2024-04-01T00:00:00Z',
      end_time: '2024-04-08T00:00:00Z',
    }),
  );
  assert.is(seen.query.get('start_time'), '2024-04-01T00:00:00Z');
});

// ------------------------------------------------------------------ keyword insights

test('keyword insights: a window of at most 7 days (end_time defaults to now) and at most 10 keywords in all', async () => {
  await refused(
    () =>
      client().insights.searchKeywordInsights({
        keywords: ['a'],
        start_time: '2024-05-01T00:00:00Z',
        end_time: '2024-05-08T00:00:01Z',
      }),
    'end_time',
    'maxSpan',
  );
  await refused(
    () => client().insights.searchKeywordInsights({ keywords: ['a'], start_time: fromNow(-7.01) }),
    'start_time',
    'maxSpan',
  );
  await refused(
    () => client().insights.searchKeywordInsights({ keywords: ids(6), negative_keywords: ids(5) }),
    'keywords',
    'itemCount',
  );
  await refused(
    () => client().insights.searchKeywordInsights({ keywords: ids(11) }),
    'keywords',
    'maxItems 10',
  );
  const seen = await sent(() =>
    client().insights.searchKeywordInsights({
      keywords: ids(5),
      negative_keywords: ids(5),
      start_time: '2024-05-01T00:00:00Z',
      end_time: '2024-05-08T00:00:00Z',
    }),
  );
  assert.is(seen.query.get('keywords'), ids(5).join(','));
  await sent(() => client().insights.searchKeywordInsights({ keywords: ['a'], start_time: fromNow(-6.9) }));
});

// ------------------------------------------------------------------ audiences

const AUDIENCE = { account_id: ACCOUNT, custom_audience_id: 'ca1' };

test('audience user batches: at most 5,000,000 bytes of body', async () => {
  // One operation of 75,000 hashes: about 5,025,000 bytes of JSON.
  const body = [
    { operation_type: 'Update', params: { users: [{ email: Array.from({ length: 75_000 }, () => HASH) }] } },
  ] as const;
  const v = await refused(
    () => client().audiences.updateCustomUsers({ ...AUDIENCE, body: [...body] as never }),
    'body',
    'maxBodyBytes',
  );
  assert.match(v.message, /5,000,000/);
  const fits = [
    {
      operation_type: 'Update' as const,
      params: { users: [{ email: Array.from({ length: 74_000 }, () => HASH) }] },
    },
  ];
  assert.ok(JSON.stringify(fits).length <= 5_000_000);
  const seen = await sent(() => client().audiences.updateCustomUsers({ ...AUDIENCE, body: fits }));
  assert.is(seen.body.length, JSON.stringify(fits).length);
});

test('audience user batches: at most 2,500 operations', async () => {
  const op = { operation_type: 'Update' as const, params: { users: [{ email: [HASH] }] } };
  await refused(
    () =>
      client().audiences.updateCustomUsers({ ...AUDIENCE, body: Array.from({ length: 2_501 }, () => op) }),
    'body',
    'maxItems 2500',
  );
  await sent(() =>
    client().audiences.updateCustomUsers({ ...AUDIENCE, body: Array.from({ length: 2_500 }, () => op) }),
  );
});

test('audience user batches: expires_at later than effective_at (default now)', async () => {
  const op = (params: { effective_at?: string; expires_at?: string }) => ({
    operation_type: 'Update' as const,
    params: { users: [{ email: [HASH] }], ...params },
  });
  await refused(
    () =>
      client().audiences.updateCustomUsers({
        ...AUDIENCE,
        body: [op({}), op({ effective_at: '2024-06-01T00:00:00Z', expires_at: '2024-06-01T00:00:00Z' })],
      }),
    'body[1].params.expires_at',
    'compare',
  );
  await refused(
    () => client().audiences.updateCustomUsers({ ...AUDIENCE, body: [op({ expires_at: fromNow(-1) })] }),
    'body[0].params.expires_at',
    'compare',
  );
  await sent(() =>
    client().audiences.updateCustomUsers({ ...AUDIENCE, body: [op({ expires_at: fromNow(30) })] }),
  );
});

test('batch custom audience creation: at most 10 items', async () => {
  const item = (i: number) => ({ name: `Audience ${i}` });
  await refused(
    () =>
      client().audiences.batchCreateCustomAudiences({
        account_id: ACCOUNT,
        body: Array.from({ length: 11 }, (_, i) => item(i)),
      }),
    'body',
    'maxItems 10',
  );
  const seen = await sent(() =>
    client().audiences.batchCreateCustomAudiences({
      account_id: ACCOUNT,
      body: Array.from({ length: 10 }, (_, i) => item(i)),
    }),
  );
  assert.is((JSON.parse(seen.body) as unknown[]).length, 10);
});

test.run();
