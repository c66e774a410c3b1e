/**
 * The command line raises V8's optimizing budget before anything loads (generator/run/jit-budget.ts):
 * a cold run of `bin/xgen.js` has V8 optimize a fraction of the functions it would with the default.
 * Counted with `--trace-opt` (one line per function V8 finished optimizing). On core-v2 a run
 * optimized 130–140 functions with Node 20's default budget and about 30 with the budget raised.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const run = promisify(execFile);

async function optimizedFunctions(): Promise<number> {
  const out = tempDir('xgen-jit-');
  try {
    const { stdout } = await run(
      process.execPath,
      [
        '--trace-opt',
        join(ROOT, 'bin/xgen.js'),
        'generate',
        '--spec',
        join(ROOT, 'spec/core-v2.yaml'),
        '--out',
        join(out, 'pkg'),
        '--name',
        '@test/jit',
        '--no-cache',
      ],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, XGEN_CODE_CACHE: join(out, 'code') } },
    );
    return stdout.split('\n').filter((line) => line.startsWith('[completed optimizing')).length;
  } finally {
    removeDir(out);
  }
}

test('xgen sets the budget itself: a run optimizes far fewer functions than with the default', async () => {
  const raised = await optimizedFunctions();
  assert.ok(raised > 0, 'V8 still optimizes what is hot');
  assert.ok(raised < 60, `${raised} functions optimized (about 130 with the default budget)`);
});

test.run();
