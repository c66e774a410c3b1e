/**
 * Renames need evidence (generator/diff/evidence.ts), on the cases of issue 36 modelled as spec pairs
 * (test/fixtures/diff/renames/<case>.old.yaml -> <case>.new.yaml): what merely replaces another name is
 * reported removed and added, never renamed; what the bump renames across the spec is renamed.
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { diffSpecs } from '../../../generator/diff/compare.ts';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import type { ApiSnapshot, TypeSnapshot } from '../../../generator/diff/snapshot.ts';
import type { ReportedChange } from '../../../generator/diff/render.ts';
import { ROOT } from '../../helpers/cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff', 'renames');
const diff = (name: string): ReportedChange[] =>
  diffSpecs(join(FIXTURES, `${name}.old.yaml`), join(FIXTURES, `${name}.new.yaml`)).changes;
const verdicts = (changes: ReportedChange[]): string[] =>
  changes.filter((c) => c.level !== 'patch').map((c) => `${c.level}: ${c.message}`);

test("a body field gone and an unrelated one come, of the same type at the same place: removed and added (Stripe's coupon -> description)", () => {
  const changes = diff('coupon');
  assert.equal(verdicts(changes), [
    'breaking: body field coupon removed',
    'feature: optional body field description added',
  ]);
  assert.ok(changes.every((c) => c.rename === undefined));
});

test('an enum value gone and an unrelated one come sharing a word: removed and added (invoiceitem.updated -> tax.settings.updated)', () => {
  const changes = diff('events');
  assert.equal(verdicts(changes), [
    'breaking: enabled_events[] no longer accepts "invoiceitem.updated"',
    'feature: enabled_events[] accepts "tax.settings.updated"',
  ]);
  assert.ok(changes.every((c) => c.rename === undefined));
});

test('tweet -> post across the spec: result fields, an includes key and the *.fields values renamed; an unrelated field beside them is not', () => {
  const changes = diff('posts');
  const renames = changes.flatMap((c) => (c.rename ? [c.rename] : []));
  const fields = renames
    .filter((r) => r.kind === 'field')
    .map((r) => `${r.type}.${r.from} -> ${r.to}`)
    .sort();
  assert.equal(fields, [
    'Expansions.tweets -> posts',
    'Post.edit_history_tweet_ids -> edit_history_post_ids',
    'Post.note_tweet -> note_post',
    'Post.referenced_tweets -> referenced_posts',
    'PostPublicMetrics.retweet_count -> repost_count',
    'User.pinned_tweet_id -> pinned_post_id',
    'UserPublicMetrics.tweet_count -> post_count',
  ]);
  assert.ok(
    renames
      .filter((r) => r.kind === 'field')
      .every((r) => r.kind === 'field' && r.side === 'output' && r.at === undefined),
  );
  const values = renames
    .filter((r) => r.kind === 'enum-value')
    .map((r) => `${r.from} -> ${r.to}`)
    .sort();
  assert.equal(values, [
    'edit_history_tweet_ids -> edit_history_post_ids',
    'note_tweet -> note_post',
    'pinned_tweet_id -> pinned_post_id',
    'referenced_tweets -> referenced_posts',
    'referenced_tweets.id -> referenced_posts.id',
  ]);
  // `location` -> `description` substitutes words the bump substitutes nowhere else.
  assert.equal(verdicts(changes.filter((c) => /location|description/.test(c.message))), [
    'breaking: user.fields[] no longer accepts "location"',
    'breaking: result field User.location removed',
    'feature: user.fields[] accepts "description"',
    'feature: result field User.description added',
  ]);
  // A renamed default is the same default, and `includes.tweets[]` -> `includes.posts[]` the same selected path: nothing about either changed.
  assert.equal(
    changes.filter((c) => /follows/.test(c.message)).map((c) => c.message),
    [],
  );
  // A renamed default is the same default: nothing about the defaults changed.
  assert.equal(
    changes.filter((c) => /default/.test(c.message)).map((c) => c.message),
    [],
  );
  const note = changes.find((c) => c.message === 'result field Post.note_tweet renamed to note_post');
  assert.equal(note?.level, 'breaking');
  assert.equal(note?.operationIds, ['getPostsByIds', 'getUsersById']);
});

test("a word substitution seen only through a field and the types named after it, of a word the new spec still uses, is no rename (Stripe's blik -> paypal)", () => {
  const changes = diff('blik');
  assert.equal(
    changes.filter((c) => c.rename).map((c) => c.message),
    [],
  );
  const messages = changes.map((c) => c.message);
  for (const message of [
    'result field MandatePaymentMethodDetails.blik removed',
    'field payment_method_options.blik removed',
    'result field SetupIntentPaymentMethodOptions.blik removed',
    'type MandateBlik removed: code naming it (import type { MandateBlik }) no longer compiles',
    'result field MandatePaymentMethodDetails.paypal added',
  ])
    assert.ok(messages.includes(message), message);
});

test("an operation and the types named for it are one witness, and a generic shape is no evidence: a removed operation's `{ data?: object[] }` is not an added one's", () => {
  const changes = diff('generic');
  const types = changes
    .flatMap((c) => (c.rename?.kind === 'type' ? [`${c.rename.from} -> ${c.rename.to}`] : []))
    .sort();
  assert.equal(types, [
    'ProjectsMoveCardResponse -> ProjectsClassicMoveCardResponse',
    'ProjectsMoveColumnResponse -> ProjectsClassicMoveColumnResponse',
  ]);
  assert.ok(
    changes.some(
      (c) =>
        c.message ===
        'getDisplays: operation removed (was client.displays.list); no longer exported with it: GetDisplaysResponse (code naming them no longer compiles)',
    ),
  );
});

test('renames whose field moves between a $ref and an inline type: compared through the $ref, one verdict for the field and its *.fields value', () => {
  const changes = diff('posts-refs');
  const renames = changes.flatMap((c) => (c.rename ? [c.rename] : []));
  const fields = renames
    .filter((r) => r.kind === 'field')
    .map((r) => `${r.type ?? ''}.${r.at ? `${r.at}.` : ''}${r.from} -> ${r.to}`)
    .sort();
  assert.equal(fields, [
    'DmEvent.referenced_tweets -> referenced_posts',
    'DmEventsResponse.meta.total_tweet_count -> total_post_count',
    'Expansions.tweets -> posts',
    'Post.edit_history_tweet_ids -> edit_history_post_ids',
    'Post.note_tweet -> note_post',
    'Post.referenced_tweets -> referenced_posts',
    'User.most_recent_tweet_id -> most_recent_post_id',
    'User.pinned_tweet_id -> pinned_post_id',
  ]);
  const values = renames
    .filter((r) => r.kind === 'enum-value')
    .map((r) => `${r.from} -> ${r.to}`)
    .sort();
  assert.equal(values, [
    'edit_history_tweet_ids -> edit_history_post_ids',
    'most_recent_tweet_id -> most_recent_post_id',
    'note_tweet -> note_post',
    'pinned_tweet_id -> pinned_post_id',
    'referenced_tweets -> referenced_posts',
    'referenced_tweets.id -> referenced_posts.id',
  ]);
  // Every field a *.fields value names is renamed with it: no side rewritten and the other left.
  for (const value of values.map((v) => v.split(' -> ')[0] as string))
    assert.ok(
      fields.some((f) => f.includes(`.${value} -> `)) || value.includes('.'),
      `${value}: its field renamed too`,
    );
  assert.equal(
    changes.filter((c) => c.level !== 'patch' && !c.rename).map((c) => c.message),
    [],
  );
});

test('an exported type gone and another come with the same shape: renamed only when the shape could hardly be shared by chance', () => {
  const snapshot = (types: Record<string, TypeSnapshot>): ApiSnapshot => ({
    format: 6,
    specVersion: '1',
    auth: [],
    problems: [],
    exports: Object.keys(types),
    operations: {},
    types,
  });
  const idOnly: TypeSnapshot = {
    shape: { kind: 'object', fields: { id: { type: { kind: 'string' }, required: true } } },
  };
  const replaced = diffSnapshots(snapshot({ Coupon: idOnly }), snapshot({ Discount: idOnly }));
  assert.equal(
    replaced.map((c) => [c.message, c.rename]),
    [['type Coupon removed: code naming it (import type { Coupon }) no longer compiles', undefined]],
  );
  const levels: TypeSnapshot = { shape: { kind: 'string', enum: ['low', 'medium', 'high'] } };
  const renamed = diffSnapshots(snapshot({ Severity: levels }), snapshot({ Level: levels }));
  assert.equal(
    renamed.map((c) => c.rename),
    [{ kind: 'type', from: 'Severity', to: 'Level' }],
  );
});

test("a result that became a list is no rename of its object to the list's name: the object type is removed (Dialogporten's transmissions)", () => {
  assert.equal(verdicts(diff('list-result')), [
    'breaking: result type SearchTransmissionsResponse changed from object to Transmission[]',
    'breaking: type SearchTransmission removed: code naming it (import type { SearchTransmission }) no longer compiles',
  ]);
});

test.run();
