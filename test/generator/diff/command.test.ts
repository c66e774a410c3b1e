/** `xgen diff` on the command line: output forms, `--fail-on`, exit codes, and bad specs reported as `generate` reports them. */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, runCli, tempDir } from '../../helpers/cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff');
const spec = (name: string) => join(FIXTURES, `${name}.yaml`);

test('--json prints exactly bump and changes', async () => {
  const run = await runCli(['diff', spec('base'), spec('op-removed'), '--json']);
  assert.is(run.code, 0, run.text);
  const report = JSON.parse(run.out.join('\n')) as { bump: string; changes: Record<string, unknown>[] };
  assert.equal(Object.keys(report), ['bump', 'changes']);
  assert.is(report.bump, 'major');
  for (const change of report.changes) {
    assert.ok(
      Object.keys(change).every((k) =>
        ['level', 'operationId', 'operationIds', 'message', 'location'].includes(k),
      ),
      Object.keys(change).join(),
    );
  }
  assert.equal(report.changes[0]?.level, 'breaking');
  assert.equal(report.changes[0]?.operationId, 'deletePet');
  assert.match(String(report.changes[0]?.location), /base\.yaml:\d+:\d+$/);
});

test('text: the bump on the first line, then the changes grouped by level', async () => {
  const run = await runCli(['diff', spec('base'), spec('description-only')]);
  assert.is(run.code, 0, run.text);
  assert.match(
    run.out.join('\n').split('\n')[0] ?? '',
    /^bump: patch \(2 causes \(2 patches\), 1 operation affected\)$/,
  );
  assert.ok(run.out.join('\n').includes('Patches:\n  - listPets: documentation changed'), run.text);
  const same = await runCli(['diff', spec('base'), spec('base')]);
  assert.equal(same.out, ['bump: none (no changes)']);
});

test('--fail-on breaking and feature', async () => {
  const code = async (pair: string, level: string) =>
    (await runCli(['diff', spec('base'), spec(pair), '--fail-on', level])).code;
  assert.is(await code('op-removed', 'breaking'), 1);
  // The last line, on stderr, says what failed it; stdout is the report alone.
  const failed = await runCli(['diff', spec('base'), spec('op-removed'), '--fail-on', 'breaking', '--json']);
  assert.equal(failed.err, ['failing: 1 breaking change (--fail-on breaking)']);
  assert.is((JSON.parse(failed.out.join('\n')) as { bump: string }).bump, 'major');
  const features = await runCli(['diff', spec('base'), spec('op-added'), '--fail-on', 'feature']);
  assert.equal(features.err, ['failing: 1 feature (--fail-on feature)']);
  assert.equal((await runCli(['diff', spec('base'), spec('op-added'), '--fail-on', 'breaking'])).err, []);
  assert.is(await code('op-added', 'breaking'), 0);
  assert.is(await code('op-added', 'feature'), 1);
  assert.is(await code('op-removed', 'feature'), 1);
  assert.is(await code('description-only', 'feature'), 0);
  assert.is(
    (await runCli(['diff', spec('base'), spec('op-removed'), '--fail-on=breaking', '--json'])).code,
    1,
  );
});

