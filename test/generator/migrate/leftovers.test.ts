/**
 * What `xgen migrate` lists when it cannot rewrite: every compile error of a file that imports the
 * package, each with the change of the diff on the field the failing expression reads (followed
 * into locals, destructurings and annotations), and the compiler's text where no change explains
 * it. The pair (test/fixtures/migrate/leftovers-*.yaml) drops `Pet.age`, makes `Pet.name` optional,
 * and replaces the result enum value `Pet.state` "adopted" with "in_foster_care".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { ROOT, removeDir, tempDir } from '../../helpers/cli.ts';
import {
  compileProject,
  createProject,
  generateProjects,
  read,
  reportedLocations,
  migrateProject,
} from './consumer-project.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'migrate');

/** The six idioms, each on its own line, and the change each must be listed with. */
const IDIOMS = `import { ApiClient, type Pet } from '@test/api';
import { createCore, getPet } from '@test/api/functions';

declare const client: ApiClient;
const core = createCore();
declare function show(value: unknown): void;

export async function idioms(): Promise<void> {
  const { data: pet } = await client.pets.get({ pet_id: '1' });
  if (!pet) return;
  const st = pet.state;
  if (st === 'adopted') show('a removed enum value through a local');
  const kind: Pet['state'] = pet.state;
  switch (kind) {
    case 'adopted':
      show('a switch on a local typed by hand');
  }
  const was: 'available' | 'adopted' | 'on_hold' | undefined = pet.state;
  show(pet.age);
  const name: string = pet.name;
  const { age } = pet;
  show([was, name, age]);
}

export async function deep(): Promise<void> {
  const res = await getPet(core, { pet_id: '1' });
  const years: number | undefined = res?.data?.age;
  const list = await client.call('listPets', {});
  for (const item of list.data ?? []) {
    const { name: label } = item;
    const upper: string = label.toUpperCase();
    show(upper);
  }
}

export function byHand(pet: Pet): number {
  return pet.age ?? 0;
}

export const mine: number = 'not a number';
`;

/** By the text of the line (its first occurrence): the change it must be listed with. */
const EXPECTED: [string, string][] = [
  [
    "if (st === 'adopted')",
    'result field Pet.state is no longer "adopted": a case or comparison with it no longer compiles',
  ],
  [
    "case 'adopted':",
    'result field Pet.state is no longer "adopted": a case or comparison with it no longer compiles',
  ],
  // The value the annotation lacks is what breaks the assignment, not the one it still lists.
  [
    "const was: 'available'",
    'result field Pet.state may now be "in_foster_care": an exhaustive switch on it no longer compiles without a case for it',
  ],
  ['show(pet.age);', 'result field Pet.age removed'],
  ['const name: string = pet.name;', 'result field Pet.name is now optional (may be missing)'],
  ['const { age } = pet;', 'result field Pet.age removed'],
  ['res?.data?.age', 'result field Pet.age removed'],
  ['label.toUpperCase()', 'result field Pet.name is now optional (may be missing)'],
  ['return pet.age', 'result field Pet.age removed'],
];

const lineOf = (text: string): number => IDIOMS.split('\n').findIndex((line) => line.includes(text)) + 1;

// Several packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

let work = '';
test.before(() => {
  work = tempDir('migrate-leftovers');
});
test.after(() => removeDir(work));

