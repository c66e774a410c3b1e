/**
 * The layers of DESIGN.md, enforced by dependency-cruiser with the project's own rules
 * (`.dependency-cruiser.cjs`, run by `npm run lint`): the generator as it is passes, a tree with
 * planted wrong arrows (the model importing an emitter, a cycle in load, the runtime importing
 * generator code, the diff importing an emitter, migrate or generate.ts reading the config,
 * versioning and migrate importing each other) fails with the rule each one breaks, and
 * `npm run lint:layers` itself fails on a copy of the generator with two such imports planted.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type IRuleSetType } from 'dependency-cruiser';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';

const rules = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IRuleSetType['forbidden'];
};

async function violations(baseDir: string): Promise<string[]> {
  const result = await cruise(['generator', 'templates'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules.forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  });
  if (typeof result.output === 'string') throw new Error('expected a structured result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

test("the generator's own imports keep the layers", async () => {
  assert.equal(await violations(ROOT), []);
});

test('planted wrong arrows each break their rule', async () => {
  // Not planted, so not listed: watch.ts naming the config's type, versioning and migrate reading history/.
  assert.equal(await violations(join(ROOT, 'test', 'fixtures', 'layers')), [
    'config-is-read-by-the-command-line: generator/migrate/command.ts -> generator/config.ts',
    'diff-compares-models: generator/diff/snapshot.ts -> generator/emit/render.ts',
    'generate-and-watch-take-the-config-they-are-given: generator/generate.ts -> generator/config.ts',
    'migrate-never-imports-version: generator/migrate/consumer.ts -> generator/version/history.ts',
    'model-reads-load: generator/model/names.ts -> generator/emit/render.ts',
    'no-cycles: generator/load/a.ts -> generator/load/b.ts',
    'runtime-never-imports-the-generator: templates/runtime/http.ts -> generator/errors.ts',
    'version-never-imports-migrate: generator/version/release.ts -> generator/migrate/previous.ts',
  ]);
});

test('npm run lint:layers fails on the generator with an emitter imported in diff/ and the config in migrate/', () => {
  const copy = tempDir('layers');
  try {
    for (const path of ['generator', 'templates', '.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'])
      cpSync(join(ROOT, path), join(copy, path), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    writeFileSync(
      join(copy, 'generator', 'diff', 'planted.ts'),
      "import { emitIndex } from '../emit/index-file.ts';\n\nexport const planted = emitIndex;\n",
    );
    writeFileSync(
      join(copy, 'generator', 'migrate', 'planted.ts'),
      "import { readConfig } from '../config.ts';\n\nexport const planted = readConfig;\n",
    );
    const run = spawnSync('npm', ['run', '--silent', 'lint:layers'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const output = `${run.stdout}${run.stderr}`;
    assert.is.not(run.status, 0, output);
    assert.match(output, 'diff-compares-models: generator/diff/planted.ts → generator/emit/index-file.ts');
    assert.match(
      output,
      'config-is-read-by-the-command-line: generator/migrate/planted.ts → generator/config.ts',
    );
    assert.match(output, '2 dependency violations');
  } finally {
    removeDir(copy);
  }
});

test.run();
