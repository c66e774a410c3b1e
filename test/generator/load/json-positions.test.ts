/**
 * Positions in JSON specs come from one pass over the text, and are the ones the YAML parser gives:
 * checked on every value of a small document with escapes, and on a sample of thousands of
 * pointers of X's 2.159 spec, missing ones included.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLocator } from '../../../generator/load/json-positions.ts';
import { locateWithYaml } from '../../../generator/load/parse.ts';
import { ROOT } from '../../helpers/cli.ts';

/** Every pointer of a JSON value, each with a child that does not exist. */
function pointers(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  out.push(prefix);
  if (Array.isArray(value)) {
    out.push([...prefix, String(value.length)]);
    value.forEach((item, i) => pointers(item, [...prefix, String(i)], out));
  } else if (typeof value === 'object' && value !== null) {
    out.push([...prefix, 'no such key']);
    for (const [key, child] of Object.entries(value)) pointers(child, [...prefix, key], out);
  }
  return out;
}

function same(source: string, sample: (all: string[][]) => string[][] = (all) => all): number {
  const fast = jsonLocator(source);
  const slow = locateWithYaml('spec.json', source);
  const all = sample(pointers(JSON.parse(source)));
  for (const tokens of all) assert.equal(fast(tokens), slow.locate(tokens), JSON.stringify(tokens));
  return all.length;
}

test('every value of a document with escapes, nesting, empty containers and scalars of each kind', () => {
  const source =
    '{\n  "a\\"b": {"c": [1, -2.5e3, true, null, "x\\\\", {}], "d": []},\n\t"e/f~g": "\\u00e9",\r\n  "h": [[{"i": "j"}], [ ]],\n  "k": false\n}\n';
  assert.ok(same(source) > 20);
});

test("X's 2.159 spec: a spread sample of its pointers", () => {
  const source = readFileSync(join(ROOT, 'test/fixtures/reference/x-openapi-2.159.json'), 'utf8');
  const checked = same(source, (all) => all.filter((_, i) => i % 17 === 0));
  assert.ok(checked > 1000, `${checked} pointers`);
});

test.run();
