/** xgen.config.yaml: every mistake is one located line (file:line:column), and the known keys reach PackageConfig. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { readConfig } from '../../generator/config.ts';
import { UsageError } from '../../generator/errors.ts';
import { removeDir, ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { shareEmitThreads } from '../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

let work = '';
test.before(() => {
  work = tempDir('config');
  mkdirSync(join(work, 'overlays'));
});
test.after(() => removeDir(work));

let n = 0;
function configFile(text: string): string {
  const file = join(work, `xgen-${++n}.config.yaml`);
  writeFileSync(file, text);
  return file;
}

/** The message of the UsageError readConfig throws, with the file path shortened to `CONFIG`. */
function problem(text: string): string {
  const file = configFile(text);
  try {
    readConfig(file);
  } catch (error) {
    assert.instance(error, UsageError);
    return (error as Error).message.replace(file, 'CONFIG');
  }
  throw new Error('no error');
}

const ENTRY = "packages:\n  - spec: api.yaml\n    out: out\n    name: '@acme/api'\n";

test('spec: xgen:core-v2 is the spec xgen ships, its client CoreClient unless the entry names one', () => {
  const [core, ads] = readConfig(
    configFile(
      "packages:\n  - spec: xgen:core-v2\n    out: x\n    name: '@acme/x'\n  - spec: xgen:ads-v12\n    out: ads\n    name: '@acme/ads'\n    client: Ads\n",
    ),
    { specsMustExist: true },
  );
  assert.equal([core?.spec, core?.client], [join(ROOT, 'spec', 'core-v2.yaml'), 'CoreClient']);
  assert.equal([ads?.spec, ads?.client], [join(ROOT, 'spec', 'ads-v12.yaml'), 'Ads']);
  assert.is(
    problem("packages:\n  - spec: xgen:core-v3\n    out: x\n    name: '@acme/x'\n"),
    'CONFIG:2:11: packages[0].spec: xgen ships xgen:core-v2, xgen:ads-v12',
  );
});

test('--spec xgen:<name>: a name xgen does not ship is a usage error listing those it does', async () => {
  const run = await runCli([
    'generate',
    '--spec',
    'xgen:core',
    '--out',
    join(work, 'x'),
    '--name',
    '@acme/x',
  ]);
  assert.is(run.code, 2);
  assert.equal(run.err, ['xgen: --spec xgen:core: xgen ships xgen:core-v2, xgen:ads-v12']);
});

test('an unknown package key, located, with a did-you-mean', () => {
  assert.is(
    problem(`${ENTRY}    clinet: AcmeClient\n`),
    'CONFIG:5:5: unknown key "clinet" in packages[0] (did you mean "client"?)',
  );
  assert.is(
    problem(`${ENTRY}    overlay: [a.yaml]\n`),
    'CONFIG:5:5: unknown key "overlay" in packages[0] (did you mean "overlays"?)',
  );
  assert.is(
    problem(`${ENTRY}    colour: blue\n`),
    'CONFIG:5:5: unknown key "colour" in packages[0]; known keys: spec, out, name, client, templates, strict, overlays, version, license, names, testing',
  );
});

test('an unknown top-level key', () => {
  assert.is(
    problem(`${ENTRY}template:\n  runtime/http.ts: x.hbs\n`),
    'CONFIG:5:1: unknown key "template" (did you mean "templates"?)',
  );
});

test('invalid YAML: the whole located reason on one line', () => {
  const message = problem('packages:\n  - spec: a.yaml\nout: [\n');
  assert.match(message, /^CONFIG:\d+:\d+: invalid YAML: \S/);
  assert.not.match(message, '\n');
  assert.not.match(message, /at line \d+, column \d+:$/, 'not cut off after the location');
  assert.match(
    problem('packages:\n  - spec: a\n    spec: b\n'),
    /^CONFIG:3:5: invalid YAML: Map keys must be unique/,
  );
});

test('package name rules', () => {
  assert.is(
    problem('packages:\n  - spec: api.yaml\n    out: out\n    name: Not A Valid Name!\n'),
    'CONFIG:4:11: "Not A Valid Name!" is not a valid npm package name: it has capital letters (npm names are lowercase)',
  );
  assert.is(
    problem("packages:\n  - spec: api.yaml\n    out: out\n    name: '@acme/my api'\n"),
    'CONFIG:4:11: "@acme/my api" is not a valid npm package name: it has characters that are not URL-safe (such as spaces)',
  );
});

