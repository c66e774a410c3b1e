/**
 * The folder both caches keep: an entry is written in one step (no temporary file stays, even when
 * the write fails), and pruning removes the least recently used beyond a count or a size, never
 * one just written and never a file it was not given.
 */
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { markUsed, removeLeastRecentlyUsed, writeEntry } from '../../generator/lru-folder.ts';
import { removeDir, tempDir } from '../helpers/cli.ts';

/** Writes `name` with `size` bytes, last used `age` seconds ago. */
function entry(dir: string, name: string, size: number, age: number): void {
  writeFileSync(join(dir, name), 'x'.repeat(size));
  const when = new Date(Date.now() - age * 1000);
  utimesSync(join(dir, name), when, when);
}

test('an entry is written whole into a folder made for it, and a failed write leaves nothing', () => {
  const dir = tempDir('lru-write');
  try {
    assert.ok(writeEntry(join(dir, 'cache', 'a.json'), '{"a":1}'));
    assert.equal(readdirSync(join(dir, 'cache')), ['a.json']);
    mkdirSync(join(dir, 'cache', 'taken.json'));
    mkdirSync(join(dir, 'cache', 'taken.json', 'inside'));
    assert.not.ok(writeEntry(join(dir, 'cache', 'taken.json'), 'text', 'w1'));
    assert.equal(readdirSync(join(dir, 'cache')).sort(), ['a.json', 'taken.json']);
  } finally {
    removeDir(dir);
  }
});

test('the least recently used go first, beyond a count or a size; a kept or unnamed file stays', () => {
  const dir = tempDir('lru-prune');
  try {
    entry(dir, 'old.json', 10, 300);
    entry(dir, 'older.json', 10, 400);
    entry(dir, 'new.json', 10, 100);
    entry(dir, 'oldest-but-kept.json', 10, 500);
    entry(dir, 'not-an-entry.txt', 10, 900);
    assert.ok(markUsed(join(dir, 'older.json')));
    const names = ['old.json', 'older.json', 'new.json', 'oldest-but-kept.json'];
    removeLeastRecentlyUsed(dir, names, { maxEntries: 3 }, new Set(['oldest-but-kept.json']));
    assert.not.ok(existsSync(join(dir, 'old.json')));
    const rest = ['older.json', 'new.json', 'oldest-but-kept.json', 'gone.json'];
    removeLeastRecentlyUsed(dir, rest, { maxBytes: 20 }, new Set(['oldest-but-kept.json']));
    assert.equal(readdirSync(dir).sort(), ['not-an-entry.txt', 'older.json', 'oldest-but-kept.json'].sort());
  } finally {
    removeDir(dir);
  }
});

test.run();
