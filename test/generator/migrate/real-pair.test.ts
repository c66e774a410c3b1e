/**
 * Ground truth for `xgen migrate` on X's published 2.147 -> 2.159: a consumer program derived from
 * the 2.147 package (every operation called, every result field read, every exported type used)
 * compiles against it; after regenerating from 2.159 and `xgen migrate`, tsc's errors against the
 * new package are exactly the uses migrate listed as left to migrate by hand, each with the diff's
 * message of its operation. (The pair renames nothing: what it tests is the listing.)
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import {
  compileProject,
  derivedProgram,
  read,
  reportedLocations,
  migrateProject,
} from './consumer-project.ts';
import { upgradeTo2159, x2147Project } from './x-projects.ts';

let work = '';
test.before(() => {
  work = tempDir('migrate-real-pair');
});
test.after(() => removeDir(work));

test("X's 2.147 -> 2.159: every error left after migrate is a use migrate listed, with the diff's message", async () => {
  const dir = join(work, 'x');
  await x2147Project(work, dir);
  const program = derivedProgram(dir);
  assert.ok(program.ranges.length >= 132, 'every operation of 2.147 is called');
  await upgradeTo2159(work, dir);
  const run = await migrateProject(dir);
  assert.equal(run.code, 1, 'uses are left to migrate by hand');
  const reported = reportedLocations(run.out, dir, process.cwd());
  const errors = compileProject(dir);
  assert.ok(errors.length > 0, 'the pair breaks the consumer');
  assert.equal(
    errors.filter((e) => !reported.has(e.at)).map((e) => `${e.at} ${e.message}`),
    [],
    'every error is listed',
  );
  assert.equal(reported.size, errors.length, 'nothing is listed that compiles');
  // Each listed use carries the message of the change that breaks it (the diff names the cause: a type's field).
  const listed = run.out
    .filter((line) => /^\S+:\d+:\d+: /.test(line))
    .map((line) => line.replace(/^\S+:\d+:\d+: /, ''));
  assert.ok(
    listed.includes('result field KillAllConnectionsResponse.data.killed_connections removed'),
    listed.join('\n'),
  );
  assert.ok(
    listed.includes('result field MediaUploadResponse.data.media_key is now optional (may be missing)'),
    listed.join('\n'),
  );
  assert.equal(read(dir, 'src/consumer.ts'), program.text, 'no rename: nothing rewritten');
});

test.run();
