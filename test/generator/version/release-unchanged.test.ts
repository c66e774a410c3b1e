/**
 * The release step skips the diff when the snapshot on disk is byte for byte the new one. That is
 * safe because a snapshot diffed with itself has no changes (checked here on real specs), and the
 * skip must not hide a change: a snapshot on disk that differs in any byte is still diffed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import {
  type ApiSnapshot,
  apiSnapshot,
  parseSnapshot,
  renderSnapshot,
  SNAPSHOT_FILE,
} from '../../../generator/diff/snapshot.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { applyRelease } from '../../../generator/version/release.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';

const SPECS = ['spec/core-v2.yaml', 'spec/ads-v12.yaml', 'test/fixtures/reference/x-openapi-2.159.json'];
const snapshots = new Map(
  SPECS.map((spec) => [
    spec,
    apiSnapshot(buildModel(loadSpec(join(ROOT, spec)), { packageName: '@test/x', clientName: 'XClient' })),
  ]),
);
const core = snapshots.get('spec/core-v2.yaml') as ApiSnapshot;

let dir = '';
test.before.each(() => {
  dir = tempDir('release-unchanged');
});
test.after.each(() => removeDir(dir));

/** A package on disk at version 2.3.4 with `snapshot` as its API snapshot, and the new files of a run. */
function onDisk(snapshotText: string): Map<string, string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{\n  "name": "@test/x",\n  "version": "2.3.4"\n}\n');
  writeFileSync(join(dir, SNAPSHOT_FILE), snapshotText);
  writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## 2.3.4\n\nSpec version 1.0.0.\n');
  return new Map([
    ['package.json', '{\n  "name": "@test/x",\n  "version": "1.0.0"\n}\n'],
    [SNAPSHOT_FILE, renderSnapshot(core)],
  ]);
}

for (const [spec, snapshot] of snapshots) {
  test(`${spec}: its snapshot diffed with itself (as read back from disk) has no changes`, () => {
    assert.equal(diffSnapshots(parseSnapshot(renderSnapshot(snapshot)) as ApiSnapshot, snapshot), []);
  });
}

test('the same snapshot on disk: the version stays and the changelog is unchanged', () => {
  const files = onDisk(renderSnapshot(core));
  const release = applyRelease({ out: dir, name: '@test/x' }, files);
  assert.equal(release, { version: '2.3.4', previous: '2.3.4', bump: 'none' });
  assert.match(files.get('package.json') ?? '', /"version": "2\.3\.4"/);
  assert.is(files.get('CHANGELOG.md'), '# Changelog\n\n## 2.3.4\n\nSpec version 1.0.0.\n');
});

test('a snapshot on disk with one more operation: still diffed, a major version naming it', () => {
  const [id, operation] = Object.entries(core.operations)[0] as [string, ApiSnapshot['operations'][string]];
  const before: ApiSnapshot = { ...core, operations: { ...core.operations, [`${id}Old`]: operation } };
  const files = onDisk(renderSnapshot(before));
  const release = applyRelease({ out: dir, name: '@test/x' }, files);
  assert.equal(release, { version: '3.0.0', previous: '2.3.4', bump: 'major' });
  assert.match(
    files.get('CHANGELOG.md') ?? '',
    new RegExp(`## 3\\.0\\.0[\\s\\S]*- ${id}Old: operation removed`),
  );
});

test('a snapshot on disk that differs only in layout: diffed, and nothing changed', () => {
  const files = onDisk(JSON.stringify(core));
  assert.equal(applyRelease({ out: dir, name: '@test/x' }, files), {
    version: '2.3.4',
    previous: '2.3.4',
    bump: 'none',
  });
});

test.run();
