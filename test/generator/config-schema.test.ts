/**
 * generator/config.schema.json: a valid draft-07 schema (what editors load), ajv and the loader's own
 * check agree on it, it names exactly the keys the loader knows, and the loader refuses what it refuses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { PACKAGE_KEYS, readConfig, TOP_LEVEL_KEYS } from '../../generator/config.ts';
import {
  CONFIG_SCHEMA_FILE,
  configSchema,
  schemaKeys,
  schemaProblem,
} from '../../generator/config-schema.ts';
import { UsageError } from '../../generator/errors.ts';
import { removeDir, tempDir } from '../helpers/cli.ts';

const root = join(import.meta.dirname, '../..');
// CommonJS, so loaded with require to get the class itself (draft-07, the schema's own draft).
const Ajv = createRequire(import.meta.url)('@redocly/ajv') as typeof import('@redocly/ajv').default;
const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile(JSON.parse(readFileSync(CONFIG_SCHEMA_FILE, 'utf8')) as object);

const pkg = { spec: 'a.yaml', out: 'out', name: '@acme/pets' };
const cases: [string, unknown, boolean][] = [
  ['the repository config', parse(readFileSync(join(root, 'xgen.config.yaml'), 'utf8')), true],
  [
    'every key',
    {
      packages: [
        {
          ...pkg,
          client: 'PetsClient',
          strict: true,
          overlays: ['o.yaml'],
          version: '1.2.3-rc.1',
          license: 'MIT OR Apache-2.0',
          templates: { 'runtime/http.ts': 'h.ts.hbs' },
        },
      ],
      templates: { 'runtime/pagination.ts': 'p.ts' },
    },
    true,
  ],
  ['no packages', {}, false],
  ['an empty list', { packages: [] }, false],
  ['an unknown top-level key', { packages: [pkg], extra: 1 }, false],
  ['an unknown package key', { packages: [{ ...pkg, clinet: 'X' }] }, false],
  ['a missing name', { packages: [{ spec: 'a', out: 'b' }] }, false],
  ['an empty spec', { packages: [{ ...pkg, spec: '' }] }, false],
  ['a capital in the name', { packages: [{ ...pkg, name: 'Pets' }] }, false],
  ['a class name with a dash', { packages: [{ ...pkg, client: 'Pet-Client' }] }, false],
  ['strict as a string', { packages: [{ ...pkg, strict: 'yes' }] }, false],
  ['an unquoted version', { packages: [{ ...pkg, version: 1 }] }, false],
  ['a version that is not semver', { packages: [{ ...pkg, version: '1.0' }] }, false],
  ['overlays as one string', { packages: [{ ...pkg, overlays: 'o.yaml' }] }, false],
  ['a template mapped to nothing', { packages: [pkg], templates: { 'runtime/http.ts': '' } }, false],
];

test('the schema compiles under ajv in strict mode', () => {
  assert.type(validate, 'function');
});

for (const [name, value, valid] of cases) {
  test(`ajv and the loader's schema check agree: ${name}`, () => {
    assert.is(validate(value), valid, JSON.stringify(validate.errors));
    assert.is(schemaProblem(value) === undefined, valid, JSON.stringify(schemaProblem(value)));
  });
}

test('the schema names the keys the loader knows', () => {
  assert.equal(schemaKeys(configSchema()).sort(), [...TOP_LEVEL_KEYS].sort());
  assert.equal(schemaKeys(configSchema().definitions!.package!).sort(), [...PACKAGE_KEYS].sort());
});

test('the loader refuses, located, a config only the schema catches', () => {
  const work = tempDir('config-schema');
  try {
    writeFileSync(join(work, 'a.yaml'), 'openapi: 3.1.0\n');
    const file = join(work, 'xgen.config.yaml');
    // npm's own check lets a scope start with "_"; the schema, which editors apply, does not.
    writeFileSync(file, "packages:\n  - spec: a.yaml\n    out: out\n    name: '@_acme/pets'\n");
    try {
      readConfig(file);
      assert.unreachable('readConfig accepted it');
    } catch (error) {
      assert.instance(error, UsageError);
      assert.is(
        (error as Error).message,
        `${file}:4:11: packages[0].name must match ${configSchema().definitions!.package!.properties!.name!.pattern} (generator/config.schema.json)`,
      );
    }
  } finally {
    removeDir(work);
  }
});

test.run();
