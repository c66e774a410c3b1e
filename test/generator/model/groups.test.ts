/**
 * Groups and method names (generator/model/groups.ts, path-names.ts): a name is read from its own
 * operation, so removing any one operation of a real spec renames none of the others; no name ends
 * in a number the spec's words lack; an untagged spec is grouped by the resources its paths name.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import {
  operationNames,
  type NamingInput,
  taggedMethodName,
  tagsGroup,
  uniqueNames,
} from '../../../generator/model/groups.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { UNTAGGED } from '../../../generator/model/operations.ts';
import { pathName } from '../../../generator/model/path-names.ts';
import { ROOT } from '../../helpers/cli.ts';

/** The generation corpus; Stripe's spec comes with the bench's peers (`npm ci --prefix bench`). */
const CORPUS: Record<string, string> = {
  'core-v2': join(ROOT, 'spec', 'core-v2.yaml'),
  'ads-v12': join(ROOT, 'spec', 'ads-v12.yaml'),
  'x-2.147': join(ROOT, 'test', 'fixtures', 'reference', 'x-openapi-2.147.json'),
  'x-2.159': join(ROOT, 'test', 'fixtures', 'reference', 'x-openapi-2.159.json'),
  github: join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json'),
  stripe: join(ROOT, 'bench', 'node_modules', '@opensdks', 'sdk-stripe', 'stripe.oas.json'),
};

const models = new Map<string, ReturnType<typeof buildModel>>();
function model(name: string): ReturnType<typeof buildModel> {
  let found = models.get(name);
  if (!found) {
    found = buildModel(loadSpec(CORPUS[name]!), { packageName: '@t/api', clientName: 'ApiClient' });
    models.set(name, found);
  }
  return found;
}

function untaggedOf(ops: readonly NamingInput[]): Set<string> {
  return new Set(ops.filter((o) => o.tags.length === 1 && o.tags[0] === UNTAGGED).map((o) => o.id));
}

function namesOf(ops: readonly NamingInput[]): Map<string, string> {
  const { names } = operationNames(ops, untaggedOf(ops), new Map());
  return new Map([...names].map(([id, n]) => [id, `${n.group}.${n.method}`]));
}

for (const name of Object.keys(CORPUS)) {
  test(`${name}: removing any one operation renames no other; no number the id lacks`, () => {
    if (!existsSync(CORPUS[name]!)) {
      console.warn(`  ${name}: ${CORPUS[name]} is not installed (npm ci --prefix bench): skipped`);
      return;
    }
    const ops = model(name).operations;
    const all = namesOf(ops);
    for (const op of ops) {
      const name = all.get(op.id)!;
      assert.not.match(
        /[0-9]$/.test(op.id) ? '' : name,
        /[0-9]$/,
        `${op.id}: ${name} ends in a number its id lacks`,
      );
    }
    // A name is decided within its group (uniqueNames) from placements read from each operation
    // alone, except whether tags group the spec at all: so removing an operation can change only
    // its own group's names, or every name if it flipped that choice. Both are checked.
    const untagged = untaggedOf(ops);
    const byTags = tagsGroup(ops, untagged);
    const { placed } = operationNames(ops, untagged, new Map());
    const moved: string[] = [];
    for (let i = 0; i < ops.length && moved.length < 5; i++) {
      const removed = ops[i]!;
      const without = [...ops.slice(0, i), ...ops.slice(i + 1)];
      if (tagsGroup(without, untagged) !== byTags) moved.push(`without ${removed.id}: tags group ${!byTags}`);
      for (const [id, n] of uniqueNames(without, placed, new Map()))
        if (all.get(id) !== `${n.group}.${n.method}`)
          moved.push(`without ${removed.id}: ${id} ${all.get(id)} -> ${n.group}.${n.method}`);
    }
    assert.equal(moved, []);
  });
}

test('stripe: methods by resource, nested, with CRUD verbs and the action word', () => {
  if (!existsSync(CORPUS.stripe!)) return;
  const names = new Map(model('stripe').operations.map((o) => [o.id, `${o.group}.${o.methodName}`]));
  assert.equal(names.get('GetCustomers'), 'customers.list');
  assert.equal(names.get('PostCustomers'), 'customers.create');
  assert.equal(names.get('GetCustomersCustomer'), 'customers.retrieve');
  assert.equal(names.get('DeleteCustomersCustomer'), 'customers.delete');
  assert.equal(
    names.get('GetCustomersCustomerSubscriptionsSubscriptionExposedId'),
    'customers.subscriptions.retrieve',
  );
  assert.equal(names.get('PostSubscriptionsSubscriptionExposedId'), 'subscriptions.update');
  assert.equal(names.get('PostPayoutsPayoutCancel'), 'payouts.cancel');
  assert.equal(names.get('GetBalanceHistoryId'), 'balance.history.retrieve');
  assert.equal(names.get('DeleteCustomersCustomerDiscount'), 'customers.deleteDiscount');
  assert.ok(!model('stripe').groups.some((g) => g.property === 'default'), 'no catch-all group');
});

