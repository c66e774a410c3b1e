/**
 * Ground truth for the classification: a consumer of the OLD package (every operation called with
 * every parameter, every result field read) is compiled against the NEW package, and every compile
 * error must be explained by a change `xgen diff` classifies as breaking for that operation. Run on
 * one synthetic pair per rule (test/fixtures/diff/) and on X's published 2.147 -> 2.159.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Change } from '../../../generator/diff/change.ts';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import { ROOT, removeDir, tempDir } from '../../helpers/cli.ts';
import { compileErrors, consumerProgram, emitSources, type ConsumerProgram } from '../../helpers/consumer.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff');
const CASES = JSON.parse(readFileSync(join(FIXTURES, 'cases.json'), 'utf8')) as Record<string, { level: string }>;
/** Pairs whose breaking change a consumer's compile must catch: the test fails if the consumer compiles. */
const MUST_FAIL_TO_COMPILE = [
  'op-removed',
  'group-renamed',
  'param-removed',
  'param-renamed',
  'body-field-removed',
  'request-enum-value-removed',
  'request-type-changed',
  'result-field-removed',
  'result-field-optional',
  'result-field-retyped',
];

let work = '';
test.before(() => {
  work = tempDir('diff-ground-truth');
});
test.after(() => removeDir(work));

interface Pair {
  name: string;
  /** The consumer compiled against the new package. */
  path: string;
  program: ConsumerProgram;
  /** The same consumer compiled against the old package: it must compile, or it proves nothing. */
  control: { path: string; program: ConsumerProgram };
  changes: Change[];
}

async function preparePair(name: string, oldSpec: string, newSpec: string): Promise<Pair> {
  const dir = join(work, name);
  const old = await emitSources(oldSpec, join(dir, 'old'));
  const next = await emitSources(newSpec, join(dir, 'new'));
  const write = (file: string, client: string) => {
    const program = consumerProgram(old.snapshot, './old/src/index.js', client, old.unionParams);
    writeFileSync(join(dir, file), program.text);
    return { path: join(dir, file), program };
  };
  const consumer = write('consumer.ts', './new/src/index.js');
  return { name, ...consumer, control: write('control.ts', './old/src/index.js'), changes: diffSnapshots(old.snapshot, next.snapshot) };
}

/** Errors of a control program: the consumer as derived does not compile against its own package. */
function controlErrors(pair: Pair, errors: Map<string, Map<string, string[]>>): string[] {
  return [...(errors.get(pair.control.path) ?? new Map<string, string[]>())].flatMap(([id, list]) => list.map((e) => `${pair.name} control ${id}: ${e}`));
}

/** The compile errors no breaking change of their operation explains. */
function unexplained(pair: Pair, errors: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [id, list] of errors) {
    const explained = id !== '' && pair.changes.some((c) => c.level === 'breaking' && c.operationId === id);
    if (!explained) out.push(...list.map((e) => `${pair.name} ${id || '(outside any operation)'}: ${e}`));
  }
  return out;
}

test('synthetic pairs: every compile error is a breaking change of its operation', async () => {
  const pairs: Pair[] = [];
  pairs.push(await preparePair('same', join(FIXTURES, 'base.yaml'), join(FIXTURES, 'base.yaml')));
  for (const name of Object.keys(CASES)) pairs.push(await preparePair(name, join(FIXTURES, 'base.yaml'), join(FIXTURES, `${name}.yaml`)));
  const errors = compileErrors(pairs.flatMap((p) => [p, p.control]));
  const problems: string[] = [];
  for (const pair of pairs) {
    problems.push(...controlErrors(pair, errors));
    const found = errors.get(pair.path) ?? new Map<string, string[]>();
    problems.push(...unexplained(pair, found));
    if (MUST_FAIL_TO_COMPILE.includes(pair.name) && found.size === 0) problems.push(`${pair.name}: the consumer still compiles`);
    if (pair.name === 'same') assert.equal(pair.changes, [], 'the same spec twice: no changes');
  }
  assert.equal(problems, []);
});

test("X's published 2.147 -> 2.159: every compile error is a breaking change of its operation", async () => {
  const reference = join(ROOT, 'test', 'fixtures', 'reference');
  const pair = await preparePair('x', join(reference, 'x-openapi-2.147.json'), join(reference, 'x-openapi-2.159.json'));
  const errors = compileErrors([pair, pair.control]);
  assert.equal(controlErrors(pair, errors), [], 'the consumer compiles against the package it was derived from');
  const found = errors.get(pair.path) ?? new Map<string, string[]>();
  assert.equal(unexplained(pair, found), []);
  // The pair does break consumers (a removed result field, fields made optional), and the consumer sees it.
  assert.ok(found.has('deleteAllConnections'), 'the removed data.killed_connections fails to compile');
  assert.ok(found.has('getMediaUploadStatus'), 'data.id made optional fails to compile');
  assert.ok(pair.program.ranges.length >= 132, 'every old operation is called');
});

test.run();
