/**
 * `diffSpecs` on one synthetic pair per rule (test/fixtures/diff/: base.yaml -> <rule>.yaml, or the
 * `old` and `new` files its case names): each pair reports its change at its level, for its
 * operation, located in the spec where it shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { bumpOf, nextVersion, operationsOf } from '../../../generator/diff/change.ts';
import { diffSpecs } from '../../../generator/diff/compare.ts';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import type { ApiSnapshot } from '../../../generator/diff/snapshot.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff');
const BASE = join(FIXTURES, 'base.yaml');
const CASES = JSON.parse(readFileSync(join(FIXTURES, 'cases.json'), 'utf8')) as Record<
  string,
  {
    old?: string;
    new?: string;
    level: 'breaking' | 'feature' | 'patch';
    others?: string[];
    operationId?: string;
    message: string;
  }
>;
const BUMP = { breaking: 'major', feature: 'minor', patch: 'patch' } as const;

for (const [name, expected] of Object.entries(CASES)) {
  test(`${name}: ${expected.level}`, () => {
    const oldSpec = join(FIXTURES, expected.old ?? 'base.yaml');
    const newSpec = join(FIXTURES, expected.new ?? `${name}.yaml`);
    const report = diffSpecs(oldSpec, newSpec);
    // The change reaches the case's operation: its own, or one of those its cause reaches.
    const reaches = (c: { operationId?: string; operationIds?: string[] }): boolean =>
      expected.operationId === undefined
        ? operationsOf(c).length === 0
        : operationsOf(c).includes(expected.operationId);
    const found = report.changes.find((c) => c.message.includes(expected.message) && reaches(c));
    assert.ok(
      found,
      `a change saying "${expected.message}" among ${JSON.stringify(report.changes.map((c) => c.message))}`,
    );
    assert.is(found.level, expected.level);
    assert.is(report.bump, BUMP[expected.level]);
    // Nothing above the rule's own level: one change per pair (a pair whose rule is a removal and an addition names the other level).
    assert.equal(
      [...new Set(report.changes.map((c) => c.level))].sort(),
      [expected.level, ...(expected.others ?? [])].sort(),
    );
    for (const change of report.changes)
      assert.match(change.location ?? '', /\.yaml:\d+:\d+$/, `${change.message} is located`);
    if (expected.operationId) {
      // What went is shown in the old spec, the rest in the new one.
      const spec =
        /removed$|no longer typed for status/.test(expected.message) && name !== 'request-enum-value-removed'
          ? oldSpec
          : newSpec;
      assert.match(
        found.location ?? '',
        new RegExp(`^${relative(process.cwd(), spec).replace(/[.\\]/g, '\\$&')}:\\d+:\\d+$`),
      );
    }
  });
}

test('renames carry what a rewrite needs: the kind of name, the old and the new', () => {
  const rename = (name: string, old = 'base.yaml') =>
    diffSpecs(join(FIXTURES, old), join(FIXTURES, `${name}.yaml`)).changes.flatMap((c) =>
      c.rename ? [c.rename] : [],
    );
  assert.equal(rename('type-renamed'), [{ kind: 'type', from: 'Pet', to: 'Animal' }]);
  // A method rename is the operation's own: one entry per operation.
  assert.equal(rename('group-renamed').length, 4);
  assert.ok(
    rename('group-renamed').some(
      (r) =>
        JSON.stringify(r) ===
        JSON.stringify({
          kind: 'method',
          operationId: 'getPet',
          from: { group: 'pets', method: 'get' },
          to: { group: 'animals', method: 'getPet' },
        }),
    ),
  );
  assert.equal(rename('param-renamed'), [
    { kind: 'parameter', in: 'query', from: 'pet.fields', to: 'animal.fields' },
  ]);
  // One word of a value for another, made nowhere else in the bump (`invoice.created` -> `invoice.paid`): no evidence of a rename.
  assert.equal(rename('request-enum-value-renamed', 'enum-values-base.yaml'), []);
  // One word for another is a value removed and one added: nothing says they mean the same.
  const dir = tempDir('diff-values');
  try {
    writeFileSync(
      join(dir, 'hound.yaml'),
      readFileSync(BASE, 'utf8').replace(
        '          - cat\n          - dog\n',
        '          - cat\n          - hound\n',
      ),
    );
    const replaced = diffSpecs(BASE, join(dir, 'hound.yaml')).changes;
    assert.equal(
      replaced.map((c) => [c.message, c.rename]),
      [
        ['kind no longer accepts "dog"', undefined],
        ['kind accepts "hound"', undefined],
      ],
    );
  } finally {
    removeDir(dir);
  }
  // An operationId changed on the same method and path is the same endpoint renamed: `client.call('deletePet')` and `client.pets.delete` are rewritten.
  assert.equal(rename('op-id-renamed'), [
    {
      kind: 'operation',
      from: 'deletePet',
      to: 'removePet',
      http: 'DELETE /v1/pets/{pet_id}',
      client: { from: { group: 'pets', method: 'delete' }, to: { group: 'pets', method: 'remove' } },
      types: [{ from: 'DeletePetParams', to: 'RemovePetParams' }],
    },
  ]);
});

test('an operationId renamed on the same method and path: one rename entry, its other changes compared with the old operation', () => {
  const dir = tempDir('diff-op-renamed');
  try {
    const renamed = readFileSync(join(FIXTURES, 'op-id-renamed.yaml'), 'utf8');
    // The id changed and a parameter came: the parameter is a change of the kept operation, not part of an added one.
    const withParam = renamed.replace(
      '      operationId: removePet\n      tags:\n      - Pets\n      summary: Remove a pet\n      parameters:\n',
      '      operationId: removePet\n      tags:\n      - Pets\n      summary: Remove a pet\n      parameters:\n      - name: reason\n        in: query\n        schema:\n          type: string\n',
    );
    assert.ok(withParam !== renamed);
    writeFileSync(join(dir, 'with-param.yaml'), withParam);
    const report = diffSpecs(BASE, join(dir, 'with-param.yaml'));
    assert.equal(
      report.changes.map((c) => [c.level, c.operationId, c.message]),
      [
        [
          'breaking',
          'removePet',
          'operation deletePet renamed to removePet (client.pets.delete -> client.pets.remove); its types renamed with it: DeletePetParams -> RemovePetParams',
        ],
        ['feature', 'removePet', 'optional parameter reason added'],
      ],
    );
    // Only the id's spelling changed: the client's method stays, `client.call('deletePet')` does not.
    writeFileSync(
      join(dir, 'same-method.yaml'),
      readFileSync(BASE, 'utf8').replace('operationId: deletePet', 'operationId: DeletePet'),
    );
    const same = diffSpecs(BASE, join(dir, 'same-method.yaml')).changes;
    assert.equal(
      same.map((c) => [c.level, c.message]),
      [['breaking', 'operation deletePet renamed to DeletePet (still client.pets.delete)']],
    );
    assert.equal(same[0]?.rename, {
      kind: 'operation',
      from: 'deletePet',
      to: 'DeletePet',
      http: 'DELETE /v1/pets/{pet_id}',
      client: { from: { group: 'pets', method: 'delete' }, to: { group: 'pets', method: 'delete' } },
    });
    // An id gone from one path and another come on a different one stay a removal and an addition.
    writeFileSync(
      join(dir, 'moved.yaml'),
      renamed
        .replace('  /v1/pets/{pet_id}:\n    get:', '  /v1/pets/{pet_id}:\n    get:')
        .replace(/\n {4}delete:\n/, '\n    post:\n'),
    );
    const moved = diffSpecs(BASE, join(dir, 'moved.yaml')).changes;
    assert.equal(
      moved.map((c) => c.rename),
      [undefined, undefined],
    );
    assert.ok(
      moved.some((c) => c.message.startsWith('deletePet: operation removed')) &&
        moved.some((c) => c.message.startsWith('removePet: operation added')),
      JSON.stringify(moved),
    );
  } finally {
    removeDir(dir);
  }
});

test('the same spec twice: none, no changes', () => {
  assert.equal(diffSpecs(BASE, BASE), { bump: 'none', changes: [] });
});

test('a description-only edit: patch', () => {
  const report = diffSpecs(BASE, join(FIXTURES, 'description-only.yaml'));
  assert.is(report.bump, 'patch');
  assert.ok(report.changes.every((c) => c.level === 'patch'));
});

test('a problem type moved to another origin: one change saying from what to what; others removed or added', () => {
  const snapshot = (problems: string[]): ApiSnapshot => ({
    format: 1,
    specVersion: '1',
    auth: [],
    problems,
    types: {},
    operations: {},
  });
  const changes = diffSnapshots(
    snapshot([
      'https://api.twitter.com/2/problems/not-found',
      'https://api.twitter.com/2/problems/usage-capped',
    ]),
    snapshot(['https://api.x.com/2/problems/not-found', 'https://api.x.com/2/problems/rate-limited']),
  );
  assert.equal(
    changes.map((c) => `${c.level}: ${c.message}`),
    [
      'breaking: problem type "https://api.twitter.com/2/problems/not-found" is now "https://api.x.com/2/problems/not-found": a case or comparison with the old type no longer compiles',
      'breaking: problem type https://api.twitter.com/2/problems/usage-capped removed',
      'feature: problem type https://api.x.com/2/problems/rate-limited added',
    ],
  );
});

test('a parameter or field location points at its line', () => {
  const report = diffSpecs(BASE, join(FIXTURES, 'param-renamed.yaml'));
  const [change] = report.changes;
  const line = Number(change?.location?.split(':').at(-2));
  const text = readFileSync(join(FIXTURES, 'param-renamed.yaml'), 'utf8').split('\n')[line - 1] ?? '';
  assert.match(text, /animal\.fields/);
});

test('a parameter is taken for renamed only on evidence: alone, at the same place, with the same distinctive type', () => {
  type Type = { kind: 'string' | 'integer'; enum?: string[] };
  const snapshot = (params: Record<string, { wire: string; in: 'query'; type: Type }>): ApiSnapshot => ({
    format: 1,
    specVersion: '1',
    auth: [],
    problems: [],
    types: {},
    operations: {
      listPets: {
        group: 'pets',
        method: 'list',
        http: 'GET /pets',
        kind: 'plain',
        params,
        result: { kind: 'void' },
        auth: ['*'],
      },
    },
  });
  const closed: Type = { kind: 'string', enum: ['open', 'closed'] };
  const before = snapshot({ status: { wire: 'status', in: 'query', type: closed } });
  const renamed = diffSnapshots(before, snapshot({ state: { wire: 'state', in: 'query', type: closed } }));
  assert.equal(
    renamed.map((c) => c.message),
    ['parameter status renamed to state'],
  );
  assert.equal(renamed[0]?.rename, { kind: 'parameter', in: 'query', from: 'status', to: 'state' });
  const replaced = diffSnapshots(
    before,
    snapshot({ page: { wire: 'page', in: 'query', type: { kind: 'integer' } } }),
  );
  assert.equal(
    replaced.map((c) => c.message),
    ['parameter status removed', 'optional parameter page added'],
  );
  assert.ok(replaced.every((c) => c.operationId === 'listPets' && c.rename === undefined));
  // A plain string for another shares nothing but its type (Stripe's `coupon` and `description`).
  const plain = (name: string): ApiSnapshot =>
    snapshot({ [name]: { wire: name, in: 'query', type: { kind: 'string' } } });
  assert.equal(
    diffSnapshots(plain('status'), plain('state')).map((c) => c.message),
    ['parameter status removed', 'optional parameter state added'],
  );
});

test('x-sometimes-absent on a default field changes no type: no change', () => {
  const dir = tempDir('diff-rules');
  try {
    const text = readFileSync(join(FIXTURES, 'extended-base.yaml'), 'utf8');
    const marked = text.replace(
      '        name:\n          type: string\n        status:',
      '        name:\n          type: string\n          x-sometimes-absent: true\n        status:',
    );
    assert.ok(marked !== text);
    writeFileSync(join(dir, 'marked.yaml'), marked);
    assert.equal(diffSpecs(join(FIXTURES, 'extended-base.yaml'), join(dir, 'marked.yaml')), {
      bump: 'none',
      changes: [],
    });
  } finally {
    removeDir(dir);
  }
});

test('bump and next version', () => {
  assert.is(bumpOf([]), 'none');
  assert.is(
    bumpOf([
      { level: 'patch', message: '' },
      { level: 'feature', message: '' },
    ]),
    'minor',
  );
  assert.is(
    bumpOf([
      { level: 'patch', message: '' },
      { level: 'breaking', message: '' },
    ]),
    'major',
  );
  assert.is(nextVersion('2.165.0', 'major'), '3.0.0');
  assert.is(nextVersion('2.165.3', 'minor'), '2.166.0');
  assert.is(nextVersion('2.165.3', 'patch'), '2.165.4');
  assert.is(nextVersion('2.165.3', 'none'), '2.165.3');
  assert.is(nextVersion('1.2.3-beta.1', 'patch'), '1.2.4');
});

test.run();