test("X's 2.147 -> 2.159: each cause once, in text and JSON; renames and breaking before features", async () => {
  const reference = join(ROOT, 'test', 'fixtures', 'reference');
  const pair = [join(reference, 'x-openapi-2.147.json'), join(reference, 'x-openapi-2.159.json')];
  const text = await runCli(['diff', ...pair]);
  assert.is(text.code, 0, text.text);
  const lines = text.out.join('\n').split('\n');
  assert.match(
    lines[0] ?? '',
    /^bump: major \(\d+ causes \(\d+ breaking, \d+ features, \d+ patches\), \d+ operations affected\)$/,
  );
  const messages = lines
    .filter((l) => l.startsWith('  - '))
    .map((l) => l.replace(/ {2}\([^()]*:\d+:\d+\)$/, ''));
  assert.equal(
    messages.filter((m, i) => messages.indexOf(m) !== i),
    [],
    'no message twice in the text',
  );
  // The shared Tweet field is one entry reaching its operations, not one per operation.
  const tweet = lines.findIndex((l) => l.startsWith('  - result field Tweet.suggested_source_links added'));
  assert.ok(tweet > 0, text.text);
  assert.match(lines[tweet + 1] ?? '', /^ {6}in \d+ operations: getDirectMessagesEvents, /);
  const headings = lines.filter((l) => /^[A-Z].*:$/.test(l));
  assert.equal(headings, ['Breaking:', 'Features:', 'Patches:']);
  const json = await runCli(['diff', ...pair, '--json']);
  const report = JSON.parse(json.out.join('\n')) as {
    changes: { message: string; operationId?: string; operationIds?: string[] }[];
  };
  const texts = report.changes.map((c) => c.message);
  assert.equal(
    texts.filter((m, i) => texts.indexOf(m) !== i),
    [],
    'no message twice in the JSON',
  );
  // The text lists the same change to several operations (each its own cause) once, with them.
  const own = report.changes.map((c) =>
    c.operationId !== undefined && c.message.startsWith(`${c.operationId}: `)
      ? c.message.slice(c.operationId.length + 2)
      : undefined,
  );
  const repeated = own.filter((what, i) => what !== undefined && own.indexOf(what) !== i);
  assert.is(texts.length - repeated.length, messages.length, 'the same entries');
  const docs = lines.findIndex((l) => l === '  - documentation changed');
  assert.ok(docs > 0, 'one line for the operations whose documentation changed');
  assert.match(lines[docs + 1] ?? '', /^ {6}in \d+ operations: createPosts, /);
  assert.not.ok(text.text.includes(': documentation changed'), 'no line per operation');
  for (const change of report.changes) {
    assert.ok(!(change.operationId !== undefined && change.operationIds !== undefined), change.message);
    if (change.operationIds) {
      assert.ok(change.operationIds.length > 1, change.message);
      assert.equal(change.operationIds, [...change.operationIds].sort(), 'sorted');
    }
  }
});

test('text: renames first, with the operations a cause reaches', async () => {
  const run = await runCli(['diff', spec('base'), spec('type-renamed')]);
  const lines = run.out.join('\n').split('\n');
  assert.equal(lines.slice(0, 8), [
    'bump: major (2 causes (2 breaking), 3 operations affected)',
    '',
    'Renames (apply these first):',
    `  - type Pet renamed to Animal: code naming Pet (import type { Pet }) no longer compiles  (${lines[3]?.match(/\((test\/fixtures\/diff\/type-renamed\.yaml:\d+:\d+)\)$/)?.[1]})`,
    '      in 3 operations: createPet, getPet, listPets',
    '',
    'Breaking:',
    lines[7] ?? '',
  ]);
  assert.match(
    lines[7] ?? '',
    /^ {2}- result field Animal\.age removed {2}\(test\/fixtures\/diff\/base\.yaml:\d+:\d+\)$/,
  );
});

test('usage errors exit 2', async () => {
  for (const args of [
    [spec('base')],
    [spec('base'), spec('base'), '--fail-on', 'patch'],
    [spec('base'), spec('base'), '--check'],
    [spec('base'), spec('base'), spec('base')],
  ]) {
    const run = await runCli(['diff', ...args]);
    assert.is(run.code, 2, `${args.join(' ')}: ${run.text}`);
  }
});

test('a file that is not a spec: the same located errors as generate, exit 1', async () => {
  const out = tempDir('diff-bad');
  try {
    for (const bad of [
      'swagger-2.yaml',
      'json-syntax.json',
      'ref-missing-file.yaml',
      'ref-missing-component.yaml',
    ]) {
      const file = join(ROOT, 'test', 'fixtures', 'bad-specs', bad);
      const generated = await runCli(['generate', '--spec', file, '--out', join(out, 'pkg'), '--name', 'x']);
      for (const args of [
        [file, spec('base')],
        [spec('base'), file],
      ]) {
        const run = await runCli(['diff', ...args]);
        assert.is(run.code, 1, run.text);
        assert.match(run.err[0] ?? '', /:\d+:\d+: /);
        // The same errors; diff ends by saying it compared nothing ("Nothing was written" means nothing for it).
        assert.equal(run.err.at(-1), 'The specs were not compared.');
        assert.ok(!run.err.some((l) => l.startsWith('Nothing was written')), run.text);
        assert.equal(
          run.err.slice(0, -1),
          generated.err.filter((l) => !l.startsWith('Nothing was written')),
          bad,
        );
      }
    }
  } finally {
    removeDir(out);
  }
});

test.run();
