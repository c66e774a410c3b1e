/**
 * One layout for everything the project writes: its own code is checked by `npm run lint:format`
 * (oxfmt with `.oxfmtrc.json`), with the very options the format stage gives generated packages, and
 * the runtime templates as they render by `npm run lint:templates` (rendered-templates.ts).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { OPTIONS } from '../../generator/format/index.ts';
import { ROOT } from '../helpers/cli.ts';
import { templateSpecs, unformattedRuntime } from './rendered-templates.ts';

const config = JSON.parse(readFileSync(join(ROOT, '.oxfmtrc.json'), 'utf8')) as Record<string, unknown>;
const script = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

test('the project is laid out with the options generated packages get', () => {
  const { $schema: _, ignorePatterns: __, ...style } = config;
  assert.equal(style, { ...OPTIONS });
});

test('lint runs the format check', () => {
  assert.match(script.lint!, /npm run lint:format/);
});

test('the format check fails on a misformatted file under generator/ and passes once it is formatted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xgen-format-'));
  try {
    copyFileSync(join(ROOT, '.oxfmtrc.json'), join(dir, '.oxfmtrc.json'));
    mkdirSync(join(dir, 'generator'));
    writeFileSync(join(dir, 'generator', 'bad.ts'), 'export const a = {b:1,  c:"two"}\n');
    // The script's own command line, with oxfmt from this checkout.
    const args = script['lint:format']!.replace(/^oxfmt /, '');
    const check = () =>
      spawnSync(`"${join(ROOT, 'node_modules', '.bin', 'oxfmt')}" ${args} --no-error-on-unmatched-pattern`, {
        cwd: dir,
        shell: true,
        encoding: 'utf8',
      });
    const before = check();
    assert.is.not(before.status, 0, before.stdout + before.stderr);
    assert.match(before.stdout + before.stderr, /generator\/bad\.ts/);
    writeFileSync(join(dir, 'generator', 'bad.ts'), "export const a = { b: 1, c: 'two' };\n");
    const after = check();
    assert.is(after.status, 0, after.stdout + after.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lint checks the runtime templates rendered', () => {
  assert.match(script.lint!, /npm run lint:templates/);
  assert.match(script['lint:templates']!, /test\/lint\/rendered-templates\.ts/);
});

test('every runtime template, rendered for the specs we ship and the test specs, is formatted', async () => {
  const specs = templateSpecs();
  assert.ok(specs.some((spec) => spec.endsWith('spec/core-v2.yaml')) && specs.length > 10, specs.join('\n'));
  assert.equal(await unformattedRuntime(specs), []);
});

test('a template that renders misformatted code fails the check, naming the spec and the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xgen-format-template-'));
  try {
    const template = join(dir, 'invoke.ts.hbs');
    const builtin = readFileSync(join(ROOT, 'templates', 'runtime', 'invoke.ts.hbs'), 'utf8');
    writeFileSync(template, `${builtin}\nexport const planted = {a:1}\n`);
    assert.equal(
      await unformattedRuntime([join(ROOT, 'spec', 'ads-v12.yaml')], { 'runtime/invoke.ts': template }),
      ['spec/ads-v12.yaml: src/runtime/invoke.ts'],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
