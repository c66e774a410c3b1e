/**
 * The status line (issue 27, item 5): on a terminal each package shows its current stage while it runs,
 * then its one summary line; --quiet shows nothing. The terminal is a pseudo-terminal made by util-linux's
 * `script`. (Not on a terminal, nothing is added: test/bin/messages.test.ts.)
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
  work = tempDir('progress');
});
test.after(() => removeDir(work));

/** Runs `xgen <args>` with stdout and stderr on a terminal; returns what the terminal received. */
async function onTerminal(args: string[]): Promise<string> {
  const command = [process.execPath, join(ROOT, 'bin', 'xgen.js'), ...args]
    .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const { stdout } = await exec('script', ['-qec', command, '/dev/null'], {
    cwd: work,
    env: { ...process.env, TERM: 'xterm', XGEN_CACHE: 'off' },
    timeout: 180_000,
  });
  return stdout;
}

test('each stage is shown in place, then one summary line', async () => {
  const screen = await onTerminal(['generate', '--spec', SPEC, '--out', 'out', '--name', 'pets']);
  for (const stage of ['load', 'model', 'emit', 'format', 'compile'])
    assert.match(screen, `xgen: pets ${stage}\r\x1b[K`);
  // What stays on the screen once the status line is cleared: the summary alone.
  const lines = screen
    .replace(/xgen: pets [a-z]+\r\x1b\[K/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
  assert.equal(lines, [
    'out: wrote pets (51 files)'.replace('51', lines[0]?.match(/\((\d+) files/)?.[1] ?? '?'),
  ]);
});

test('--quiet shows nothing on a terminal when all goes well', async () => {
  const screen = await onTerminal(['generate', '--spec', SPEC, '--out', 'out', '--name', 'pets', '--quiet']);
  assert.is(screen, '');
});

test.run();
