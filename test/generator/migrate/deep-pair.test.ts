/**
 * Issue 36's acceptance for what migrate lists, on a consumer of X's 2.147 package as users write
 * one (every operation called three ways, results read 3 properties deep: deep-consumer.ts):
 * after regenerating, every compile error tsc finds is listed, and at least 95% of the listings
 * name the failing field. Once on X's published 2.159, and once on 2.147 changed in 50-odd fields
 * at once (mutated-spec.ts: removed, optional, nullable, retyped, enum values lost and gained), where
 * the consumer meets hundreds of them and each must be listed with the change on its own field.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import {
  compileProjects,
  copyProject,
  deepProgram,
  generateProjects,
  read,
  migrateProject,
} from './consumer-project.ts';
import { listingQuality } from './listing-quality.ts';
import { mutateSpec } from './mutated-spec.ts';
import { upgradeTo2159, X_2147, x2147Project } from './x-projects.ts';

let work = '';
test.before(() => {
  work = tempDir('migrate-deep-pair');
});
test.after(() => removeDir(work));

test('X 2.147 -> 2.159 and 2.147 -> a mutated 2.147: every error listed, with the change on the failing field', async () => {
  const published = join(work, 'published');
  const mutated = join(work, 'mutated');
  await x2147Project(work, published);
  const program = deepProgram(published);
  assert.ok(program.ranges.length >= 132, 'every operation of 2.147 is called');
  copyProject(published, mutated);
  const { spec, mutations } = mutateSpec(JSON.parse(readFileSync(X_2147, 'utf8')));
  assert.ok(mutations.length >= 40, `${mutations.length} fields changed`);
  writeFileSync(join(work, 'mutated.json'), JSON.stringify(spec, null, 2));
  await upgradeTo2159(work, published);
  await generateProjects([{ dir: mutated, spec: join(work, 'mutated.json') }]);
  const runs = new Map<string, string[]>();
  for (const dir of [published, mutated]) {
    const run = await migrateProject(dir);
    assert.equal(run.code, 1, run.text.slice(0, 2000));
    runs.set(dir, run.out);
  }
  const errors = compileProjects([published, mutated]);
  for (const [dir, minimum] of [
    [published, 5],
    [mutated, 300],
  ] as const) {
    const quality = listingQuality(program.text, errors.get(dir) ?? [], runs.get(dir) ?? []);
    assert.ok(quality.errors >= minimum, `${dir}: the pair breaks the consumer in ${quality.errors} places`);
    assert.equal(quality.unlisted, [], `${dir}: every compile error is listed`);
    assert.equal(quality.listed, quality.errors, `${dir}: nothing listed that compiles`);
    assert.equal(quality.unexplained, 0, `${dir}: the diff explains each`);
    assert.ok(
      quality.named >= 0.95 * quality.errors,
      `${dir}: ${quality.named} of ${quality.errors} name the failing field; not:\n${quality.misnamed.slice(0, 10).join('\n')}`,
    );
    assert.equal(read(dir, 'src/consumer.ts'), program.text, 'no rename: nothing rewritten');
  }
  const listed = (runs.get(published) ?? []).map((line) => line.replace(/^\S+:\d+:\d+: /, ''));
  assert.ok(
    listed.includes('result field KillAllConnectionsResponse.data.killed_connections removed'),
    listed.join('\n'),
  );
  // 2.147 returned DeleteNoteResponse from createCommunityNotes, 2.159 CreateNoteResponse: the diff names the new type.
  assert.ok(listed.includes('result field CreateNoteResponse.data.deleted removed'), listed.join('\n'));
});

test.run();
