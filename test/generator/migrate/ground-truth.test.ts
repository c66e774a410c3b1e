/**
 * Ground truth for `xgen migrate`, by compiling: a consumer written against the OLD package of a
 * spec pair compiles against it; regenerated from the new spec it no longer does; after
 * `xgen migrate` it is type-checked against the new package with tsc, and every error left must be
 * a use migrate listed as not migratable. On one synthetic pair per rename kind, where nothing is
 * left: every rename is applied.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { ROOT, removeDir, tempDir } from '../../helpers/cli.ts';
import {
  compileProjects,
  copyProject,
  createProject,
  generateProjects,
  read,
  reportedLocations,
  migrateProject,
} from './consumer-project.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'migrate');

const HEADER = `import { ApiClient } from '@test/api';
declare const client: ApiClient;
`;

/** Per rename kind: the new spec, the consumer written against the old package, and what it must read after. */
const CASES: { name: string; spec: string; code: string; after: string[] }[] = [
  {
    name: 'group and method renamed',
    spec: 'group-renamed.yaml',
    code: `${HEADER}
export async function petName(): Promise<string> {
  const { data } = await client.pets.get({ pet_id: '1' });
  return data?.name ?? '';
}
`,
    after: ["await client.animals.getPet({ pet_id: '1' })"],
  },
  {
    name: 'operationId renamed, given to client.call',
    spec: 'operation-id-renamed.yaml',
    code: `import { ApiClient, type ListPetsParams } from '@test/api';
declare const client: ApiClient;

const params: ListPetsParams = { max_results: 10 };

export async function pets(): Promise<unknown[]> {
  const first = await client.call('listPets', { max_results: 5, status: 'available' });
  const second = await client.call("listPets");
  const third = await client.pets.list(params);
  return [first, second, third];
}
`,
    after: [
      "client.call('listAllPets', { max_results: 5",
      'client.call("listAllPets")',
      'client.pets.listAll(params)',
      'const params: ListAllPetsParams',
      'type ListAllPetsParams }',
    ],
  },
  {
    name: '/functions export renamed',
    spec: 'operation-id-renamed.yaml',
    code: `import { createCore, listPets } from '@test/api/functions';
import * as api from '@test/api/functions';

const core = createCore();

export async function pets(): Promise<unknown[]> {
  return [await listPets(core, { max_results: 5 }), await api.listPets(core)];
}
`,
    after: [
      'import { createCore, listAllPets }',
      'await listAllPets(core, { max_results: 5 })',
      'await api.listAllPets(core)',
    ],
  },
  {
    name: 'parameter renamed',
    spec: 'param-renamed.yaml',
    code: `import { ApiClient, type ListPetsParams } from '@test/api';
declare const client: ApiClient;

export const saved: ListPetsParams = { 'pet.fields': ['name'] };
const loose = { "pet.fields": ['age'] } as const;

export async function ages(): Promise<unknown[]> {
  return [await client.pets.list({ 'pet.fields': ['age'], max_results: 10 }), await client.pets.list(loose)];
}
`,
    after: [
      "client.pets.list({ 'animal.fields': ['age'], max_results: 10 })",
      "saved: ListPetsParams = { 'animal.fields': ['name'] }",
      `const loose = { "animal.fields": ['age'] } as const;`,
    ],
  },
  {
    name: 'body field renamed',
    spec: 'body-field-renamed.yaml',
    code: `${HEADER}
export async function add(): Promise<unknown[]> {
  const kind = 'cat' as const;
  const rex = await client.pets.create({ name: 'Rex', kind: 'dog' });
  const tom = await client.pets.create({ name: 'Tom', kind });
  return [rex, tom];
}
`,
    after: ["{ name: 'Rex', species: 'dog' }", "{ name: 'Tom', species: kind }"],
  },
  {
    name: 'exported type renamed',
    spec: 'type-renamed.yaml',
    code: `import type { Pet, PetList } from '@test/api';
import type * as api from '@test/api';

export function names(list: PetList): string[] {
  return (list.data ?? []).map((pet: Pet) => pet.name);
}

export let last: api.Pet | undefined;
export const pick = (pets: Pet[]): Pet | undefined => pets[0];
export type First = import('@test/api').Pet;
`,
    after: [
      'import type { Animal, PetList }',
      '(pet: Animal) => pet.name',
      'export let last: api.Animal | undefined;',
      '(pets: Animal[]): Animal | undefined',
      "export type First = import('@test/api').Animal;",
    ],
  },
];

// Several packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

let work = '';
test.before(() => {
  work = tempDir('migrate-ground-truth');
});
test.after(() => removeDir(work));