test('pathName: collection, item, nested, action, a resource of one', () => {
  const cases: [method: string, path: string, result: string, name: string][] = [
    ['GET', '/v1/customers', '', 'customers.list'],
    ['POST', '/v1/customers', '', 'customers.create'],
    ['GET', '/v1/customers/{customer}', '', 'customers.retrieve'],
    ['POST', '/v1/customers/{customer}', '', 'customers.update'],
    ['DELETE', '/widgets', '', 'widgets.deleteMany'],
    ['DELETE', '/widgets/{id}', '', 'widgets.delete'],
    ['GET', '/v1/customers/{customer}/subscriptions/{id}', '', 'customers.subscriptions.retrieve'],
    ['POST', '/v1/subscriptions/{id}/cancel', 'Subscription', 'subscriptions.cancel'],
    ['POST', '/v1/customers/{customer}/cash_balance', 'CashBalance', 'customers.updateCashBalance'],
    ['GET', '/v1/customers/{customer}/cash_balance', 'CashBalance', 'customers.retrieveCashBalance'],
    ['GET', '/v1/account', '', 'account.retrieve'],
    ['GET', '/v1/checkout/sessions', '', 'checkout.sessions.list'],
    ['GET', '/v1/balance/history', '', 'balance.history.retrieve'],
    ['GET', '/v1/customers/search', '', 'customers.search'],
    ['GET', '/v1/apps/secrets/find', '', 'apps.secrets.find'],
  ];
  for (const [method, path, result, name] of cases) {
    const found = pathName(method, path, result);
    assert.is(found && `${found.groups.join('.')}.${found.method}`, name, `${method} ${path}`);
  }
});

test('a tag group: the collection and item forms of a bare verb are list and get, whichever exist', () => {
  const op = (id: string, method: string, path: string): NamingInput => ({
    id,
    tags: ['Presets'],
    method: method as NamingInput['method'],
    path,
    success: { typeName: 'Preset' },
  });
  assert.is(taggedMethodName(op('getPresets', 'GET', '/presets'), 'Presets'), 'list');
  assert.is(taggedMethodName(op('getPreset', 'GET', '/presets/{id}'), 'Presets'), 'get');
  assert.is(taggedMethodName(op('deleteWidgets', 'DELETE', '/widgets'), 'Widgets'), 'deleteMany');
  assert.is(taggedMethodName(op('deleteWidget', 'DELETE', '/widgets/{id}'), 'Widgets'), 'delete');
  // Adding the collection form renames nothing: each name is read from its own operation.
  const one = namesOf(
    [op('deleteWidget', 'DELETE', '/widgets/{id}')].map((o) => ({ ...o, tags: ['Widgets'] })),
  );
  const both = namesOf(
    [op('deleteWidget', 'DELETE', '/widgets/{id}'), op('deleteWidgets', 'DELETE', '/widgets')].map((o) => ({
      ...o,
      tags: ['Widgets'],
    })),
  );
  assert.is(one.get('deleteWidget'), 'widgets.delete');
  assert.is(both.get('deleteWidget'), 'widgets.delete');
  assert.is(both.get('deleteWidgets'), 'widgets.deleteMany');
});

test('a name two operations want: neither takes it, unless one published it', () => {
  const ops: NamingInput[] = [
    { id: 'fetchThing', tags: ['Things'], method: 'GET', path: '/a/{id}', success: { typeName: 'T' } },
    { id: 'fetchThings', tags: ['Things'], method: 'POST', path: '/b/{id}', success: { typeName: 'T' } },
    { id: 'getOther', tags: ['Others'], method: 'GET', path: '/c', success: { typeName: 'T' } },
  ];
  const untagged = new Set<string>();
  const plain = operationNames(ops, untagged, new Map()).names;
  assert.equal(
    ops.map((o) => plain.get(o.id)?.method),
    ['fetchThing', 'fetchThings', 'get'],
  );
  const kept = operationNames(ops, untagged, new Map(), new Map([['fetchThings', 'things.fetch']])).names;
  assert.equal(
    ops.map((o) => kept.get(o.id)?.method),
    ['fetchThing', 'fetch', 'get'],
  );
});

test.run();
