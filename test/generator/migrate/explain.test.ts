/**
 * Which change of the diff explains a leftover (generator/migrate/explain.ts), on changes as a
 * package's rename history carries them (no `where`: the registry route) and as the generating repo
 * has them: the same cause either way, never the rename migrate has just applied.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import type { Change } from '../../../generator/diff/change.ts';
import type { ApiSnapshot } from '../../../generator/diff/snapshot.ts';
import { exportChange, operationChange, removalsOf } from '../../../generator/migrate/explain.ts';
import { makeTarget } from '../../../generator/migrate/target.ts';

const snapshot = (ids: string[]): ApiSnapshot => ({
  format: 6,
  specVersion: '1',
  auth: [],
  problems: [],
  operations: Object.fromEntries(
    ids.map((id) => [
      id,
      {
        group: 'posts',
        method: id,
        http: `GET /${id}`,
        kind: 'plain',
        params: {},
        result: { kind: 'unknown' },
        auth: [],
      },
    ]),
  ) as ApiSnapshot['operations'],
  types: {},
});

const renamed: Change = {
  level: 'breaking',
  operationId: 'getPostsByIds',
  message: 'getPostsByIds: client.tweets.getPostsByIds renamed to client.posts.getByIds',
  rename: {
    kind: 'method',
    operationId: 'getPostsByIds',
    from: { group: 'tweets', method: 'getPostsByIds' },
    to: { group: 'posts', method: 'getByIds' },
  },
};
const narrowed: Change = {
  level: 'breaking',
  operationId: 'getPostsByIds',
  message: 'post.fields[] no longer accepts "author_id"',
};
const removed: Change = {
  level: 'breaking',
  operationId: 'getListsById',
  message:
    'getListsById: operation removed (was client.lists.getById); no longer exported with it: GetListsByIdParams, GetListsByIdResponse (code naming them no longer compiles)',
};

const target = makeTarget({
  name: '@acme/x',
  client: 'XClient',
  out: '/nonexistent',
  old: snapshot(['getPostsByIds', 'getListsById']),
  next: snapshot(['getPostsByIds']),
  renames: { operations: new Map(), fields: new Map(), types: new Map(), functions: new Map() } as never,
  changes: [renamed, narrowed, removed],
});

test("a params value no longer accepted, from a rename history without places: that change, not the operation's rename", () => {
  assert.is(operationChange(target, new Set(['getPostsByIds']), ['post.fields']), narrowed);
  // Nothing else about the call: the rename is the cause left.
  assert.is(operationChange(target, new Set(['getPostsByIds']), ['ids']), renamed);
});

test('a removed operation: its removal explains its result and the names that went with it', () => {
  assert.equal(removalsOf(target, new Set(['getListsById'])), [removed]);
  assert.equal(removalsOf(target, new Set(['getPostsByIds'])), []);
  assert.is(exportChange(target, 'getListsById'), removed);
  assert.is(exportChange(target, 'GetListsByIdResponse'), removed);
  assert.is(exportChange(target, 'Unrelated'), undefined);
});

test.run();
