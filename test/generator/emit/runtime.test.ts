/** Runtime templates: what each package gets, and overrides by name through the config. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { readConfig } from '../../../generator/config.ts';
import { builtinTemplateNames, BUILTIN_TEMPLATES } from '../../../generator/emit/runtime.ts';
import { generatePackage } from '../../../generator/generate.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const dir = resolve('test/.tmp/template-override');

test.before(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('every runtime helper is a named template', () => {
  const names = builtinTemplateNames();
  for (const name of ['runtime/http.ts', 'runtime/pagination.ts', 'runtime/errors.ts', 'runtime/oauth1.ts']) {
    assert.ok(names.includes(name), name);
  }
});

test('a config key replaces a template by name, for that package only', async () => {
  const builtin = readFileSync(join(BUILTIN_TEMPLATES, 'runtime/pagination.ts'), 'utf8');
  const marker = '/** Overridden by this repo: pages are walked by our own rules. */';
  writeFileSync(
    join(dir, 'pagination.ts.hbs'),
    `${marker}\n${builtin.replace('maxPages ?? Infinity', 'maxPages ?? 3')}`,
  );
  writeFileSync(
    join(dir, 'xgen.config.yaml'),
    [
      'packages:',
      `  - spec: ${resolve('spec/core-v2.yaml')}`,
      '    out: out/core',
      "    name: '@acme/core'",
      '    templates:',
      '      runtime/pagination.ts: pagination.ts.hbs',
      '',
    ].join('\n'),
  );
  const [config] = readConfig(join(dir, 'xgen.config.yaml'));
  assert.ok(config);
  assert.is(config.client, 'CoreClient');
  const generated = await generatePackage(config);
  const pagination = generated.files.get('src/runtime/pagination.ts') ?? '';
  assert.ok(pagination.includes(marker.slice(0, 30)), 'the override was rendered');
  assert.ok(pagination.includes('maxPages ?? 3'), 'the override changes the page logic');
  assert.ok(
    (generated.files.get('dist/runtime/pagination.js') ?? '').includes('maxPages ?? 3'),
    'and it is compiled',
  );
});

test('plain runtime files are copied as they are, templates rendered', async () => {
  const names = builtinTemplateNames();
  assert.ok(existsSync(join(BUILTIN_TEMPLATES, 'runtime/pagination.ts')), 'pagination is plain TypeScript');
  assert.ok(existsSync(join(BUILTIN_TEMPLATES, 'runtime/http.ts.hbs')), 'http is a template');
  assert.is(names.filter((n) => n === 'runtime/pagination.ts').length, 1);
  for (const file of readdirSync(join(BUILTIN_TEMPLATES, 'runtime'))) {
    // A file without a slot is plain TypeScript, not a template that renders to itself.
    if (file.endsWith('.hbs'))
      assert.ok(
        readFileSync(join(BUILTIN_TEMPLATES, 'runtime', file), 'utf8').includes('{{'),
        `${file} has slots`,
      );
  }
});

test('a plain .ts override is copied verbatim, a .hbs override of a plain file is rendered', async () => {
  // errors.ts is a built-in template: a plain override replaces it as it is, mustaches and all.
  const errors = readFileSync(join(BUILTIN_TEMPLATES, 'runtime/errors.ts.hbs'), 'utf8');
  const rendered =
    (
      await generatePackage({
        spec: resolve('spec/core-v2.yaml'),
        out: join(dir, 'out'),
        name: '@acme/core',
        client: 'CoreClient',
        templates: {},
      })
    ).files.get('src/runtime/errors.ts') ?? '';
  assert.ok(rendered.length > 0 && !rendered.includes('{{'));
  writeFileSync(
    join(dir, 'errors.ts'),
    `// Our errors; a handlebars-looking '{{x}}' stays as written.\n${rendered}`,
  );
  // pagination.ts is plain: a .hbs override of it goes through the slot helpers.
  const pagination = readFileSync(join(BUILTIN_TEMPLATES, 'runtime/pagination.ts'), 'utf8');
  writeFileSync(join(dir, 'pagination.ts.hbs'), `/** Pages of {{comment packageName}}. */\n${pagination}`);
  const generated = await generatePackage({
    spec: resolve('spec/core-v2.yaml'),
    out: join(dir, 'out'),
    name: '@acme/core',
    client: 'CoreClient',
    templates: {
      'runtime/errors.ts': join(dir, 'errors.ts'),
      'runtime/pagination.ts': join(dir, 'pagination.ts.hbs'),
    },
  });
  assert.ok(errors.includes('{{'), 'the built-in errors.ts is a template');
  assert.ok(
    (generated.files.get('src/runtime/errors.ts') ?? '').includes("'{{x}}' stays as written"),
    'the plain override was copied',
  );
  assert.ok(
    (generated.files.get('src/runtime/pagination.ts') ?? '').startsWith('/** Pages of @acme/core. */'),
    'the .hbs override was rendered',
  );
});

test('an unknown template name is refused', async () => {
  writeFileSync(join(dir, 'x.hbs'), '');
  await generatePackage({
    spec: resolve('spec/core-v2.yaml'),
    out: join(dir, 'out'),
    name: '@acme/core',
    client: 'CoreClient',
    templates: { 'runtime/nope.ts': join(dir, 'x.hbs') },
  }).then(
    () => assert.unreachable('should refuse'),
    (error: Error) => assert.match(error.message, /unknown template "runtime\/nope.ts"/),
  );
});

test.run();
