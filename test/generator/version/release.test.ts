/**
 * Regeneration in a repo of its own: the first generation takes `version:` from the config, a new
 * spec moves the version by semver and prepends the changelog, regenerating an unchanged spec
 * changes no byte, and `--check` (with or without the result cache) computes what a run would write.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { holdEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { type ApiSnapshot, renderSnapshot } from '../../../generator/diff/snapshot.ts';
import { hashTree, removeDir, ROOT, runCli, tempDir } from '../../helpers/cli.ts';

// Many packages generated here: one set of emit threads serves them all.
holdEmitThreads(test);

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff');
let repo = '';
let out = '';
const config = () => join(repo, 'xgen.config.yaml');
const useSpec = (name: string) =>
  copyFileSync(join(FIXTURES, `${name}.yaml`), join(repo, 'spec', 'shelter.yaml'));
const generate = (...more: string[]) => runCli(['generate', '--config', config(), '--no-cache', ...more]);
const manifest = () =>
  JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as {
    version: string;
    'x-spec-version': string;
  };
const changelog = () => readFileSync(join(out, 'CHANGELOG.md'), 'utf8');

test.before(() => {
  repo = tempDir('release');
  out = join(repo, 'generated', 'shelter');
  mkdirSync(join(repo, 'spec'));
  writeFileSync(
    config(),
    "packages:\n  - spec: spec/shelter.yaml\n    out: generated/shelter\n    name: '@acme/shelter'\n    version: 0.4.0\n",
  );
});
test.after(() => removeDir(repo));

test('a first generation takes version: from the config and starts the changelog', async () => {
  useSpec('base');
  const run = await generate();
  assert.is(run.code, 0, run.text);
  assert.is(manifest().version, '0.4.0');
  assert.is(manifest()['x-spec-version'], '1.0.0');
  assert.match(changelog(), /## 0\.4\.0\n\nSpec version 1\.0\.0\. First version\.\n/);
  assert.ok(
    JSON.parse(readFileSync(join(out, 'api-snapshot.json'), 'utf8')).operations.deletePet,
    'the snapshot is kept in the package',
  );
});

test('an unchanged spec changes no byte, and --check passes', async () => {
  const before = hashTree(out);
  const run = await generate();
  assert.is(run.code, 0, run.text);
  assert.equal([...hashTree(out)], [...before]);
  assert.is((await generate('--check')).code, 0);
});

test('a removed operation: --check fails, then the major version moves and the changelog names it', async () => {
  useSpec('op-removed');
  const check = await generate('--check');
  assert.is(check.code, 1, 'stale');
  assert.ok(
    check.err.some((l) => /changed\s+package\.json/.test(l)),
    check.text,
  );
  assert.ok(
    check.err.some((l) => /changed\s+CHANGELOG\.md/.test(l)),
    check.text,
  );
  const run = await generate();
  assert.is(run.code, 0, run.text);
  assert.match(run.out.join('\n'), /version 0\.4\.0 -> 1\.0\.0 \(major\)/);
  // A removal is nothing `xgen migrate` can rewrite: the last line points at the changelog instead.
  assert.is(
    run.out.at(-1),
    'A major version: its CHANGELOG.md entry says what to change in code that uses the package (no rename for `xgen migrate` to apply).',
  );
  assert.is(manifest().version, '1.0.0');
  const log = changelog();
  assert.match(
    log,
    /^# Changelog\n[\s\S]*## 1\.0\.0\n\nSpec version 1\.0\.0\.\n\n### Breaking changes\n\n- deletePet: operation removed \(was client\.pets\.delete\); no longer exported with it: DeletePetParams \(code naming them no longer compiles\)\n\n## 0\.4\.0\n/,
  );
  const again = hashTree(out);
  assert.is((await generate()).code, 0);
  assert.equal([...hashTree(out)], [...again], 'regenerating changes nothing');
});

test('features move the minor version; through the result cache the version step gives the same', async () => {
  useSpec('op-added');
  const cacheDir = join(repo, 'cache');
  const cached = (...more: string[]) =>
    runCli(['generate', '--config', config(), '--cache-dir', cacheDir, ...more]);
  // op-added is base plus an operation: against op-removed it adds two (deletePet and updatePet).
  assert.is((await cached()).code, 0);
  assert.is(manifest().version, '1.1.0');
  assert.match(
    changelog(),
    /## 1\.1\.0\n\nSpec version 1\.0\.0\.\n\n### Features\n\n- updatePet: operation added as client\.pets\.update\n- deletePet: operation added as client\.pets\.delete\n\n## 1\.0\.0/,
  );
  // The same spec again, through the cache: the entry holds the spec's output, the version step runs after it.
  const before = hashTree(out);
  const hit = await cached();
  assert.match(hit.out.join('\n'), /inputs unchanged since a cached run/);
  assert.equal([...hashTree(out)], [...before]);
  useSpec('base');
  assert.is((await cached('--check')).code, 1, 'stale: the spec dropped updatePet');
  useSpec('op-added');
  assert.is((await cached('--check')).code, 0);
});

test('without version: in the config, a first generation is 1.0.0; a package from before snapshots is the baseline', async () => {
  const other = join(repo, 'generated', 'default');
  writeFileSync(
    join(repo, 'default.yaml'),
    "packages:\n  - spec: spec/shelter.yaml\n    out: generated/default\n    name: '@acme/default'\n",
  );
  const run = await runCli(['generate', '--config', join(repo, 'default.yaml'), '--no-cache']);
  assert.is(run.code, 0, run.text);
  assert.is(JSON.parse(readFileSync(join(other, 'package.json'), 'utf8')).version, '1.0.0');
});

test('a version: that is not semver is a usage error, and nothing is written', async () => {
  writeFileSync(
    join(repo, 'bad.yaml'),
    "packages:\n  - spec: spec/shelter.yaml\n    out: generated/bad\n    name: '@acme/bad'\n    version: '1.0'\n",
  );
  const run = await runCli(['generate', '--config', join(repo, 'bad.yaml'), '--no-cache']);
  assert.is(run.code, 2, run.text);
  assert.match(run.text, /version must be a semver version such as '1\.0\.0' \(quoted\), got "1\.0"/);
  assert.not.ok(existsSync(join(repo, 'generated', 'bad')));
});

/** A snapshot as xgen wrote it before format 2: no open enums marked, no narrowing. */
function asFormat1(text: string): string {
  const snapshot = JSON.parse(text, (key, value: unknown) =>
    key === 'open' || key === 'narrowing' ? undefined : value,
  ) as ApiSnapshot;
  return renderSnapshot({ ...snapshot, format: 1 });
}

