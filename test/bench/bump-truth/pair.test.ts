/**
 * How bench/bump-truth/pair.ts judges migrate's rewrites against a reviewed rename: applied where a
 * changed line held the old name as a word and now holds the new one, not where the new name was
 * there already or the old one is only part of a longer name.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { applied, used } from '../../../bench/bump-truth/pair.ts';
import type { Rename } from '../../../generator/diff/change.ts';

const blik: Rename = { kind: 'type', from: 'MandateBlik', to: 'MandatePaypal' };
const method: Rename = {
  kind: 'method',
  operationId: 'deleteItem',
  from: { group: 'items', method: 'delete' },
  to: { group: 'items', method: 'deleteItem' },
};

test('a rename counts as applied on the lines that traded its old name for the new one', () => {
  const changed = [
    { before: 'const h: MandateBlik | undefined = x;', after: 'const h: MandatePaypal | undefined = x;' },
    { before: 'await client.items.delete({ id });', after: 'await client.items.deleteItem({ id });' },
    { before: 'type A = MandateBlikOptions;', after: 'type A = MandatePaypalOptions;' },
  ];
  assert.is(applied(blik, changed), 1);
  assert.is(applied(method, changed), 1);
  assert.is(applied(blik, [{ before: 'MandateBlik | MandatePaypal', after: 'MandatePaypal' }]), 0);
});

test('a rename is used where the consumer names its old name as a word', () => {
  assert.ok(used(method, 'await client.items.delete({ id })'));
  assert.not.ok(used(method, 'await client.items.deleteMany({ id })'));
  assert.not.ok(used(blik, 'MandateBlikOptions'));
});

test.run();