test('client class name rules', () => {
  assert.is(
    problem(`${ENTRY}    client: my-client\n`),
    'CONFIG:5:13: packages[0].client must be a class name (letters, digits, _ and $, not starting with a digit), got "my-client"',
  );
  assert.is(
    problem(`${ENTRY}    client: 3Client\n`),
    'CONFIG:5:13: packages[0].client must be a class name (letters, digits, _ and $, not starting with a digit), got "3Client"',
  );
  assert.is(problem(`${ENTRY}    client: 12\n`), 'CONFIG:5:13: packages[0].client must be a string');
});

test('required keys and types of the other keys', () => {
  assert.is(
    problem('packages:\n  - spec: api.yaml\n    name: p\n'),
    'CONFIG:2:5: packages[0].out must be a non-empty string',
  );
  assert.is(
    problem(`${ENTRY}    strict: yes please\n`),
    'CONFIG:5:13: packages[0].strict must be true or false',
  );
  assert.is(
    problem(`${ENTRY}    overlays: a.yaml\n`),
    'CONFIG:5:15: packages[0].overlays must be a list of file paths',
  );
  assert.is(
    problem(`${ENTRY}    overlays: [a.yaml, 3]\n`),
    'CONFIG:5:24: packages[0].overlays[1] must be a file path',
  );
  assert.is(
    problem(`${ENTRY}    version: 1.0\n`),
    "CONFIG:5:14: packages[0].version must be a semver version such as '1.0.0' (quoted), got 1",
  );
  assert.is(
    problem(`${ENTRY}    version: '1.0'\n`),
    'CONFIG:5:14: packages[0].version must be a semver version such as \'1.0.0\' (quoted), got "1.0"',
  );
  assert.is(
    problem(`${ENTRY}    license: [MIT]\n`),
    'CONFIG:5:14: packages[0].license must be an SPDX license identifier or expression such as MIT',
  );
  assert.is(problem('packages: []\n'), 'CONFIG:1:11: expected a "packages" list with at least one package');
  assert.is(
    problem('packages:\n  - just-a-string\n'),
    'CONFIG:2:5: packages[0] must be a mapping (spec, out, name, ...)',
  );
});

test('every known key reaches PackageConfig, paths resolved against the config', () => {
  const file = configFile(
    `${ENTRY}    client: AcmeClient\n    strict: true\n    overlays: [overlays/a.yaml, overlays/b.yaml]\n    version: '2.1.0-beta.1'\n    license: Apache-2.0\n`,
  );
  const [config] = readConfig(file);
  assert.equal(config, {
    spec: join(work, 'api.yaml'),
    out: join(work, 'out'),
    name: '@acme/api',
    client: 'AcmeClient',
    templates: {},
    strict: true,
    overlays: [join(work, 'overlays', 'a.yaml'), join(work, 'overlays', 'b.yaml')],
    version: '2.1.0-beta.1',
    license: 'Apache-2.0',
  });
  const [plain] = readConfig(configFile(ENTRY));
  assert.equal(plain, {
    spec: join(work, 'api.yaml'),
    out: join(work, 'out'),
    name: '@acme/api',
    client: 'ApiClient',
    templates: {},
  });
});

test('through the command line: one line, exit 2, no usage block', async () => {
  const file = configFile(`${ENTRY}    clinet: AcmeClient\n`);
  const run = await runCli(['generate', '--config', file]);
  assert.is(run.code, 2);
  assert.equal(run.err, [`xgen: ${file}:5:5: unknown key "clinet" in packages[0] (did you mean "client"?)`]);
  assert.equal(run.out, []);
});

test('the yaml library loads with the first config read, not with the module (a --spec run reads none)', () => {
  const file = configFile('packages:\n  - spec: spec.yaml\n    out: out\n    name: "@acme/pets"\n');
  const script = `
import { createRequire } from 'node:module';
import { defaultClientName, packageNameProblem, readConfig } from './generator/config.ts';
const cache = createRequire(${JSON.stringify(join(ROOT, 'x.js'))}).cache;
const yamlLoaded = () => Object.keys(cache).some((f) => /node_modules[\\\\/]yaml[\\\\/]/.test(f));
const before = [yamlLoaded(), packageNameProblem('@acme/pets'), defaultClientName('@acme/pets'), yamlLoaded()];
const [pkg] = readConfig(${JSON.stringify(file)});
console.log(JSON.stringify({ before, name: pkg.name, after: yamlLoaded() }));
`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout), {
    before: [false, null, 'PetsClient', false],
    name: '@acme/pets',
    after: true,
  });
});

test.run();
