/**
 * XGEN_PROFILE=1 (issue 38): one stderr line as each stage of a package starts, with the process's CPU
 * time so far and its memory, the CPU never going back; nothing of it without the variable.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';
import { shareEmitThreads } from '../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const exec = promisify(execFile);
const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');
let work = '';
test.before(() => {
  work = tempDir('profile');
});
test.after(() => removeDir(work));

async function generate(env: Record<string, string>): Promise<string> {
  const args = [join(ROOT, 'bin', 'xgen.js'), 'generate', '--spec', SPEC, '--out', 'out', '--name', 'pets'];
  const { stderr } = await exec(process.execPath, args, {
    cwd: work,
    env: { ...process.env, XGEN_CACHE: 'off', ...env },
    timeout: 180_000,
  });
  return stderr;
}

const LINE =
  /^xgen profile: pets (\w+) at (\d+) ms, cpu (\d+) ms, rss (\d+) MB, heap (\d+) MB, external (\d+) MB, peak (\d+) MB$/;

test('XGEN_PROFILE=1: a line per stage, CPU time growing, the peak at least the rss', async () => {
  const lines = (await generate({ XGEN_PROFILE: '1' }))
    .split('\n')
    .filter((line) => line.startsWith('xgen profile:'));
  const parsed = lines.map((line) => LINE.exec(line));
  assert.ok(parsed.every(Boolean), lines.join('\n'));
  assert.equal(
    parsed.map((m) => m![1]),
    ['load', 'model', 'emit', 'format', 'compile', 'done'],
  );
  const cpu = parsed.map((m) => Number(m![3]));
  assert.ok(
    cpu.every((value, i) => i === 0 || value >= cpu[i - 1]!),
    cpu.join(' '),
  );
  assert.ok(parsed.every((m) => Number(m![7]) >= Number(m![4])));
});

test('without XGEN_PROFILE nothing of it is printed', async () => {
  assert.not.match(await generate({ XGEN_PROFILE: '' }), 'xgen profile:');
});

test.run();
