/**
 * The layers of DESIGN.md, enforced by dependency-cruiser with the project's own rules
 * (`.dependency-cruiser.cjs`, run by `npm run lint`): the generator as it is passes (a copy with two
 * arrows planted shows those two only), a tree with
 * planted wrong arrows (test/fixtures/layers/: one for each of DESIGN.md's 13 nevers, a cycle, the
 * runtime importing generator code, a stage importing run/, an emitter importing another) fails with
 * the rule each one breaks, and
 * `npm run lint:layers` itself fails on that tree and on a copy of the generator with two planted.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** DESIGN.md's thirteen nevers, each with the arrow planted for it in test/fixtures/layers/ and the rules it breaks. */
const NEVERS: [never: string, ...violations: string[]][] = [
  ['emit never imports load', 'emit-reads-the-model-only: generator/emit/raw.ts -> generator/load/parse.ts'],
  ['model never imports emit', 'model-reads-load: generator/model/names.ts -> generator/emit/render.ts'],
  [
    'load never imports model',
    'load-is-the-first-stage: generator/load/names.ts -> generator/model/names.ts',
  ],
  [
    'write never imports model',
    'compile-and-write-know-files: generator/write/files.ts -> generator/model/names.ts',
  ],
  ['format never imports model', 'format-knows-text: generator/format/index.ts -> generator/model/names.ts'],
  [
    'compile never imports emit',
    'compile-and-write-know-files: generator/compile/native.ts -> generator/emit/render.ts',
    'compile-never-imports-emit-or-write: generator/compile/native.ts -> generator/emit/render.ts',
  ],
  [
    'compile never imports write',
    'compile-never-imports-emit-or-write: generator/compile/typescript.ts -> generator/write/files.ts',
  ],
  [
    'the cache never imports the CLI',
    'cli-is-the-top: generator/cache/result-cache.ts -> generator/cli/report.ts',
    'services-import-nothing-above: generator/cache/result-cache.ts -> generator/cli/report.ts',
  ],
  [
    'the cache never imports emit',
    'cache-and-version-know-no-stage: generator/cache/identity.ts -> generator/emit/render.ts',
  ],
  [
    'the diff never imports emit',
    'diff-compares-models: generator/diff/snapshot.ts -> generator/emit/render.ts',
  ],
  [
    "version never imports migrate's internals",
    'version-never-imports-migrate: generator/version/release.ts -> generator/migrate/previous.ts',
  ],
  [
    "migrate never imports version's internals",
    'migrate-never-imports-version: generator/migrate/consumer.ts -> generator/version/history.ts',
  ],
  [
    'nothing below the command line reads the config file',
    'config-is-read-by-the-command-line: generator/migrate/command.ts -> generator/config.ts',
    'generate-and-watch-take-the-config-they-are-given: generator/generate.ts -> generator/config.ts',
  ],
];

/** The other rules' plants: a cycle, the runtime importing the generator, a stage importing run/, an emitter importing another. */
const OTHERS = [
  'emitters-side-by-side: generator/emit/resources.ts -> generator/emit/functions.ts',
  'no-cycles: generator/load/a.ts -> generator/load/b.ts',
  'runtime-never-imports-the-generator: templates/runtime/http.ts -> generator/errors.ts',
  'stages-never-import-run: generator/emit/threads.ts -> generator/run/thread.ts',
];

test('planted wrong arrows each break their rule: one for each of the 13 nevers', async () => {
  assert.is(NEVERS.length, 13);
  // Not planted, so not listed: watch.ts naming the config's type, versioning and migrate reading history/.
  assert.equal(
    await violations(join(ROOT, 'test', 'fixtures', 'layers')),
    [...NEVERS.flatMap(([, ...v]) => v), ...OTHERS].sort(),
  );
});

test('npm run lint:layers fails on the planted tree, naming every planted arrow', () => {
  const copy = tempDir('layers-planted');
  try {
    cpSync(join(ROOT, 'test', 'fixtures', 'layers'), copy, { recursive: true });
    for (const path of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'])
      cpSync(join(ROOT, path), join(copy, path));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const run = spawnSync('npm', ['run', '--silent', 'lint:layers'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const output = `${run.stdout}${run.stderr}`;
    assert.is.not(run.status, 0, output);
    // Each never's arrow and the emitter's (a cycle is printed over several lines).
    for (const line of [...NEVERS.flatMap(([, ...v]) => v), OTHERS[0]!])
      assert.match(output, line.replace(' -> ', ' → '), output);
  } finally {
    removeDir(copy);
  }
});

// The generator as it is keeps the layers: with two arrows planted in a copy, npm run lint:layers
// finds those two and no other (one cruise of the generator, not two).
test("the generator's own imports keep the layers: npm run lint:layers finds only an emitter imported in diff/ and the config in migrate/, planted", () => {
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
    // \b: not 12 of them.
    assert.match(output, /\b2 dependency violations/, 'the generator itself breaks no rule');
  } finally {
    removeDir(copy);
  }
});

test('the emitters the rule names are the modules emitters.ts and run/ render files with', () => {
  const rule = rules.forbidden!.find((r) => r.name === 'emitters-side-by-side')!;
  const pattern = new RegExp(String((rule as { to: { path: string } }).to.path));
  const emit = join(ROOT, 'generator', 'emit');
  const named = readdirSync(emit)
    .map((file) => `generator/emit/${file}`)
    .filter((path) => pattern.test(path))
    .sort();
  // What emitters.ts runs, and the two a run/ module renders on its own (the runtime, the schema types).
  const run = [...readFileSync(join(emit, 'emitters.ts'), 'utf8').matchAll(/from '\.\/([\w-]+\.ts)'/g)]
    .map((m) => `generator/emit/${m[1]}`)
    .concat('generator/emit/runtime.ts', 'generator/emit/schema-types.ts')
    .sort();
  assert.equal(named, run);
});

test.run();
