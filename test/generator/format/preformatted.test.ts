/**
 * The runtime templates listed in PREFORMATTED_TEMPLATES skip prettier at generation time, so what
 * they render must already be prettier-stable: checked here for both X packages and corpus specs.
 * Reformat a template that fails (prettier with the generator's options) or take it off the list.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as prettier from 'prettier';
import { readConfig } from '../../../generator/config.ts';
import { builtinTemplateNames, renderRuntime } from '../../../generator/emit/runtime.ts';
import { OPTIONS, PREFORMATTED_TEMPLATES, preformattedPaths } from '../../../generator/format/prettier.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { corpusSpecs } from '../corpus/corpus.ts';

const CORPUS_SAMPLE = ['security', 'params-styles', 'body-multipart', 'webhooks'];

function inputs(): { label: string; spec: string; name: string }[] {
  const x = readConfig('xgen.config.yaml').map((c) => ({ label: c.name, spec: c.spec, name: c.name }));
  const corpus = corpusSpecs()
    .filter((s) => CORPUS_SAMPLE.some((n) => s.name.includes(n)))
    .slice(0, 4)
    .map((s) => ({ label: `corpus ${s.name}`, spec: s.path, name: `@corpus/${s.name}` }));
  return [...x, ...corpus];
}

test('every preformatted template is a built-in template', () => {
  const names = new Set(builtinTemplateNames());
  for (const name of PREFORMATTED_TEMPLATES) assert.ok(names.has(name), name);
});

test('an overridden template is formatted again', () => {
  assert.not.ok(preformattedPaths({ 'runtime/pagination.ts': '/x.hbs' }).has('src/runtime/pagination.ts'));
  assert.ok(preformattedPaths({}).has('src/runtime/pagination.ts'));
});

test('preformatted runtime files render prettier-stable (X packages and corpus specs)', async () => {
  const covered = new Set<string>();
  const list = inputs();
  assert.ok(list.length >= 4, 'both X packages and some corpus specs');
  for (const input of list) {
    const spec = loadSpec(input.spec);
    const model = buildModel(spec, { packageName: input.name, clientName: 'TestClient' });
    for (const { path, text } of renderRuntime(model)) {
      const name = path.replace(/^src\//, '');
      if (!PREFORMATTED_TEMPLATES.has(name)) continue;
      covered.add(name);
      const formatted = await prettier.format(text, { ...OPTIONS, parser: 'typescript' });
      if (formatted !== text) {
        const a = text.split('\n');
        const b = formatted.split('\n');
        const line = a.findIndex((l, i) => l !== b[i]);
        assert.unreachable(`${name} (${input.label}) is not prettier-stable from line ${line + 1}:\n- ${a[line]}\n+ ${b[line]}`);
      }
    }
  }
  for (const name of PREFORMATTED_TEMPLATES) assert.ok(covered.has(name), `${name} was rendered by some input`);
});

test.run();
