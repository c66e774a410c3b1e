/**
 * Renames composed across releases (generator/migrate/history.ts): what a name became in each
 * version, applied in version order, whatever order the history lists them in.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import type { ApiSnapshot } from '../../../generator/diff/snapshot.ts';
import { migrationFromHistory } from '../../../generator/migrate/history-migration.ts';
import type { History, HistoryChange } from '../../../generator/history/rename-history.ts';

const op = (group: string, method: string) => ({
  group,
  method,
  http: 'GET /x',
  kind: 'plain',
  params: {},
  result: {},
  auth: ['*'],
});
const next = {
  format: 6,
  specVersion: '3',
  auth: [],
  problems: [],
  operations: { removePet: op('animals', 'remove'), listPets: op('pets', 'list') },
  types: {},
} as unknown as ApiSnapshot;

const operation = (from: string, to: string, client: [string, string, string, string]): HistoryChange => ({
  level: 'breaking',
  message: `${from} renamed to ${to}`,
  rename: {
    kind: 'operation',
    from,
    to,
    http: 'DELETE /pets/{id}',
    client: { from: { group: client[0], method: client[1] }, to: { group: client[2], method: client[3] } },
  },
});
const param = (id: string, from: string, to: string): HistoryChange => ({
  level: 'breaking',
  operationId: id,
  message: `parameter ${from} renamed to ${to}`,
  rename: { kind: 'parameter', in: 'query', from, to },
});
const type = (from: string, to: string): HistoryChange => ({
  level: 'breaking',
  message: `type ${from} renamed to ${to}`,
  rename: { kind: 'type', from, to },
});
const value = (from: string, to: string): HistoryChange => ({
  level: 'breaking',
  message: `value ${from} renamed to ${to}`,
  rename: { kind: 'enum-value', type: 'Status', from, to },
});

const history: History = {
  format: 1,
  package: '@acme/pets',
  client: 'PetsClient',
  // Out of order on purpose: versions decide, not the file's order.
  releases: [
    {
      version: '3.0.0',
      spec: '3',
      changes: [
        operation('deletePet', 'removePet', ['pets', 'delete', 'animals', 'remove']),
        param('removePet', 'pet_tag', 'tag'),
        type('Animal', 'Beast'),
        value('sold', 'adopted'),
      ],
    },
    {
      version: '2.0.0',
      spec: '2',
      changes: [param('deletePet', 'tag_id', 'pet_tag'), type('Pet', 'Animal'), value('gone', 'sold')],
    },
    { version: '1.5.0', spec: '1.5', changes: [type('Old', 'Pet')] },
  ],
};

test('from 1.0.0: every release after it, in version order; each name ends at its newest', () => {
  const m = migrationFromHistory(history, '1.0.0', '3.0.0', next);
  assert.equal(
    m.releases.map((r) => r.version),
    ['1.5.0', '2.0.0', '3.0.0'],
  );
  assert.is(m.renames.types.get('Old'), 'Beast');
  assert.is(m.renames.types.get('Pet'), 'Beast');
  assert.is(m.renames.types.get('Animal'), 'Beast', 'code written for 2.x is migrated too');
  // A parameter renamed in 2.0.0 on deletePet, then again in 3.0.0 after the operation became removePet.
  assert.equal(
    [...(m.renames.params.get('removePet') ?? [])],
    [
      ['tag_id', 'tag'],
      ['pet_tag', 'tag'],
    ],
  );
  assert.not.ok(m.renames.params.has('deletePet'));
  assert.equal([...(m.renames.enumValues.get('gone') ?? [])], ['adopted']);
  assert.is(m.renames.operations.get('deletePet')?.to.id, 'removePet');
  // The old side of the client, as migrate needs it: deletePet where 1.0.0 had it.
  assert.equal([m.old.operations.deletePet?.group, m.old.operations.deletePet?.method], ['pets', 'delete']);
  assert.not.ok(m.old.operations.removePet);
  assert.is(m.changes.length, 8);
});

test('from a later version: only the releases after it; none after it: nothing', () => {
  const m = migrationFromHistory(history, '2.0.0', '3.0.0', next);
  assert.equal(
    m.releases.map((r) => r.version),
    ['3.0.0'],
  );
  assert.is(m.renames.types.get('Pet'), undefined);
  assert.is(m.renames.types.get('Animal'), 'Beast');
  assert.equal(migrationFromHistory(history, '3.0.0', '3.0.0', next).releases, []);
  assert.equal(
    migrationFromHistory(history, '1.0.0', '2.5.0', next).releases.map((r) => r.version),
    ['1.5.0', '2.0.0'],
  );
});

test.run();