test('a snapshot of the older format moves no version: the facts it lacks compare as unchanged, the rest as before', async () => {
  const pkg = join(repo, 'generated', 'upgrade');
  const snapshotFile = join(pkg, 'api-snapshot.json');
  const upgradeConfig = join(repo, 'upgrade.yaml');
  writeFileSync(
    upgradeConfig,
    "packages:\n  - spec: spec/upgrade.yaml\n    out: generated/upgrade\n    name: '@acme/upgrade'\n",
  );
  const run = (spec: string) => {
    copyFileSync(join(FIXTURES, `${spec}.yaml`), join(repo, 'spec', 'upgrade.yaml'));
    return runCli(['generate', '--config', upgradeConfig, '--no-cache']);
  };
  const version = () =>
    (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  assert.is((await run('extended-base')).code, 0);
  const current = readFileSync(snapshotFile, 'utf8');
  assert.match(current, /"open":true/, 'the spec has open enums');
  assert.match(current, /"narrowing":/, 'and a narrowed result');
  const log = readFileSync(join(pkg, 'CHANGELOG.md'), 'utf8');
  writeFileSync(snapshotFile, asFormat1(current));
  const same = await run('extended-base');
  assert.is(same.code, 0, same.text);
  assert.is(version(), '1.0.0');
  assert.is(readFileSync(join(pkg, 'CHANGELOG.md'), 'utf8'), log, 'no changelog entry');
  assert.is(readFileSync(snapshotFile, 'utf8'), current, 'the snapshot is rewritten in the current format');
  // A change the older format does record still moves the version.
  writeFileSync(snapshotFile, asFormat1(current));
  assert.is((await run('response-closed-enum-value-added')).code, 0);
  assert.is(version(), '2.0.0');
  assert.match(
    readFileSync(join(pkg, 'CHANGELOG.md'), 'utf8'),
    /## 2\.0\.0\n\nSpec version 1\.0\.0\.\n\n### Breaking changes\n\n- result field Pet\.size may now be "medium": .* \(3 operations: createPet, getPet, listPets\)\n/,
  );
});

test('the same API from different code is a patch release that names the files', async () => {
  const pkg = join(repo, 'generated', 'recoded');
  const recodedConfig = join(repo, 'recoded.yaml');
  const override = join(repo, 'errors.ts');
  copyFileSync(join(FIXTURES, 'base.yaml'), join(repo, 'spec', 'recoded.yaml'));
  const run = (templates: string) => {
    writeFileSync(
      recodedConfig,
      `packages:\n  - spec: spec/recoded.yaml\n    out: generated/recoded\n    name: '@acme/recoded'\n${templates}`,
    );
    return runCli(['generate', '--config', recodedConfig, '--no-cache']);
  };
  const version = () =>
    (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  assert.is((await run('')).code, 0);
  assert.is(version(), '1.0.0');
  // The runtime's errors module with one more comment line: nothing of the API changes.
  writeFileSync(
    override,
    `// Patched by the team.\n${readFileSync(join(pkg, 'src', 'runtime', 'errors.ts'), 'utf8')}`,
  );
  const patched = await run(`    templates:\n      runtime/errors.ts: ${override}\n`);
  assert.is(patched.code, 0, patched.text);
  assert.is(version(), '1.0.1');
  assert.match(
    readFileSync(join(pkg, 'CHANGELOG.md'), 'utf8'),
    /## 1\.0\.1\n\nSpec version 1\.0\.0\.\n\n### Patches\n\n- generated code changed with the same API: src\/runtime\/errors\.ts\n/,
  );
  // Regenerating the same code again moves nothing.
  assert.is((await run(`    templates:\n      runtime/errors.ts: ${override}\n`)).code, 0);
  assert.is(version(), '1.0.1');
  // A hand edit is drift that regenerating repairs, not new code: the baseline is what xgen wrote.
  writeFileSync(join(pkg, 'src', 'runtime', 'errors.ts'), '// edited by hand\n');
  assert.is((await run(`    templates:\n      runtime/errors.ts: ${override}\n`)).code, 0);
  assert.is(version(), '1.0.1');
  assert.match(readFileSync(join(pkg, 'src', 'runtime', 'errors.ts'), 'utf8'), /^\/\/ Patched by the team\./);
});

test('a major version with renames ends with the hint to run xgen migrate', async () => {
  useSpec('base');
  assert.is((await generate()).code, 0);
  useSpec('op-id-renamed');
  const run = await generate();
  assert.is(run.code, 0, run.text);
  assert.match(run.out.join('\n'), /\(major\)/);
  assert.is(
    run.out.at(-1),
    'A major version: run `xgen migrate` to rewrite your code for the renames (`--dry-run` to preview); it lists what it cannot migrate.',
  );
});

test.run();
