/** migrate --dry-run's unified diff: `git apply` takes it and makes the migrated text. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { unifiedDiff } from '../../../generator/migrate/unified-diff.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';

let dir = '';
test.before(() => {
  dir = tempDir('migrate-diff');
});
test.after(() => removeDir(dir));

const lines = (n: number, f: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => f(i)).join('\n') + '\n';

const CASES: Record<string, [string, string]> = {
  'a change followed by a blank context line': ['a\nb\nc\n\nd\n\ne\n', 'a\nB\nc\n\nd\n\ne\n'],
  'the first and the last line': ['one\ntwo\nthree\n', 'ONE\ntwo\nTHREE\n'],
  'two hunks far apart': [
    lines(40, (i) => `line ${i}`),
    lines(40, (i) => (i === 2 || i === 35 ? `changed ${i}` : `line ${i}`)),
  ],
  'lines added and removed': ['a\nb\nc\nd\n', 'a\nc\nx\ny\nd\n'],
};

for (const [name, [before, after]] of Object.entries(CASES)) {
  test(`git apply takes it: ${name}`, () => {
    const file = join(dir, 'file.ts');
    writeFileSync(file, before);
    // As migrate prints it: the diff without its final newline, then a newline from the line printer.
    const patch = join(dir, 'change.diff');
    writeFileSync(patch, unifiedDiff('file.ts', before, after).replace(/\n$/, '') + '\n');
    execFileSync('git', ['apply', '--unsafe-paths', '--directory', '.', patch], { cwd: dir, stdio: 'pipe' });
    assert.is(readFileSync(file, 'utf8'), after);
  });
}

test('no change, no diff', () => {
  assert.is(unifiedDiff('file.ts', 'a\n', 'a\n'), '');
});

test.run();