test('every error in a file importing the package is listed, with the change on the field it reads', async () => {
  const dir = join(work, 'app');
  createProject(dir, join(FIXTURES, 'leftovers-old.yaml'), {
    'src/idioms.ts': IDIOMS,
    'src/own.ts': "export const own: number = 'not a number either';\n",
  });
  await generateProjects([{ dir }]);
  const before = compileProject(dir).map((e) => `${e.at} ${e.message}`);
  assert.equal(
    before,
    [
      `src/idioms.ts:${lineOf('export const mine')}:14 Type 'string' is not assignable to type 'number'.`,
      "src/own.ts:1:14 Type 'string' is not assignable to type 'number'.",
    ],
    "compiles against the old package but for the user's own errors",
  );
  await generateProjects([{ dir, spec: join(FIXTURES, 'leftovers-new.yaml') }]);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, run.text);
  const errors = compileProject(dir);
  const reported = reportedLocations(run.out, dir, process.cwd());
  const inIdioms = errors.filter((e) => e.at.startsWith('src/idioms.ts:'));
  assert.equal(
    inIdioms.filter((e) => !reported.has(e.at)).map((e) => `${e.at} ${e.message}`),
    [],
    'nothing silent in a file that imports the package',
  );
  assert.ok(
    !errors.some((e) => e.at.startsWith('src/own.ts') && reported.has(e.at)),
    "a file that does not import the package is the user's own",
  );
  const byLine = new Map<number, string>();
  for (const line of run.out) {
    const match = /idioms\.ts:(\d+):\d+: (.*)$/.exec(line);
    if (match) byLine.set(Number(match[1]), match[2] as string);
  }
  for (const [text, message] of EXPECTED) assert.equal(byLine.get(lineOf(text)), message, text);
  const own = byLine.get(lineOf('export const mine'));
  assert.ok(own?.startsWith('@test/api: no change of the diff explains this; the compiler says: Type'), own);
  assert.ok(own?.includes("is not assignable to type 'number'"), own);
  assert.equal(read(dir, 'src/idioms.ts'), IDIOMS, 'nothing to rewrite: the code is unchanged');
});

/** leftovers-old.yaml -> leftovers-removed.yaml: getPet went. Every use of it, its imports and its result, is explained by that. */
const REMOVED = `import { ApiClient, type GetPetParams } from '@test/api';
import { createCore, getPet } from '@test/api/functions';

declare const client: ApiClient;
const core = createCore();
declare function show(value: unknown): void;

export async function gone(): Promise<void> {
  const params: GetPetParams = { pet_id: '1' };
  const res = await client.call('getPet', params);
  show(res.data?.name);
  const { data } = res;
  show(data?.state);
  const again = await getPet(core, { pet_id: '1' });
  show(again.data?.name);
  const viaGroup = await client.pets.get({ pet_id: '1' });
  show(viaGroup.data?.name);
}
`;

test('uses of a removed operation, its imports and its result, are explained by its removal', async () => {
  const dir = join(work, 'removed');
  createProject(dir, join(FIXTURES, 'leftovers-old.yaml'), { 'src/gone.ts': REMOVED });
  await generateProjects([{ dir }]);
  assert.equal(compileProject(dir), [], 'compiles against the old package');
  await generateProjects([{ dir, spec: join(FIXTURES, 'leftovers-removed.yaml') }]);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, run.text);
  const errors = compileProject(dir);
  const reported = reportedLocations(run.out, dir, process.cwd());
  assert.ok(errors.length >= 4, errors.map((e) => e.at).join('\n'));
  assert.equal(
    errors.filter((e) => !reported.has(e.at)).map((e) => e.at),
    [],
    'every error listed',
  );
  const listings = run.out.filter((line) => /gone\.ts:\d+:\d+: /.test(line));
  assert.equal(
    listings.filter((line) => !/: getPet: operation removed \(was client\.pets\.get\)/.test(line)),
    [],
    run.text,
  );
});

/** required-added-old.yaml -> required-added-new.yaml: enableTfa took no params and now requires a body. A call passing none fails on its arguments: that change explains it. */
const NO_PARAMS = `import { ApiClient } from '@test/api';
import { createCore, enableTfa } from '@test/api/functions';

declare const client: ApiClient;
const core = createCore();

export async function enable(): Promise<void> {
  await client.tfa.enable();
  await client.call('enableTfa');
  await enableTfa(core);
}
`;

test('a call that passed no params, to an operation that now requires some: explained by the new required field', async () => {
  const dir = join(work, 'required-added');
  createProject(dir, join(FIXTURES, 'required-added-old.yaml'), { 'src/enable.ts': NO_PARAMS });
  await generateProjects([{ dir }]);
  assert.equal(compileProject(dir), [], 'compiles against the old package');
  await generateProjects([{ dir, spec: join(FIXTURES, 'required-added-new.yaml') }]);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, run.text);
  const errors = compileProject(dir);
  assert.is(errors.length, 3, errors.map((e) => `${e.at} ${e.message}`).join('\n'));
  const reported = reportedLocations(run.out, dir, process.cwd());
  assert.equal(
    errors.filter((e) => !reported.has(e.at)).map((e) => e.at),
    [],
    'every error listed',
  );
  const listings = run.out.filter((line) => /enable\.ts:\d+:\d+: /.test(line));
  assert.is(listings.length, 3, run.text);
  assert.equal(
    listings.filter((line) => !/: new required body field (otp|secret)\b/.test(line)),
    [],
    run.text,
  );
});

