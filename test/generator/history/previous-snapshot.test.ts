/** Regeneration keeps the snapshot migrate starts from: the package before its last major version. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { type ApiSnapshot, renderSnapshot, SNAPSHOT_FILE } from '../../../generator/diff/snapshot.ts';
import {
  keepPreviousSnapshot,
  PREVIOUS_SNAPSHOT_FILE,
} from '../../../generator/history/previous-snapshot.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';

const snapshot = (specVersion: string, method: string): ApiSnapshot => ({
  format: 3,
  specVersion,
  auth: [],
  problems: [],
  operations: {
    getPet: {
      group: 'pets',
      method,
      http: 'GET /pets/{id}',
      kind: 'plain',
      params: {},
      result: { kind: 'string' },
      auth: ['*'],
    },
  },
  types: {},
});

let dir = '';
test.before(() => {
  dir = tempDir('migrate-previous');
});
test.after(() => removeDir(dir));

test('a first generation keeps nothing', () => {
  const files = new Map<string, string>();
  keepPreviousSnapshot(join(dir, 'missing'), files, 'first', undefined, snapshot('1', 'get'));
  assert.equal([...files.keys()], []);
});

test('a major version keeps the snapshot on disk; later regenerations carry it over', () => {
  const v1 = snapshot('1', 'get');
  writeFileSync(join(dir, SNAPSHOT_FILE), renderSnapshot(v1));
  const major = new Map<string, string>();
  keepPreviousSnapshot(dir, major, 'major', v1, snapshot('2', 'getPet'));
  assert.equal(major.get(PREVIOUS_SNAPSHOT_FILE), renderSnapshot(v1));
  // On disk now: the new package and the kept snapshot. A minor regeneration carries the kept one.
  writeFileSync(join(dir, SNAPSHOT_FILE), renderSnapshot(snapshot('2', 'getPet')));
  writeFileSync(join(dir, PREVIOUS_SNAPSHOT_FILE), renderSnapshot(v1));
  const minor = new Map<string, string>();
  keepPreviousSnapshot(dir, minor, 'minor', snapshot('2', 'getPet'), snapshot('2.1', 'getPet'));
  assert.equal(minor.get(PREVIOUS_SNAPSHOT_FILE), renderSnapshot(v1));
});

test('a rename keeps the snapshot on disk whatever bump the diff gave it', () => {
  const v1 = snapshot('1', 'get');
  writeFileSync(join(dir, SNAPSHOT_FILE), renderSnapshot(v1));
  const files = new Map<string, string>();
  keepPreviousSnapshot(dir, files, 'patch', v1, snapshot('2', 'getPet'));
  assert.equal(files.get(PREVIOUS_SNAPSHOT_FILE), renderSnapshot(v1));
});

test.run();
