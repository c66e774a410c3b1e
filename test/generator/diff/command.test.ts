/** `xgen diff` on the command line: output forms, `--fail-on`, exit codes, and bad specs reported as `generate` reports them. */
import { join } from 'node:path';
import { test } from 'uvu';
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
    assert.ok(Object.keys(change).every((k) => ['level', 'operationId', 'operationIds', 'message', 'location'].includes(k)), Object.keys(change).join());
  }
  assert.equal(report.changes[0]?.level, 'breaking');
  assert.equal(report.changes[0]?.operationId, 'deletePet');
  assert.match(String(report.changes[0]?.location), /base\.yaml:\d+:\d+$/);
});

test('text: the bump on the first line, then the changes grouped by level', async () => {
  const run = await runCli(['diff', spec('base'), spec('description-only')]);
  assert.is(run.code, 0, run.text);
  assert.match(run.out.join('\n').split('\n')[0] ?? '', /^bump: patch \(2 causes \(2 patches\), 1 operation affected\)$/);
  assert.ok(run.out.join('\n').includes('Patches:\n  - listPets: documentation changed'), run.text);
  const same = await runCli(['diff', spec('base'), spec('base')]);
  assert.equal(same.out, ['bump: none (no changes)']);
});

test('--fail-on breaking and feature', async () => {
  const code = async (pair: string, level: string) => (await runCli(['diff', spec('base'), spec(pair), '--fail-on', level])).code;
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
  assert.is((await runCli(['diff', spec('base'), spec('op-removed'), '--fail-on=breaking', '--json'])).code, 1);
});

test('usage errors exit 2', async () => {
  for (const args of [[spec('base')], [spec('base'), spec('base'), '--fail-on', 'patch'], [spec('base'), spec('base'), '--check'], [spec('base'), spec('base'), spec('base')]]) {
    const run = await runCli(['diff', ...args]);
    assert.is(run.code, 2, `${args.join(' ')}: ${run.text}`);
  }
});

test('a file that is not a spec: the same located errors as generate, exit 1', async () => {
  const out = tempDir('diff-bad');
  try {
    for (const bad of ['swagger-2.yaml', 'json-syntax.json', 'ref-missing-file.yaml', 'no-responses.yaml']) {
      const file = join(ROOT, 'test', 'fixtures', 'bad-specs', bad);
      const generated = await runCli(['generate', '--spec', file, '--out', join(out, 'pkg'), '--name', 'x']);
      for (const args of [[file, spec('base')], [spec('base'), file]]) {
        const run = await runCli(['diff', ...args]);
        assert.is(run.code, 1, run.text);
        assert.match(run.err[0] ?? '', /:\d+:\d+: /);
        // The same errors; diff ends by saying it compared nothing ("Nothing was written" means nothing for it).
        assert.equal(run.err.at(-1), 'The specs were not compared.');
        assert.ok(!run.err.some((l) => l.startsWith('Nothing was written')), run.text);
        assert.equal(run.err.slice(0, -1), generated.err.filter((l) => !l.startsWith('Nothing was written')), bad);
      }
    }
  } finally {
    removeDir(out);
  }
});

test.run();
