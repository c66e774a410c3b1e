/**
 * The result cache works from any folder, with or without node_modules (issue 27, item 5): by default it
 * lives in $XDG_CACHE_HOME/xgen (else ~/.cache/xgen), and XGEN_CACHE_DIR overrides it.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { defaultCacheDir } from '../../../generator/cache-folder.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const exec = promisify(execFile);
const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');
let work = '';
test.before(() => {
  work = tempDir('cache-home');
});
test.after(() => removeDir(work));

test('where the cache lives by default', () => {
  assert.is(defaultCacheDir({ XGEN_CACHE_DIR: 'rel/dir' }), join(process.cwd(), 'rel', 'dir'));
  assert.is(defaultCacheDir({ XDG_CACHE_HOME: '/var/cache/me' }), '/var/cache/me/xgen');
  assert.is(
    defaultCacheDir({ XDG_CACHE_HOME: 'relative' }),
    join(homedir(), '.cache', 'xgen'),
    'a relative XDG_CACHE_HOME is ignored, as the spec says',
  );
  assert.is(defaultCacheDir({}), join(homedir(), '.cache', 'xgen'));
});

test('a folder without node_modules: the second run comes from $XDG_CACHE_HOME/xgen', async () => {
  assert.not.ok(existsSync(join(work, 'node_modules')));
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: join(work, 'cache-home') };
  delete env.XGEN_CACHE;
  delete env.XGEN_CACHE_DIR;
  const run = () =>
    exec(
      process.execPath,
      [join(ROOT, 'bin', 'xgen.js'), 'generate', '--spec', SPEC, '--out', 'out', '--name', 'pets'],
      { cwd: work, env, timeout: 180_000 },
    );
  assert.not.match((await run()).stdout, 'inputs unchanged');
  // Its result is on disk already: nothing to write, and the line says so.
  assert.match((await run()).stdout, /^out: up to date \(\d+ files, inputs unchanged since a cached run\)$/m);
  assert.ok(readdirSync(join(work, 'cache-home', 'xgen')).some((name) => name.endsWith('.json')));
});

test.run();
