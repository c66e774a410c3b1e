/**
 * The layers of DESIGN.md, enforced by dependency-cruiser with the project's own rules
 * (`.dependency-cruiser.cjs`, run by `npm run lint`): the generator as it is passes, and a tree with
 * planted wrong arrows (the model importing an emitter, a cycle in load, the runtime importing
 * generator code) fails with the rule each one breaks.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type IRuleSetType } from 'dependency-cruiser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.ts';

const rules = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: IRuleSetType['forbidden'] };

async function violations(baseDir: string): Promise<string[]> {
  const result = await cruise(['generator', 'templates'], { baseDir, validate: true, ruleSet: { forbidden: rules.forbidden }, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
  if (typeof result.output === 'string') throw new Error('expected a structured result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

test("the generator's own imports keep the layers", async () => {
  assert.equal(await violations(ROOT), []);
});

test('planted wrong arrows each break their rule', async () => {
  assert.equal(await violations(join(ROOT, 'test', 'fixtures', 'layers')), [
    'model-reads-load: generator/model/names.ts -> generator/emit/render.ts',
    'no-cycles: generator/load/a.ts -> generator/load/b.ts',
    'runtime-never-imports-the-generator: templates/runtime/http.ts -> generator/errors.ts',
  ]);
});

test.run();