test('synthetic pairs: after migrate, the consumer of the old package compiles against the new one', async () => {
  // The old package is generated once and copied into each case's project.
  const base = join(work, 'base');
  createProject(base, join(FIXTURES, 'base.yaml'), {});
  await generateProjects([{ dir: base }]);
  const dirs = CASES.map((_c, i) => {
    const dir = join(work, `case-${i}`);
    copyProject(base, dir);
    return dir;
  });
  const problems: string[] = [];
  for (const [i, c] of CASES.entries()) {
    const dir = dirs[i] as string;
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'consumer.ts'), c.code);
  }
  const control = compileProjects(dirs);
  for (const [i, c] of CASES.entries()) {
    const errors = control.get(dirs[i] as string) ?? [];
    if (errors.length > 0)
      problems.push(`${c.name}: does not compile against the old package: ${JSON.stringify(errors)}`);
  }
  const log = await generateProjects(
    CASES.map((c, i) => ({ dir: dirs[i] as string, spec: join(FIXTURES, c.spec) })),
  );
  assert.ok(
    log.some((line) => line.includes('xgen migrate')),
    `generate says how to run migrate after a major version: ${log.join('\n')}`,
  );
  const unmigrated = compileProjects(dirs);
  const reports = new Map<string, Set<string>>();
  for (const [i, c] of CASES.entries()) {
    const dir = dirs[i] as string;
    if ((unmigrated.get(dir) ?? []).length === 0)
      problems.push(`${c.name}: the consumer still compiles against the new package before migrating`);
    const run = await migrateProject(dir);
    reports.set(dir, reportedLocations(run.out, dir, process.cwd()));
    if (run.code !== 0) problems.push(`${c.name}: exit ${run.code}: ${run.text}`);
  }
  const migrated = compileProjects(dirs);
  for (const [i, c] of CASES.entries()) {
    const dir = dirs[i] as string;
    const reported = reports.get(dir) ?? new Set<string>();
    for (const e of migrated.get(dir) ?? [])
      problems.push(
        `${c.name}: ${e.at} ${e.message}${reported.has(e.at) ? ' (reported, but a rename must be migrated)' : ' (not reported)'}`,
      );
  }
  for (const [i, c] of CASES.entries()) {
    const text = read(dirs[i] as string, 'src/consumer.ts');
    for (const expected of c.after)
      if (!text.includes(expected))
        problems.push(`${c.name}: expected ${JSON.stringify(expected)} in:\n${text}`);
  }
  assert.equal(problems, []);
});

/** The guide's round (test/fixtures/migrate/round.yaml): renames of several kinds at once, and an operation removed. */
const ROUND = readFileSync(join(FIXTURES, 'round-consumer.ts'), 'utf8')
  .replace(/^\/\/.*\n/gm, '')
  .replace("from '@shelter/api'", "from '@test/api'")
  .replaceAll('ShelterClient', 'ApiClient');

test('several renames at once, and a removed operation listed where it is used', async () => {
  const dir = join(work, 'round');
  createProject(dir, join(FIXTURES, 'base.yaml'), { 'src/shelter.ts': ROUND });
  await generateProjects([{ dir }]);
  assert.equal(compileProjects([dir]).get(dir), [], 'compiles against the old package');
  await generateProjects([{ dir, spec: join(FIXTURES, 'round.yaml') }]);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, run.text);
  const listed = run.out.filter((line) => /^\S+:\d+:\d+: /.test(line));
  assert.equal(listed.length, 2, run.text);
  // `age` -> `age_years` is a word added to one value, nowhere else: no evidence of a rename, so listed, not rewritten.
  assert.ok(listed[0]?.endsWith('src/shelter.ts:7:59: animal.fields[] no longer accepts "age"'), run.text);
  assert.ok(
    listed[1]?.endsWith(
      'src/shelter.ts:17:21: deletePet: operation removed (was client.pets.delete); no longer exported with it: DeletePetParams (code naming them no longer compiles)',
    ),
    run.text,
  );
  assert.ok(
    run.err.includes('5 uses migrated in 1 file; 2 uses left to migrate by hand (listed above)'),
    run.text,
  );
  const errors = compileProjects([dir]).get(dir) ?? [];
  assert.equal(
    errors.map((e) => e.at),
    ['src/shelter.ts:7:59', 'src/shelter.ts:17:21'],
  );
  assert.ok(
    read(dir, 'src/shelter.ts').includes(
      "client.pets.list({ 'animal.fields': ['age', 'name'], max_results: 10 })",
    ),
  );
});

test.run();
