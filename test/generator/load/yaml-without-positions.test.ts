/**
 * The YAML read without positions (js-yaml) gives the data the full parser (`yaml`, which keeps positions) gives, or
 * leaves the text to it: checked on every YAML file of the project (specs, fixtures, the corpus)
 * and on the scalars where YAML libraries differ.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseDocument } from 'yaml';
import { readYamlWithoutPositions } from '../../../generator/load/yaml-without-positions.ts';
import { ROOT } from '../../helpers/cli.ts';

/** What the full parser reads, as parse.ts asks it; undefined where it reports an error. */
function full(source: string): unknown {
  const doc = parseDocument(source, { prettyErrors: false, uniqueKeys: true, merge: true });
  return doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 10_000 });
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === '.tmp' ? [] : yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

test('every YAML file of the project: the same data, or left to the full parser', () => {
  const files = [...yamlFiles(join(ROOT, 'spec')), ...yamlFiles(join(ROOT, 'test/fixtures'))];
  assert.ok(files.length > 20, `${files.length} files`);
  let fast = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const read = readYamlWithoutPositions(source);
    if (read === undefined) continue;
    fast++;
    const expected = full(source);
    assert.ok(expected !== undefined, `${file}: the full parser refuses what the fast read accepted`);
    // Node's deep equality: uvu's compares `x.constructor`, an own property in some fixtures.
    assert.ok(isDeepStrictEqual(read.data, expected), file);
  }
  assert.ok(fast >= files.length / 2, `${fast} of ${files.length} read the fast way`);
});

test('core schema scalars read as the full parser reads them', () => {
  const scalars = [
    '014',
    '0o17',
    '0x1F',
    '0b101',
    '1_000',
    '1e3',
    '1e400',
    '-.Inf',
    '.inf',
    '.NaN',
    '1.',
    '+12',
    '-0',
    '~',
    'Null',
    'NULL',
    'null',
    '',
    'yes',
    'on',
    'True',
    'FALSE',
    '2024-01-01',
    '12:30',
    '9007199254740993',
    "'quoted'",
    '"\\u00e9"',
  ];
  for (const scalar of scalars) {
    const source = `a: ${scalar}\n`;
    const read = readYamlWithoutPositions(source);
    assert.ok(read, scalar);
    assert.equal(read.data, full(source), scalar);
  }
  assert.equal(readYamlWithoutPositions('<<: { a: 1 }\nb: 2\n')?.data, { a: 1, b: 2 });
});

test('an alias of a scalar reads as its value; of a collection, is left to the full parser', () => {
  assert.equal(readYamlWithoutPositions('a: &x 1\nb: *x\n')?.data, { a: 1, b: 1 });
  assert.is(readYamlWithoutPositions('a: &x [1]\nb: *x\n'), undefined);
  const merged = 'a: &x { c: 1 }\nb:\n  <<: *x\n  d: 2\n';
  assert.equal(readYamlWithoutPositions(merged)?.data, full(merged), 'merged scalars: copied, the same data');
  assert.is(
    readYamlWithoutPositions('a: &x { c: [1] }\nb:\n  <<: *x\n'),
    undefined,
    'a merged collection is shared: the full parser',
  );
});

test('left to the full parser: explicit and collection keys, tags, directives, long keys, duplicates, errors', () => {
  for (const source of [
    '? [a, b]\n: c\n',
    '[a, b]: c\n',
    'a: !custom 1\n',
    '%YAML 1.1\n---\na: yes\n',
    `${'k'.repeat(1100)}: 1\n`,
    'a: 1\na: 2\n',
    'a: [1, 2\n',
    'a: 1\n---\nb: 2\n',
  ]) {
    assert.is(readYamlWithoutPositions(source), undefined, source.slice(0, 40));
  }
});

test.run();
