/**
 * SIGINT and SIGTERM (issue 27, item 3), through the `xgen` command: a run stopped in any stage removes its
 * temporary folders (beside the output and in the OS temp folder), never swaps in a package after the
 * signal, prints one line and exits 130 / 143. XGEN_SIGNAL_AT makes a run signal itself on reaching a stage,
 * so each stage is hit for certain; one more run is killed after a delay, as a user would. A later run
 * removes what a killed (SIGKILL) run left, and only what is recognisably xgen's.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { markerText } from '../../../generator/write/marker.ts';
import { removeDir, ROOT, tempDir, treeSummary } from '../../helpers/cli.ts';

let work = '';
let tmp = '';
let out = '';
let before = '';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `xgen generate` on the second spec into `out`, with its own OS temp folder. */
function xgen(
  env: Record<string, string>,
  onStart?: (kill: (signal: NodeJS.Signals) => void) => void,
  spec = 'pets-2.yaml',
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'bin', 'xgen.js'),
        'generate',
        '--spec',
        spec,
        '--out',
        'out',
        '--name',
        'pets',
        '--no-cache',
      ],
      {
        cwd: work,
        env: { ...process.env, TMPDIR: tmp, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    onStart?.((signal) => child.kill(signal));
  });
}

/** What is beside the output and in the temp folder, besides the package itself and the specs. */
function debris(): string[] {
  return [
    ...readdirSync(work).filter((name) => !['out', 'pets-1.yaml', 'pets-2.yaml'].includes(name)),
    ...readdirSync(tmp)
      // tsx (which runs the sources in a checkout) keeps its own cache there.
      .filter((name) => !name.startsWith('tsx-'))
      .map((name) => `TMPDIR/${name}`),
  ];
}

test.before(async () => {
  work = tempDir('interrupt');
  tmp = join(work, '..', `${work.split('/').pop()}-tmp`);
  mkdirSync(tmp);
  const spec = readFileSync(join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml'), 'utf8');
  writeFileSync(join(work, 'pets-1.yaml'), spec);
  writeFileSync(join(work, 'pets-2.yaml'), spec.replace('title: Petstore', 'title: Petstore two'));
  // The package on disk that a stopped run must leave as it is.
  const first = await xgen({}, undefined, 'pets-1.yaml');
  assert.is(first.code, 0, first.stderr);
  out = join(work, 'out');
  before = treeSummary(out);
});
test.after(() => {
  removeDir(work);
  removeDir(tmp);
});

for (const [stage, signal] of [
  ['load', 'SIGINT'],
  ['model', 'SIGTERM'],
  ['emit', 'SIGINT'],
  ['format', 'SIGTERM'],
  ['compile', 'SIGINT'],
  ['tsc', 'SIGTERM'],
  ['write', 'SIGINT'],
] as const) {
  test(`${signal} in the ${stage} stage: one line, exit ${signal === 'SIGINT' ? 130 : 143}, nothing swapped, nothing left`, async () => {
    const run = await xgen({ XGEN_SIGNAL_AT: `${stage}:${signal}` });
    assert.is(run.code, signal === 'SIGINT' ? 130 : 143, run.stderr);
    assert.is(
      run.stderr,
      `xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal\n`,
    );
    assert.is(run.stdout, '');
    assert.is(treeSummary(out), before, 'the package on disk is the one before the run');
    assert.equal(debris(), []);
  });
}

test('a run killed after a delay (SIGTERM) leaves the old or the new package whole, and nothing else', async () => {
  for (const delay of [800, 2500]) {
    const run = await xgen({}, (kill) => setTimeout(() => kill('SIGTERM'), delay));
    if (run.code === 143) {
      assert.is(
        run.stderr,
        'xgen: stopped by SIGTERM; its temporary files are removed and no package was replaced after the signal\n',
      );
      assert.is(treeSummary(out), before);
    } else {
      // The run was quicker than the delay: it finished, and the new package is complete.
      assert.is(run.code, 0, run.stderr);
      assert.match(readFileSync(join(out, 'package.json'), 'utf8'), '"name": "pets"');
      before = treeSummary(out);
    }
    assert.equal(debris(), [], `killed after ${delay} ms`);
  }
});

test("a run removes what a killed run left (xgen's folders only), then writes", async () => {
  const dead = 2 ** 22 + 12345; // above Linux's pid_max default: no process has it
  const staging = join(work, `.out.xgen-new-${dead}`);
  const retired = join(work, `.out.xgen-old-${dead}`);
  const notOurs = join(work, `.out.xgen-old-${dead + 1}`);
  const compile = join(tmp, `xgen-compile-${dead}-AbC123`);
  for (const dir of [staging, retired, notOurs, join(compile, 'src')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(staging, '.xgen-generated'), markerText('pets', ['package.json']));
  writeFileSync(join(staging, 'package.json'), '{}\n');
  writeFileSync(join(notOurs, 'my-notes.txt'), 'not a package\n');
  writeFileSync(join(compile, 'tsconfig.json'), '{}\n');
  const run = await xgen({});
  assert.is(run.code, 0, run.stderr);
  assert.equal(
    debris(),
    [`.out.xgen-old-${dead + 1}`],
    "a folder without the marker is not xgen's to remove",
  );
  removeDir(notOurs);
});

test.run();
