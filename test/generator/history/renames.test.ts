/** The renames migrate derives from two API snapshots, one synthetic spec pair per kind (test/fixtures/migrate/). */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { type ApiSnapshot, apiSnapshot } from '../../../generator/diff/snapshot.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { noRenames, renamesBetween } from '../../../generator/history/renames.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { ROOT } from '../../helpers/cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'migrate');
const snapshot = (name: string): ApiSnapshot =>
  apiSnapshot(
    buildModel(loadSpec(join(FIXTURES, name)), { packageName: '@test/api', clientName: 'ApiClient' }),
  );
const base = snapshot('base.yaml');
const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v,
    ),
  );

test('the same spec twice: no renames', () => {
  assert.ok(noRenames(renamesBetween(base, base)));
});

test('a group and method rename keeps the operationId', () => {
  const r = renamesBetween(base, snapshot('group-renamed.yaml'));
  assert.equal(plain(r.operations), {
    getPet: {
      from: { id: 'getPet', group: 'pets', method: 'get' },
      to: { id: 'getPet', group: 'animals', method: 'getPet' },
    },
  });
  assert.equal(r.functions.size, 0);
});

test('an operationId renamed on the same request: the operation, its function and its params type', () => {
  const r = renamesBetween(base, snapshot('operation-id-renamed.yaml'));
  assert.equal(plain(r.operations), {
    listPets: {
      from: { id: 'listPets', group: 'pets', method: 'list' },
      to: { id: 'listAllPets', group: 'pets', method: 'listAll' },
    },
  });
  assert.equal(plain(r.functions), { listPets: 'listAllPets' });
  assert.equal(plain(r.types), { ListPetsParams: 'ListAllPetsParams' });
});

test('a parameter and a body field renamed, by the new operationId', () => {
  assert.equal(plain(renamesBetween(base, snapshot('param-renamed.yaml')).params), {
    listPets: { 'pet.fields': 'animal.fields' },
  });
  assert.equal(plain(renamesBetween(base, snapshot('body-field-renamed.yaml')).params), {
    createPet: { kind: 'species' },
  });
});

test('enum values that went while others came sharing a word, a change the bump makes nowhere else, are not renamed', () => {
  // `adopted` -> `adopted_out`, `age` -> `age_years`: a word added to one name, no evidence it is the same value.
  assert.equal(plain(renamesBetween(base, snapshot('enum-value-renamed.yaml')).enumValues), {});
});

test('an enum value replaced by an unrelated one is not taken for a rename', () => {
  const next = structuredClone(base);
  const status = next.types.PetStatus?.shape;
  assert.ok(status && 'enum' in status && status.enum);
  status.enum = ['available', 'sold'];
  assert.equal(renamesBetween(base, next).enumValues.size, 0);
});

test('an exported type renamed: the type that takes its place in the same operations', () => {
  assert.equal(plain(renamesBetween(base, snapshot('type-renamed.yaml')).types), { Pet: 'Animal' });
});

test('an enum value renamed in one of its words, beside a parameter rename (pet -> animal)', () => {
  const next = structuredClone(base);
  const op = next.operations.listPets!;
  const fields = op.params['pet.fields']!;
  delete op.params['pet.fields'];
  op.params['animal.fields'] = {
    ...fields,
    wire: 'animal.fields',
    type: { kind: 'array', items: { kind: 'string', enum: ['age', 'name'] } },
  };
  const status = next.types.PetStatus?.shape;
  assert.ok(status && 'enum' in status);
  status.enum = ['available', 'adopted', 'animal_shelter'];
  const old = structuredClone(base);
  const oldStatus = old.types.PetStatus?.shape;
  assert.ok(oldStatus && 'enum' in oldStatus);
  oldStatus.enum = ['available', 'adopted', 'pet_shelter'];
  const r = renamesBetween(old, next);
  assert.equal(plain(r.enumValues), { pet_shelter: ['animal_shelter'] });
  assert.equal(plain(r.params), { listPets: { 'pet.fields': 'animal.fields' } });
});

test('a type whose name only changed case is renamed (Oauth2TokenParams -> OAuth2TokenParams)', () => {
  const old = structuredClone(base);
  const next = structuredClone(base);
  const token = {
    shape: { kind: 'object', fields: { scope: { type: { kind: 'string' }, required: true } } },
  } as unknown as ApiSnapshot['types'][string];
  old.types.Oauth2TokenParams = token;
  // Another shape too: only the letters in another case tell it is the same type.
  next.types.OAuth2TokenParams = {
    shape: {
      kind: 'object',
      fields: {
        scope: { type: { kind: 'string' }, required: true },
        audience: { type: { kind: 'string' }, required: false },
      },
    },
  } as unknown as ApiSnapshot['types'][string];
  if (old.exports) old.exports = [...old.exports, 'Oauth2TokenParams'];
  if (next.exports) next.exports = [...next.exports, 'OAuth2TokenParams'];
  assert.equal(plain(renamesBetween(old, next).types), { Oauth2TokenParams: 'OAuth2TokenParams' });
});

test.run();
