/**
 * `xgen generate --watch` (issue 27, item 6), through the `xgen` command: a change to the spec or to a
 * file its `$ref`s reach regenerates the package; a broken edit prints its error and leaves the last good
 * package; Ctrl-C (SIGINT) ends it with one line and exit 130.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir, treeSummary } from '../helpers/cli.ts';

let work = '';
let child: ChildProcess | undefined;
let output = '';

const SPEC = `openapi: 3.1.0
info: { title: Watched, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema: { $ref: 'schemas.yaml#/Pet' }
`;

test.before(() => {
  work = tempDir('watch');
  writeFileSync(join(work, 'pets.yaml'), SPEC);
  writeFileSync(
    join(work, 'schemas.yaml'),
    'Pet:\n  type: object\n  properties:\n    name: { type: string }\n',
  );
});
test.after(() => {
  child?.kill('SIGKILL');
  removeDir(work);
});

/** Waits until the output holds `pattern` `count` times in all. */
async function waitFor(pattern: string, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (output.split(pattern).length - 1 < count) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${count}× "${pattern}"; output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('regenerates on a change, keeps the last good package through a broken edit, ends on Ctrl-C', async () => {
  child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin', 'xgen.js'),
      'generate',
      '--spec',
      'pets.yaml',
      '--out',
      'out',
      '--name',
      'pets',
      '--watch',
      '--no-cache',
    ],
    {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child!.on('close', resolve));

  await waitFor('out: wrote pets', 1);
  await waitFor('xgen: watching 2 files for changes (Ctrl-C to stop)', 1);

  // A file reached by $ref.
  writeFileSync(
    join(work, 'schemas.yaml'),
    'Pet:\n  type: object\n  properties:\n    nickname: { type: string }\n',
  );
  await waitFor('out: wrote pets', 2);
  assert.match(output, 'xgen: schemas.yaml changed: regenerating pets');
  assert.match(readFileSync(join(work, 'out', 'src', 'schemas.ts'), 'utf8'), 'nickname');

  // A broken edit: the error, and the package as it was.
  const good = treeSummary(join(work, 'out'));
  writeFileSync(join(work, 'pets.yaml'), `${SPEC}  broken: [\n`);
  await waitFor('Nothing was written.', 1);
  assert.match(output, /pets\.yaml:\d+:\d+: /);
  assert.is(treeSummary(join(work, 'out')), good, 'the last good package stays');

  // Fixed again, with a new title.
  writeFileSync(join(work, 'pets.yaml'), SPEC.replace('title: Watched', 'title: Watched again'));
  await waitFor('out: wrote pets', 3);
  assert.match(readFileSync(join(work, 'out', 'README.md'), 'utf8'), 'Watched again');

  child.kill('SIGINT');
  assert.is(await exited, 130);
  assert.match(
    output,
    /xgen: stopped by SIGINT; its temporary files are removed and no package was replaced after the signal\n$/,
  );
  child = undefined;
});

test('with a config: an overlay change regenerates its package, a config change every package', async () => {
  output = '';
  writeFileSync(
    join(work, 'fix.yaml'),
    'overlay: 1.0.0\ninfo: { title: Fix, version: 1.0.0 }\nactions:\n  - target: $.info\n    update: { description: First overlay }\n',
  );
  writeFileSync(
    join(work, 'xgen.config.yaml'),
    'packages:\n  - spec: pets.yaml\n    out: cfg-out\n    name: pets\n    overlays: [fix.yaml]\n',
  );
  child = spawn(process.execPath, [join(ROOT, 'bin', 'xgen.js'), 'generate', '--watch', '--no-cache'], {
    cwd: work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child!.on('close', resolve));
  await waitFor('cfg-out: wrote pets', 1);
  await waitFor('for changes (Ctrl-C to stop)', 1);

  writeFileSync(
    join(work, 'fix.yaml'),
    readFileSync(join(work, 'fix.yaml'), 'utf8').replace('First overlay', 'Second overlay'),
  );
  await waitFor('cfg-out: wrote pets', 2);
  assert.match(output, 'xgen: fix.yaml changed: regenerating pets');

  writeFileSync(
    join(work, 'xgen.config.yaml'),
    readFileSync(join(work, 'xgen.config.yaml'), 'utf8') + '    client: PetsApi\n',
  );
  await waitFor('cfg-out: wrote pets', 3);
  assert.match(output, 'xgen: xgen.config.yaml changed: regenerating every package');
  assert.match(readFileSync(join(work, 'cfg-out', 'src', 'index.ts'), 'utf8'), 'PetsApi');

  child.kill('SIGTERM');
  assert.is(await exited, 143);
  child = undefined;
});

test('one file watched is "1 file"', async () => {
  output = '';
  writeFileSync(join(work, 'one.yaml'), SPEC.replace("{ $ref: 'schemas.yaml#/Pet' }", '{ type: object }'));
  child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin', 'xgen.js'),
      'generate',
      '--spec',
      'one.yaml',
      '--out',
      'one-out',
      '--name',
      'one',
      '--watch',
    ],
    { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child!.on('close', resolve));
  await waitFor('for changes (Ctrl-C to stop)', 1);
  assert.match(output, 'xgen: watching 1 file for changes (Ctrl-C to stop)');
  child.kill('SIGTERM');
  assert.is(await exited, 143);
  child = undefined;
});

test.run();
