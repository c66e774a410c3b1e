/**
 * A two-pair slice of `npm run bench -- bump-truth` (bench/bump-truth.ts), so that the scorer and the
 * reviewed lists stay honest: Stripe's Blik -> PayPal (no rename) and X's tweet -> post across `$ref`
 * and inline types (every rename). The scorer counts what the reviewed list marks false as false,
 * and a claim the list does not judge as unreviewed.
 */
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { reviewedPairs } from '../../bench/bump-truth.ts';
import { scoreRenames } from '../../bench/bump-truth/score.ts';
import { diffSpecs } from '../../generator/diff/compare.ts';
import { ROOT } from '../helpers/cli.ts';

const pair = (name: string) => {
  const found = reviewedPairs().find((p) => p.name === name);
  assert.ok(found, name);
  return found;
};

const claimed = (name: string) => {
  const p = pair(name);
  return diffSpecs(join(ROOT, p.old), join(ROOT, p.next)).changes.flatMap((c) =>
    c.rename ? [c.rename] : [],
  );
};

test('Blik -> PayPal: no rename claimed; the pairings once claimed are scored as false', () => {
  const blik = pair('stripe-blik (fixture)');
  assert.equal(scoreRenames(claimed(blik.name), blik), {
    claimed: 0,
    found: [],
    missed: [],
    falseClaimed: [],
    unreviewed: [],
  });
  const score = scoreRenames(
    [
      { kind: 'type', from: 'MandateBlik', to: 'MandatePaypal' },
      { kind: 'field', side: 'output', type: 'MandatePaymentMethodDetails', from: 'blik', to: 'paypal' },
      { kind: 'type', from: 'Unheard', to: 'Of' },
    ],
    blik,
  );
  assert.equal(score.falseClaimed, [
    'field MandatePaymentMethodDetails.blik -> paypal',
    'type MandateBlik -> MandatePaypal',
  ]);
  assert.equal(score.unreviewed, ['type Unheard -> Of']);
});

test("X's tweet -> post across $ref and inline types: every reviewed rename claimed, nothing else", () => {
  const posts = pair('x-posts-refs (fixture)');
  const score = scoreRenames(claimed(posts.name), posts);
  assert.equal(score.missed, []);
  assert.equal(score.falseClaimed, []);
  assert.equal(score.unreviewed, []);
  assert.is(score.found.length, posts.renames.length);
});

test("a result that became a list: the object is not claimed renamed to the list's name (Dialogporten's transmissions)", () => {
  const list = pair('list-result (fixture)');
  assert.equal(scoreRenames(claimed(list.name), list), {
    claimed: 0,
    found: [],
    missed: [],
    falseClaimed: [],
    unreviewed: [],
  });
  assert.equal(
    scoreRenames([{ kind: 'type', from: 'SearchTransmission', to: 'SearchTransmissionsResponse' }], list)
      .falseClaimed,
    ['type SearchTransmission -> SearchTransmissionsResponse'],
  );
});

test.run();