/**
 * leftovers-old.yaml with `pet.fields` selecting Pet's fields (`x-field-selection`), then the same
 * spec where it no longer accepts "name". The call asking for both no longer compiles, and with it
 * the narrowing it gave its result: `age`, asked for, was typed present and now is optional. The
 * read of it is explained by the call's change and points at the call's line.
 */
const SELECTING = `import { ApiClient } from '@test/api';

declare const client: ApiClient;
declare function show(value: unknown): void;

export async function narrowed(): Promise<void> {
  const list = await client.pets.list({ 'pet.fields': ['age', 'name'] });
  const first = list.data?.[0];
  if (!first) return;
  const years: number = first.age;
  show(years);
}
`;

test("a read that no longer narrows because its call's params broke points at that call", async () => {
  const dir = join(work, 'narrowing');
  const values = '            - age\n            - name\n';
  const base = readFileSync(join(FIXTURES, 'leftovers-old.yaml'), 'utf8');
  assert.ok(base.includes(values));
  const selecting = base.replace(
    values,
    `${values}        x-field-selection:\n          object: Pet\n          defaults:\n          - id\n`,
  );
  const narrower = selecting
    .replace(values, '            - age\n')
    .replace('version: 1.0.0', 'version: 2.0.0');
  writeFileSync(join(work, 'selecting-old.yaml'), selecting);
  writeFileSync(join(work, 'selecting-new.yaml'), narrower);
  createProject(dir, join(work, 'selecting-old.yaml'), { 'src/narrowed.ts': SELECTING });
  await generateProjects([{ dir }]);
  assert.equal(compileProject(dir), [], 'compiles against the old package: age was asked for');
  await generateProjects([{ dir, spec: join(work, 'selecting-new.yaml') }]);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, run.text);
  const line = (text: string) => SELECTING.split('\n').findIndex((l) => l.includes(text)) + 1;
  const call = line("'pet.fields'");
  const listings = run.out.filter((l) => /narrowed\.ts:\d+:\d+: /.test(l));
  assert.equal(listings.length, 2, run.text);
  assert.match(
    listings[0] as string,
    new RegExp(`narrowed\\.ts:${call}:\\d+: pet\\.fields\\[\\] no longer accepts "name"$`),
  );
  assert.match(
    listings[1] as string,
    new RegExp(
      `narrowed\\.ts:${line('const years')}:\\d+: pet\\.fields\\[\\] no longer accepts "name" \\(at line ${call}:\\d+: the call this value comes from no longer compiles`,
    ),
  );
});

/** required-added-new.yaml with `otp` optional, then as it is: a call that gives the secret only now lacks a required field. */
const OTP_OPTIONAL = `import { ApiClient } from '@test/api';
import { createCore, enableTfa } from '@test/api/functions';

declare const client: ApiClient;
const core = createCore();

export async function enable(): Promise<void> {
  await client.tfa.enable({ secret: 's' });
  await client.call('enableTfa', { secret: 's' });
  await enableTfa(core, { secret: 's' });
}
`;

test('a call that lacks a params key the operation now requires: explained by that key becoming required', async () => {
  const dir = join(work, 'now-required');
  const spec = readFileSync(join(FIXTURES, 'required-added-new.yaml'), 'utf8');
  const both = '              required:\n              - secret\n              - otp\n';
  assert.ok(spec.includes(both));
  writeFileSync(
    join(work, 'otp-optional.yaml'),
    spec
      .replace(both, '              required:\n              - secret\n')
      .replace('version: 2.0.0', 'version: 1.0.0'),
  );
  createProject(dir, join(work, 'otp-optional.yaml'), { 'src/enable.ts': OTP_OPTIONAL });
  await generateProjects([{ dir }]);
  assert.equal(compileProject(dir), [], 'compiles against the old package');
  await generateProjects([{ dir, spec: join(FIXTURES, 'required-added-new.yaml') }]);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, run.text);
  const listings = run.out.filter((line) => /enable\.ts:\d+:\d+: /.test(line));
  assert.is(listings.length, 3, run.text);
  assert.equal(
    listings.filter((line) => !/enable\.ts:\d+:\d+: body field otp is now required$/.test(line)),
    [],
    run.text,
  );
});

test.run();
