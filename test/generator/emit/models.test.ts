/**
 * `models.ts` names each type once: the schema types pass on whole (`export type *`), and only
 * what the field-selection types use is imported, each from the file that declares it.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { emitModels } from '../../../generator/emit/models.ts';
import { ROOT } from '../../helpers/cli.ts';

const model = buildModel(loadSpec(join(ROOT, 'spec/core-v2.yaml')), {
  packageName: '@test/core',
  clientName: 'CoreClient',
});
const text = emitModels(model);

/** The names each `import type { … }` / `export type { … }` list of the file holds. */
function listedNames(source: string): string[] {
  return [...source.matchAll(/(?:import|export) type \{([^}]*)\}/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

test('every name is listed once', () => {
  const names = listedNames(text);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  assert.equal(twice, [], `listed twice: ${twice.join(', ')}`);
  assert.ok(text.includes("export type * from './schemas.js';"), 'the schema types pass on whole');
  assert.not.match(text, /export type \{/, 'no list of names to export');
});

test('only what the selection types name is imported, enums from enums.ts', () => {
  const [enums = '', schemas = ''] = ['enums', 'schemas'].map(
    (from) => new RegExp(`import type \\{([^}]*)\\} from './${from}\\.js'`).exec(text)?.[1] ?? '',
  );
  assert.ok(enums.includes('TweetField'), enums);
  assert.not.ok(schemas.includes('TweetField'), 'a closed enum is imported from where it is declared');
  assert.ok(schemas.includes('Tweet,'), schemas);
  assert.not.ok(/\bRulesCapProblem\b/.test(schemas), 'a schema no selection type names is not imported');
});

test('FieldSelection takes its rules as one object of named keys', () => {
  assert.match(
    text,
    /FieldSelection<\s*Tweet,\s*V,\s*\{\s*defaults: 'id' \| 'text' \| 'edit_history_tweet_ids';\s*sometimesAbsent:/,
  );
  assert.match(text, /fields: TweetField;\s*alwaysOptional: 'username';\s*\}>/);
});

test.run();
