/**
 * One size limit for a spec document, however it is read: a file, stdin redirected from a file and
 * a URL (a stated Content-Length, or an answer that streams past the limit) are refused by the same
 * check (load/limits.ts checkSpecSize) with the same words.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { SpecError } from '../../../generator/errors.ts';
import { checkSpecSize, MAX_SPEC_BYTES, readSpecText } from '../../../generator/load/limits.ts';
import { fetchSpecTree } from '../../../generator/load/remote.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const REASON = 'larger than 64 MB, the most a spec document may be: refused';

let work = '';
let huge = '';
let server: TestServer;
const MB = 'x'.repeat(1024 * 1024);

test.before(async () => {
  work = tempDir('spec-size');
  huge = join(work, 'huge.yaml');
  writeFileSync(huge, '');
  // Sparse: no 65 MB written to disk.
  truncateSync(huge, 65 * 1024 * 1024);
  server = await startServer(({ path }) => {
    // A stated size over the limit: refused before the body is read (the server waits meanwhile).
    if (path === '/stated.yaml')
      return {
        headers: { 'content-length': String(MAX_SPEC_BYTES + 1) },
        chunks: [{ data: 'openapi: 3.1.0\n', pauseMs: 2000 }],
        abort: true,
      };
    // No stated size: refused once the bytes read pass the limit.
    return { chunks: Array.from({ length: 65 }, () => ({ data: MB })) };
  });
});
test.after(async () => {
  await server.close();
  removeDir(work);
});

/** The reason of the SpecError `read` throws. */
async function reasonOf(read: () => unknown): Promise<string> {
  try {
    await read();
  } catch (error) {
    assert.instance(error, SpecError);
    return (error as SpecError).reason;
  }
  throw new Error('not refused');
}

test('the limit is the one check: at it a document passes, one byte over it is refused', async () => {
  checkSpecSize(MAX_SPEC_BYTES, 'spec.yaml');
  assert.is(await reasonOf(() => checkSpecSize(MAX_SPEC_BYTES + 1, 'spec.yaml')), REASON);
});

test('a file over the limit is refused without reading it', async () => {
  assert.is(await reasonOf(() => readSpecText(huge)), REASON);
});

test('a URL is refused in the same words: by its Content-Length, or once the answer passes the limit', async () => {
  assert.is(await reasonOf(() => fetchSpecTree(`${server.url}/stated.yaml`)), REASON);
  assert.is(await reasonOf(() => fetchSpecTree(`${server.url}/streamed.yaml`)), REASON);
});

test('stdin redirected from a file over the limit: the same line from the command line', () => {
  const fd = openSync(huge, 'r');
  try {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'generator', 'cli', 'main.ts'),
        'generate',
        '--spec',
        '/dev/stdin',
        '--out',
        join(work, 'out'),
        '--name',
        '@test/huge',
        '--no-cache',
      ],
      {
        cwd: ROOT,
        stdio: [fd, 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
    assert.is(run.status, 1, run.stderr);
    assert.is(run.stderr.split('\n')[0], `/dev/stdin:1:1: ${REASON}`);
  } finally {
    closeSync(fd);
  }
});

test.run();
