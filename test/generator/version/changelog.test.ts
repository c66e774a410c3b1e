/** The CHANGELOG entry of a regeneration: the sections and the grouping of `xgen diff`, each cause once. */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import { apiSnapshot } from '../../../generator/diff/snapshot.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { changelogEntry } from '../../../generator/version/changelog.ts';
import { ROOT } from '../../helpers/cli.ts';

const snapshot = (path: string) =>
  apiSnapshot(buildModel(loadSpec(path), { packageName: 'api', clientName: 'ApiClient' }));

test("X's 2.147 -> 2.159: no entry twice, shared causes list their operations", () => {
  const reference = join(ROOT, 'test', 'fixtures', 'reference');
  const changes = diffSnapshots(
    snapshot(join(reference, 'x-openapi-2.147.json')),
    snapshot(join(reference, 'x-openapi-2.159.json')),
  );
  const entry = changelogEntry('3.0.0', '2.159', changes);
  const items = entry.split('\n').filter((l) => l.startsWith('- '));
  assert.is(items.length, changes.length);
  assert.equal(
    items.filter((l, i) => items.indexOf(l) !== i),
    [],
  );
  assert.ok(
    items.some((l) =>
      /^- result field Tweet\.suggested_source_links added \(53 operations: getDirectMessagesEvents, /.test(
        l,
      ),
    ),
    entry,
  );
  const headings = entry.split('\n').filter((l) => l.startsWith('### '));
  assert.equal(headings, ['### Breaking changes', '### Features', '### Patches']);
});

test('renames come first, under their own heading', () => {
  const fixtures = join(ROOT, 'test', 'fixtures', 'diff');
  const entry = changelogEntry(
    '2.0.0',
    '1.0.0',
    diffSnapshots(snapshot(join(fixtures, 'base.yaml')), snapshot(join(fixtures, 'type-renamed.yaml'))),
  );
  const operation = changelogEntry(
    '2.0.0',
    '1.0.0',
    diffSnapshots(snapshot(join(fixtures, 'base.yaml')), snapshot(join(fixtures, 'op-id-renamed.yaml'))),
  );
  // An operationId changed on the same method and path: a rename, not a removal and an addition.
  assert.is(
    operation,
    '## 2.0.0\n\nSpec version 1.0.0.\n\n### Renames (apply these first)\n\n- operation deletePet renamed to removePet (client.pets.delete -\\> client.pets.remove); its types renamed with it: DeletePetParams -\\> RemovePetParams (removePet)\n',
  );
  assert.match(
    entry,
    /^## 2\.0\.0\n\nSpec version 1\.0\.0\.\n\n### Renames \(apply these first\)\n\n- type Pet renamed to Animal: .* \(3 operations: createPet, getPet, listPets\)\n\n### Breaking changes\n\n- result field Animal\.age removed \(3 operations: createPet, getPet, listPets\)\n$/,
  );
});

test.run();
