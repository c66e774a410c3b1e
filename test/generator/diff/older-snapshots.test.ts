/**
 * A snapshot of an older format (generator/diff/older-snapshots.ts): the facts its format did not
 * record compare as unchanged, while the same facts read as the current format are a change.
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import {
  type ApiSnapshot,
  apiSnapshot,
  parseSnapshot,
  renderSnapshot,
  SNAPSHOT_FORMAT,
} from '../../../generator/diff/snapshot.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { ROOT } from '../../helpers/cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff');

test('an older snapshot without the result-type facts: they compare as unchanged, not as removed', () => {
  const spec = loadSpec(join(FIXTURES, 'extended-base.yaml'));
  const current = apiSnapshot(buildModel(spec, { packageName: 'api', clientName: 'ApiClient' }));
  const format1 = JSON.parse(JSON.stringify({ ...current, format: 1 }), (key, value: unknown) =>
    key === 'open' || key === 'narrowing' ? undefined : value,
  ) as ApiSnapshot;
  assert.ok(
    JSON.stringify(current).includes('"open":true') && JSON.stringify(current).includes('"narrowing"'),
    'the spec has both facts',
  );
  assert.equal(diffSnapshots(format1, current), []);
  // The same snapshot read as the current format, whose missing facts mean closed and not narrowed: all of it changed.
  const levels = diffSnapshots({ ...format1, format: SNAPSHOT_FORMAT }, current).map((c) => c.level);
  assert.ok(levels.includes('breaking'));
  assert.ok(parseSnapshot(renderSnapshot(format1)), 'a format-1 snapshot is still read');
  assert.is(
    parseSnapshot(renderSnapshot({ ...current, format: SNAPSHOT_FORMAT + 1 })),
    undefined,
    'a newer one is not',
  );
});

test('a format-2 snapshot recorded a field one union shape marks absent as unknown: read as unchanged', () => {
  const spec = loadSpec(
    'cards.yaml',
    `
openapi: 3.1.0
info: { title: cards, version: '1' }
paths:
  /cards:
    post:
      operationId: createCard
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - { type: object, required: [components], properties: { components: { type: array, items: { type: string } }, slides: false } }
                - { type: object, required: [slides], properties: { slides: { $ref: '#/components/schemas/Slides' }, components: false } }
      responses:
        '204': { description: done }
components:
  schemas:
    Slides: { type: array, items: { type: string } }
`,
  );
  const current = apiSnapshot(buildModel(spec, { packageName: 'api', clientName: 'ApiClient' }));
  assert.equal(current.operations.createCard?.params.slides?.type, { ref: 'Slides' });
  assert.equal(current.operations.createCard?.params.components?.type, {
    kind: 'array',
    items: { kind: 'string' },
  });
  // As format 2 wrote it: the first shape's `slides: false` taken for the field, and `Slides` not reached.
  const format2 = JSON.parse(JSON.stringify({ ...current, format: 2, types: {} })) as ApiSnapshot;
  format2.operations.createCard!.params.slides!.type = { kind: 'unknown' };
  assert.equal(diffSnapshots(format2, current), []);
  // Read as the current format, the same facts are a change.
  assert.ok(diffSnapshots({ ...format2, format: SNAPSHOT_FORMAT }, current).length > 0);
});

test('a selection whose defaults are unknown is recorded so, and a format-4 snapshot of one reads as unchanged', () => {
  const snapshotOf = (file: string): ApiSnapshot =>
    apiSnapshot(buildModel(loadSpec(join(FIXTURES, file)), { packageName: 'api', clientName: 'ApiClient' }));
  const unknown = snapshotOf('selection-defaults-unknown.yaml');
  const stated = snapshotOf('selection-defaults-stated.yaml');
  assert.equal(unknown.operations.listPets?.narrowing?.selected?.['data[]'], {
    param: 'pet.fields',
    object: 'Pet',
    defaults: [],
    defaultsUnknown: true,
    sometimesAbsent: ['chip'],
  });
  assert.equal(stated.operations.listPets?.narrowing?.selected?.['data[]'], {
    param: 'pet.fields',
    object: 'Pet',
    defaults: ['id', 'name'],
    sometimesAbsent: ['chip'],
  });
  assert.equal(parseSnapshot(renderSnapshot(unknown)), unknown);
  // The spec stating the defaults later is a break: fields that were optional unasked are now absent.
  assert.ok(
    diffSnapshots(unknown, stated).some(
      (c) => c.level === 'breaking' && c.message.includes('not asked for are now absent'),
    ),
  );
  // Format 4 wrote unknown defaults as none: where the new snapshot has them unknown, nothing changed.
  const format4 = JSON.parse(JSON.stringify({ ...unknown, format: 4 }), (key, value: unknown) =>
    key === 'defaultsUnknown' ? undefined : value,
  ) as ApiSnapshot;
  assert.equal(diffSnapshots(format4, unknown), []);
  // Read as the current format, "no defaults" against "unknown" is a change.
  assert.ok(diffSnapshots({ ...format4, format: SNAPSHOT_FORMAT }, unknown).length > 0);
});

test("narrowed result types keyed by their lists (format 6): an older snapshot's took the params object, a break said once", () => {
  const current = apiSnapshot(
    buildModel(loadSpec(join(FIXTURES, 'selection-defaults-stated.yaml')), {
      packageName: 'api',
      clientName: 'ApiClient',
    }),
  );
  assert.equal(current.operations.listPets?.narrowing?.generic, {
    type: 'ListPetsResponse',
    parameters: [{ name: 'PetFields', param: 'pet.fields' }],
  });
  assert.equal(parseSnapshot(renderSnapshot(current)), current);
  // Format 5 wrote no type parameters: its narrowed results were `ListPetsResponse<P>`, P the params.
  const format5 = JSON.parse(JSON.stringify({ ...current, format: 5 }), (key, value: unknown) =>
    key === 'generic' ? undefined : value,
  ) as ApiSnapshot;
  const changes = diffSnapshots(format5, current);
  assert.is(changes.length, 1);
  assert.is(changes[0]?.level, 'breaking');
  assert.match(changes[0]?.message ?? '', 'one type argument per value that decides them');
  assert.match(
    changes[0]?.message ?? '',
    "where code wrote ListPetsResponse<typeof params>, write the values' types, as in ListPetsResponse<typeof petFields>",
  );
  // Type parameters renamed or reordered: code writing the type arguments must write them anew.
  const renamed = JSON.parse(JSON.stringify(current)) as ApiSnapshot;
  renamed.operations.listPets!.narrowing!.generic!.parameters[0]!.name = 'PetFields2';
  assert.ok(
    diffSnapshots(current, renamed).some(
      (c) =>
        c.level === 'breaking' &&
        c.message.includes(
          'result type is now ListPetsResponse<PetFields2> (was ListPetsResponse<PetFields>',
        ),
    ),
  );
  assert.equal(diffSnapshots(current, current), []);
});

test('a format-6 snapshot did not record error bodies nor problem shapes: read as unchanged', () => {
  const spec = loadSpec(join(FIXTURES, 'errors-base.yaml'));
  const current = apiSnapshot(buildModel(spec, { packageName: 'api', clientName: 'ApiClient' }));
  assert.equal(current.operations.getPet?.errors, { '404': { ref: 'PetNotFound' } });
  assert.equal(current.problemShapes?.['https://shelter.example.com/problems/not-found'], {
    ref: 'NotFoundProblem',
  });
  // As format 6 wrote it: no `errors` nor `problemShapes`, and the types only they reach not listed.
  const format6 = JSON.parse(JSON.stringify({ ...current, format: 6 }), (key, value: unknown) =>
    key === 'errors' || key === 'problemShapes' ? undefined : value,
  ) as ApiSnapshot;
  for (const name of ['PetNotFound', 'InvalidPet', 'NotFoundProblem', 'InvalidProblem'])
    delete format6.types[name];
  assert.equal(diffSnapshots(format6, current), []);
  // Read as the current format, the same facts are statuses newly typed (the problems' types: no rule reports a type alone).
  const features = diffSnapshots({ ...format6, format: SNAPSHOT_FORMAT }, current);
  assert.equal(
    features.map((c) => c.level),
    ['feature', 'feature'],
  );
});

test('a format-6 snapshot did not mark amounts in micros: read as marked where the new one marks them', () => {
  const spec = loadSpec(join(FIXTURES, 'money-added.yaml'));
  const current = apiSnapshot(buildModel(spec, { packageName: 'api', clientName: 'ApiClient' }));
  assert.ok(JSON.stringify(current.operations.createPet?.params.age).includes('"money":true'));
  const format6 = JSON.parse(JSON.stringify({ ...current, format: 6 }), (key, value: unknown) =>
    key === 'money' ? undefined : value,
  ) as ApiSnapshot;
  assert.equal(diffSnapshots(format6, current), []);
  // Read as the current format, the body field now takes Micros: breaking.
  assert.equal(
    diffSnapshots({ ...format6, format: SNAPSHOT_FORMAT }, current).map((c) => c.level),
    ['breaking'],
  );
});

test('a format-8 snapshot says which statuses are listed without a body; against an older one a fold stays breaking', () => {
  const snapshot = (file: string) =>
    apiSnapshot(buildModel(loadSpec(join(FIXTURES, file)), { packageName: 'api', clientName: 'ApiClient' }));
  const before = snapshot('errors-base.yaml');
  const folded = snapshot('error-status-folded.yaml');
  const bodiless = snapshot('error-status-bodiless.yaml');
  assert.equal(bodiless.operations.getPet?.untypedErrors, ['404']);
  assert.is(folded.operations.getPet?.untypedErrors, undefined);
  assert.equal(
    diffSnapshots(before, folded)
      .map((c) => c.level)
      .sort(),
    ['feature', 'patch'],
  );
  // A format-7 snapshot of the new side cannot tell the fold from a status left bodiless: breaking, "or none".
  const format7 = { ...folded, format: 7 };
  const said = diffSnapshots(before, format7).find((c) => c.level === 'breaking');
  assert.match(said?.message ?? '', /gives the 4XX body \(PetNotFound\) or none/);
  // A format-7 snapshot on the old side reads its errors as its own: a removed status is still found.
  assert.ok(
    diffSnapshots({ ...before, format: 7 }, snapshot('error-status-folded-retyped.yaml')).some(
      (c) => c.level === 'breaking',
    ),
  );
});

test.run();
