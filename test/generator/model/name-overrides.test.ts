/**
 * The config's `names:` (generator/model/name-overrides.ts): operationId -> `group.method` over the
 * tags and the naming rule; checked against the spec with errors located in the config; and, since
 * the API snapshot records the final names, a names change is a method rename that the release
 * takes as a major version and `xgen migrate` applies to the consumer's code.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { readConfig } from '../../../generator/config.ts';
import { generateAll } from '../../../generator/generate.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { runMigrate } from '../../../generator/migrate/command.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, runCli, tempDir } from '../../helpers/cli.ts';
import { compileProject, createProject, generateProjects, read } from '../migrate/consumer-project.ts';
import { REPORT_TEXT } from '../../../generator/cli/report.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const SPEC = join(ROOT, 'test', 'fixtures', 'migrate', 'base.yaml');

function methods(names?: Record<string, string>, namesAt?: Record<string, string>): Record<string, string> {
  const model = buildModel(loadSpec(SPEC), {
    packageName: '@t/api',
    clientName: 'ApiClient',
    names,
    namesAt,
  });
  return Object.fromEntries(model.operations.map((o) => [o.id, `${o.group}.${o.methodName}`]));
}

test('without names: the tag groups and the naming rule', () => {
  assert.equal(methods(), {
    listPets: 'pets.list',
    createPet: 'pets.create',
    getPet: 'pets.get',
    deletePet: 'pets.delete',
  });
});

test('names: into a group of its own or a tag group, the rule giving way to a name it takes', () => {
  assert.equal(methods({ getPet: 'animals.fetch', deletePet: 'pets.list', listPets: 'pets.listPets' }), {
    listPets: 'pets.listPets',
    createPet: 'pets.create',
    getPet: 'animals.fetch',
    deletePet: 'pets.list',
  });
  const model = buildModel(loadSpec(SPEC), {
    packageName: '@t/api',
    clientName: 'ApiClient',
    names: { getPet: 'animals.fetch' },
  });
  assert.equal(
    model.groups.map((g) => [g.property, g.className, g.operationIds]),
    [
      ['pets', 'PetsResource', ['listPets', 'createPet', 'deletePet']],
      ['animals', 'AnimalsResource', ['getPet']],
    ],
  );
});

test('names: a mistake is a usage error located at its entry in the config', () => {
  const at = {
    getPets: 'xgen.config.yaml:7:7',
    getPet: 'xgen.config.yaml:8:7',
    listPets: 'xgen.config.yaml:9:7',
  };
  assert.throws(
    () => methods({ getPets: 'pets.get' }, at),
    (e: Error) =>
      e.name === 'UsageError' &&
      e.message === 'xgen.config.yaml:7:7: names: no operation has the id "getPets"',
  );
  assert.throws(
    () => methods({ getPet: 'pets.one', listPets: 'pets.one' }, at),
    (e: Error) => e.message === 'xgen.config.yaml:9:7: names: "listPets" and "getPet" both map to pets.one',
  );
  assert.throws(
    () => methods({ getPet: 'call.get' }, at),
    /the client's own member "call" cannot be a group/,
  );
  assert.throws(() => methods({ getPet: 'pets.core' }, at), /"core" cannot be a method name/);
});

test('the config reads names: and locates a bad value', () => {
  const work = tempDir('names-config');
  try {
    const file = join(work, 'xgen.config.yaml');
    writeFileSync(
      file,
      `packages:\n  - spec: spec.yaml\n    out: out\n    name: '@t/api'\n    names:\n      getPet: animals.fetch\n`,
    );
    const [config] = readConfig(file);
    assert.equal(config?.names, { getPet: 'animals.fetch' });
    assert.equal(config?.namesAt, { getPet: `${file}:6:7` });
    writeFileSync(
      file,
      `packages:\n  - spec: spec.yaml\n    out: out\n    name: '@t/api'\n    names:\n      getPet: fetch\n`,
    );
    assert.throws(
      () => readConfig(file),
      (e: Error) =>
        e.message ===
        `${file}:6:15: packages[0].names.getPet must be group.method (two identifiers joined by a dot), got "fetch"`,
    );
    writeFileSync(
      file,
      `packages:\n  - spec: spec.yaml\n    out: out\n    name: '@t/api'\n    names: [getPet]\n`,
    );
    assert.throws(
      () => readConfig(file),
      /:5:12: packages\[0\]\.names must be a mapping of operationId to group\.method/,
    );
  } finally {
    removeDir(work);
  }
});

test('xgen diff --config: the methods named as the package names them', async () => {
  const work = tempDir('names-diff');
  try {
    // The new spec moves getPet under the Animals tag, where the rule names it animals.getPet.
    const renamed = join(ROOT, 'test', 'fixtures', 'migrate', 'group-renamed.yaml');
    const plain = await runCli(['diff', SPEC, renamed, '--json']);
    assert.equal(
      JSON.parse(plain.out.join('\n')).changes.map((c: { message: string }) => c.message),
      ['getPet: client.pets.get renamed to client.animals.getPet'],
    );
    const config = join(work, 'xgen.config.yaml');
    writeFileSync(
      config,
      `packages:\n  - spec: spec.yaml\n    out: a\n    name: '@t/a'\n    names:\n      getPet: pets.get\n  - spec: spec.yaml\n    out: b\n    name: '@t/b'\n`,
    );
    const named = await runCli(['diff', SPEC, renamed, '--json', '--config', config, '--package', '@t/a']);
    assert.is(named.code, 0, named.text);
    assert.equal(JSON.parse(named.out.join('\n')), { bump: 'none', changes: [] });
    const several = await runCli(['diff', SPEC, renamed, '--config', config]);
    assert.is(several.code, 2);
    assert.match(several.text, 'lists several packages: name one with --package (@t/a, @t/b)');
  } finally {
    removeDir(work);
  }
});

const CONSUMER = `import { ApiClient } from '@test/api';
const client = new ApiClient();

export async function petName(): Promise<string> {
  const { data } = await client.pets.get({ pet_id: '1' });
  return data?.name ?? '';
}
`;

test('a names change is a method rename: a major version, and migrate rewrites the call', async () => {
  const work = tempDir('names-migrate');
  try {
    const app = join(work, 'app');
    createProject(app, SPEC, { 'src/consumer.ts': CONSUMER });
    await generateProjects([{ dir: app }]);
    assert.equal(compileProject(app), []);
    const config = join(app, 'xgen.config.yaml');
    writeFileSync(config, `${read(app, 'xgen.config.yaml')}    names:\n      getPet: animals.fetch\n`);
    const lines: string[] = [];
    await generateAll(readConfig(config), {
      check: false,
      log: (line) => lines.push(line),
      warn: () => {},
      text: REPORT_TEXT,
    });
    assert.ok(
      lines.some((line) => line.includes('version 1.0.0 -> 2.0.0 (major)')),
      lines.join('\n'),
    );
    assert.match(
      read(app, 'generated/api/CHANGELOG.md'),
      /pets\.get.*animals\.fetch|animals\.fetch.*pets\.get/,
    );
    const out: string[] = [];
    const code = await runMigrate(
      { dryRun: false, project: join(app, 'tsconfig.json'), config, configured: readConfig(config) },
      (l) => out.push(l),
      (l) => out.push(l),
    );
    assert.is(code, 0, out.join('\n'));
    assert.match(read(app, 'src/consumer.ts'), "await client.animals.fetch({ pet_id: '1' })");
    assert.equal(compileProject(app), []);
  } finally {
    removeDir(work);
  }
});

test.run();
