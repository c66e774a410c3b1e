/**
 * Formatting in worker threads gives what prettier gives on the main thread, byte for byte; a file
 * prettier cannot read is an error naming it; a closed pool is replaced by a new one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as prettier from 'prettier';
import { formatPool } from '../../../generator/format/pool.ts';
import { formatFiles, OPTIONS } from '../../../generator/format/prettier.ts';

const FILES = new Map([
  ['src/a.ts', "export const a = {b: \"c\", d: [1,2,3]}\nexport interface E { f?: string; g: 'h' | \"i\" }\n"],
  ['package.json', '{"name":"x","version":"1.0.0"}'],
  ['README.md', '# Title\n\n* one\n* two\n'],
  ['notes.txt', 'left   alone'],
]);

test('the workers format as prettier does on the main thread', async () => {
  const pool = formatPool(OPTIONS);
  assert.ok(pool, 'this machine has more than one core');
  const out = await formatFiles(FILES);
  for (const [path, text] of FILES) {
    const parser = path.endsWith('.ts') ? 'babel-ts' : path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : undefined;
    assert.is(out.get(path), parser ? await prettier.format(text, { ...OPTIONS, parser }) : text, path);
  }
  assert.equal([...out.keys()], [...FILES.keys()]);
});

test('a file prettier cannot read is an error naming it', async () => {
  try {
    await formatFiles(new Map([['src/bad.ts', 'export const = ;\n']]));
    assert.unreachable('formatted');
  } catch (error) {
    assert.match((error as Error).message, /^prettier could not format generated src\/bad\.ts: /);
  }
});

test('a closed pool gives way to a new one', async () => {
  const first = formatPool(OPTIONS)!;
  first.close();
  const second = formatPool(OPTIONS)!;
  assert.is.not(second, first);
  assert.is(await second.format('let  x=1', 'babel-ts'), 'let x = 1;\n');
});

test.run();
