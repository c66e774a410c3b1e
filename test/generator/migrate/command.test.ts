/**
 * `xgen migrate` as a user runs it: `bin/xgen.js` spawned in the consumer's repository with stdout
 * on a pipe, right after `npm run generate` on the new spec, with no other argument. `--dry-run`
 * writes nothing, a run writes only the changed file, a second run changes nothing, and a file
 * outside the project, a `.d.ts` in node_modules and the generated package are never touched.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { hashTree, ROOT, removeDir, tempDir } from '../../helpers/cli.ts';
import { compileProject, createProject, generateProjects, read } from './consumer-project.ts';

const exec = promisify(execFile);
const FIXTURES = join(ROOT, 'test', 'fixtures', 'migrate');

const CONSUMER = `import type { Pet, PetList } from '@test/api';
import { describe } from 'legacy-lib';
import { label } from '../../shared/label';

// A Pet, as the shelter lists it.
export function names(list: PetList): string[] {
  return (list.data ?? []).map((pet: Pet) =>   pet.name);
}

export const show = (pet: Pet): string => describe(pet) + label(pet);
`;

/** A library's declarations in node_modules that name the old type: never rewritten. */
const LIBRARY_TYPES = `import type { Pet } from '@test/api';
export declare function describe(pet: Pet): string;
`;

/** Code outside the project (beside it), imported by it, using the old name: never rewritten. */
const OUTSIDE = `import type { Pet } from '@test/api';
export const label = (pet: Pet): string => pet.name;
`;

// Several packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

let work = '';
let app = '';
test.before(async () => {
  work = tempDir('migrate-cli');
  app = join(work, 'app');
  createProject(app, join(FIXTURES, 'base.yaml'), {
    'src/consumer.ts': CONSUMER,
    'node_modules/legacy-lib/package.json':
      '{ "name": "legacy-lib", "version": "1.0.0", "types": "index.d.ts" }\n',
    'node_modules/legacy-lib/index.d.ts': LIBRARY_TYPES,
  });
  mkdirSync(join(work, 'shared'), { recursive: true });
  writeFileSync(join(work, 'shared', 'label.ts'), OUTSIDE);
  mkdirSync(join(work, 'node_modules', '@test'), { recursive: true });
  symlinkSync(join('..', '..', 'app', 'generated', 'api'), join(work, 'node_modules', '@test', 'api'), 'dir');
  await generateProjects([{ dir: app }]);
  assert.equal(compileProject(app), [], 'the consumer compiles against the old package');
  await generateProjects([{ dir: app, spec: join(FIXTURES, 'type-renamed.yaml') }]);
});
test.after(() => removeDir(work));

async function xgen(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(ROOT, 'bin', 'xgen.js'), ...args], {
      cwd: app,
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

test('--dry-run prints a unified diff and writes nothing', async () => {
  const before = hashTree(work);
  const run = await xgen(['migrate', '--dry-run']);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(run.stdout.includes('--- a/src/consumer.ts\n+++ b/src/consumer.ts\n@@ -1,'), run.stdout);
  assert.ok(
    run.stdout.includes(
      "-import type { Pet, PetList } from '@test/api';\n+import type { Animal, PetList } from '@test/api';",
    ),
    run.stdout,
  );
  assert.ok(run.stdout.includes('(dry run: nothing written)'), run.stdout);
  assert.equal(hashTree(work), before);
  // git apply takes the printed diff as it is.
  const diff = run.stdout.slice(
    run.stdout.indexOf('--- a/'),
    run.stdout.lastIndexOf('\n3 uses migrated') + 1,
  );
  execFileSync('git', ['apply', '--check', '-'], { cwd: app, input: diff, stdio: ['pipe', 'pipe', 'pipe'] });
});

test('a run rewrites only the uses, keeping every other character; a second run changes nothing', async () => {
  const untouched = new Map([...hashTree(work)].filter(([path]) => path !== 'app/src/consumer.ts'));
  const run = await xgen(['migrate']);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.ok(run.stdout.includes('wrote src/consumer.ts (3 uses migrated)'), run.stdout);
  // The comment's "A Pet" is not code: it stays.
  assert.equal(read(app, 'src/consumer.ts'), CONSUMER.replace(/(?<!A )\bPet\b/g, 'Animal'));
  // The library's .d.ts, the file outside the project and the generated package are as they were.
  assert.equal(new Map([...hashTree(work)].filter(([path]) => path !== 'app/src/consumer.ts')), untouched);
  assert.ok(read(join(work, 'shared'), 'label.ts').includes('type { Pet }'));
  assert.ok(read(app, 'node_modules/legacy-lib/index.d.ts').includes('type { Pet }'));
  const after = hashTree(work);
  const again = await xgen(['migrate']);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.ok(again.stdout.includes('0 uses migrated in 0 files'), again.stdout);
  assert.equal(hashTree(work), after);
});

test('usage errors exit 2', async () => {
  const unknown = await xgen(['migrate', '--bogus']);
  assert.equal(unknown.code, 2);
  assert.ok(unknown.stderr.includes('unknown option --bogus'), unknown.stderr);
  const missing = await xgen(['migrate', '--project', 'nope.json']);
  assert.equal(missing.code, 2);
  assert.ok(missing.stderr.includes('nope.json not found'), missing.stderr);
  const both = await xgen(['migrate', '--from']);
  assert.equal(both.code, 2);
});

test('xgen help migrate documents the options and exit codes', async () => {
  const run = await xgen(['help', 'migrate']);
  assert.equal(run.code, 0);
  for (const text of ['--dry-run', '--project', '--from', '--to', 'Exit codes: 0 everything migrated'])
    assert.ok(run.stdout.includes(text), text);
});

test.run();
