/**
 * Complete output through a pipe (issue 23, item 1): `xgen` exits only once stdout has been written out
 * whole, so a reader that is slower than xgen (`| jq`, CI logs) gets every byte. The report here is a
 * synthetic pair of specs whose 1,200 operations are each removed or added (one entry per operation, so
 * its size does not depend on how the diff groups shared causes): over 3 MB of JSON.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';

let work = '';
test.before(() => {
  work = tempDir('output');
  // Long names make each entry long, so that 600 operations a side give megabytes: the diff's time grows
  // faster than its operations (2,500 a side with shorter names, the same bytes, took 6 s of processor a
  // run, 600 take 1 s).
  const pad = 'x'.repeat(1000);
  const spec = (prefix: string) => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++)
      paths[`/${prefix}/${pad}/item${i}`] = {
        get: { operationId: `${prefix}${pad}Item${i}`, responses: { '200': { description: 'ok' } } },
      };
    return JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1.0.0' }, paths });
  };
  writeFileSync(join(work, 'old.json'), spec('old'));
  writeFileSync(join(work, 'new.json'), spec('new'));
});
test.after(() => removeDir(work));

/** Runs bin/xgen.js with stdout on a pipe that is read only after a pause, as a slow consumer would. */
function run(args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'xgen.js'), ...args], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 1500);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: err }));
  });
}

test('diff --json through a slow pipe: several MB, parsed whole', async () => {
  const { code, stdout, stderr } = await run(['diff', 'old.json', 'new.json', '--json']);
  assert.is(code, 0, stderr);
  assert.ok(stdout.length > 3_000_000, `${stdout.length} bytes`);
  const report = JSON.parse(stdout.toString('utf8')) as { bump: string; changes: unknown[] };
  assert.is(report.bump, 'major');
  assert.is(report.changes.length, 1200);
});

test('the text report through a pipe ends with its last line, and the exit code is kept (--fail-on)', async () => {
  const { code, stdout } = await run(['diff', 'old.json', 'new.json', '--fail-on', 'breaking']);
  assert.is(code, 1);
  const text = stdout.toString('utf8');
  assert.ok(text.length > 2_000_000, `${text.length} bytes`);
  for (let i = 0; i < 600; i++) assert.ok(text.includes(`Item${i}:`), `Item${i} is reported`);
  assert.ok(text.endsWith('\n'));
});

test.run();
