/**
 * A plain schema rename (issue 36, item 6): a schema that a paginated operation returns and a
 * `*.fields` parameter selects is renamed, nothing else. The package still generates and
 * type-checks, the renamed schema keeps its selection (not `Topic`, whose three properties the
 * parameter names too), and the diff says only that the type was renamed. Both on a cut-down
 * fixture (test/fixtures/specs/schema-rename/) and on X's own 2.159 spec.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { diffSpecs } from '../../generator/diff/compare.ts';
import { generatePackage } from '../../generator/generate.ts';
import { loadSpec } from '../../generator/load/index.ts';
import { buildModel } from '../../generator/model/index.ts';
import { removeDir, ROOT, tempDir, writeTree } from '../helpers/cli.ts';
import { typecheck } from '../helpers/typecheck.ts';
import { shareEmitThreads } from '../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const FIXTURES = join(ROOT, 'test', 'fixtures', 'specs', 'schema-rename');
const OLD = join(FIXTURES, 'lists.yaml');
const RENAMED = join(FIXTURES, 'lists-renamed.yaml');

let work = '';
test.before(() => {
  work = tempDir('schema-rename');
});
test.after(() => removeDir(work));

function selections(spec: string): string[] {
  const model = buildModel(loadSpec(spec), { packageName: '@t/lists', clientName: 'ListsClient' });
  return model.selections.map((s) => `${s.param} -> ${s.object}`);
}

test('the selecting parameter stays with the renamed schema', () => {
  assert.equal(selections(OLD), ['list.fields -> List']);
  assert.equal(selections(RENAMED), ['list.fields -> ListRenamed']);
});

test('the renamed spec generates a package that type-checks, and its pages narrow', async () => {
  // generatePackage type-checks what it emits: a name used and not imported throws here.
  const generated = await generatePackage({
    spec: RENAMED,
    out: join(work, 'out'),
    name: '@t/lists',
    client: 'ListsClient',
    templates: {},
  });
  writeTree(join(work, 'out'), generated.files);
  const program = join(work, 'consumer.ts');
  writeFileSync(
    program,
    `import { ListsClient, type ListRenamed } from './out/dist/index.js';
const client = new ListsClient();
export async function read(): Promise<void> {
  for await (const list of client.lists.getUsersOwnedLists({ id: '1', 'list.fields': ['created_at'] })) {
    const created: string = list.created_at; // requested: present
    const name: string = list.name; // a default (required)
    // @ts-expect-error -- neither requested nor a default: absent
    void list.member_count;
    void created, name;
  }
  const page = await client.call('getUsersOwnedLists', { id: '1' });
  const whole: ListRenamed | undefined = page.data?.[0];
  // @ts-expect-error -- the old name is gone
  const old: import('./out/dist/index.js').List | undefined = undefined;
  void whole, old;
}
`,
  );
  assert.equal(typecheck([program]), []);
});

test('the diff says the type and its selection type were renamed, and nothing about list.fields', () => {
  const report = diffSpecs(OLD, RENAMED);
  assert.equal(
    report.changes.map((c) => c.message),
    [
      'type List renamed to ListRenamed: code naming List (import type { List }) no longer compiles',
      'type ListSelection renamed to ListRenamedSelection: code naming ListSelection (import type { ListSelection }) no longer compiles',
    ],
  );
});

test("X's 2.159 spec with List renamed ListRenamed: the renames of the type and its selection type", () => {
  const spec = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'reference', 'x-openapi-2.159.json'), 'utf8'),
  ) as { components: { schemas: Record<string, unknown> } };
  // Renamed in place (the key keeps its position) and at every $ref.
  spec.components.schemas = Object.fromEntries(
    Object.entries(spec.components.schemas).map(([name, schema]) => [
      name === 'List' ? 'ListRenamed' : name,
      schema,
    ]),
  );
  const renamed = join(work, 'x-renamed.json');
  writeFileSync(
    renamed,
    JSON.stringify(spec, null, 2).replaceAll(
      '"#/components/schemas/List"',
      '"#/components/schemas/ListRenamed"',
    ),
  );
  const report = diffSpecs(join(ROOT, 'test', 'fixtures', 'reference', 'x-openapi-2.159.json'), renamed);
  assert.equal(
    report.changes.map((c) => c.message),
    [
      'type List renamed to ListRenamed: code naming List (import type { List }) no longer compiles',
      'type ListSelection renamed to ListRenamedSelection: code naming ListSelection (import type { ListSelection }) no longer compiles',
    ],
  );
});

test.run();
