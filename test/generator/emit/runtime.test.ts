/** Runtime templates: what each package gets, and overrides by name through the config. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readConfig } from '../../../generator/config.ts';
import { builtinTemplateNames, BUILTIN_TEMPLATES } from '../../../generator/emit/runtime.ts';
import { generatePackage } from '../../../generator/generate.ts';

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
  const builtin = readFileSync(join(BUILTIN_TEMPLATES, 'runtime/pagination.ts.hbs'), 'utf8');
  const marker = '/** Overridden by this repo: pages are walked by our own rules. */';
  writeFileSync(join(dir, 'pagination.ts.hbs'), `${marker}\n${builtin.replace('maxPages ?? Infinity', 'maxPages ?? 3')}`);
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
  assert.ok((generated.files.get('dist/runtime/pagination.js') ?? '').includes('maxPages ?? 3'), 'and it is compiled');
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
