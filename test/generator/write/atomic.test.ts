/** `writePackageAtomically` swaps the new tree in only when it is complete. */
import fs, { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listFiles, writePackageAtomically } from '../../../generator/write/files.ts';
import { removeDir, tempDir, treeSummary } from '../../helpers/cli.ts';

let work = '';
let pkg = '';

test.before.each(() => {
  work = tempDir('atomic');
  pkg = join(work, 'pkg');
  mkdirSync(join(pkg, 'src'), { recursive: true });
  mkdirSync(join(pkg, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(pkg, '.xgen-generated'), 'an earlier run of xgen wrote this package\n');
  writeFileSync(join(pkg, 'package.json'), '{ "name": "old" }\n');
  writeFileSync(join(pkg, 'src', 'old.ts'), 'export const old = 1;\n');
  writeFileSync(join(pkg, 'node_modules', 'dep', 'index.js'), 'installed by the user\n');
});
test.after.each(() => removeDir(work));

const newFiles = () =>
  new Map([
    ['package.json', '{ "name": "new" }\n'],
    ['src/index.ts', 'export const fresh = 1;\n'],
    ['src/deep/nested/file.ts', 'export {};\n'],
  ]);

test('a complete write replaces the whole tree and keeps node_modules', () => {
  writePackageAtomically(pkg, newFiles());
  assert.equal(listFiles(pkg), ['package.json', 'src/deep/nested/file.ts', 'src/index.ts'], 'old files are gone');
  assert.is(readFileSync(join(pkg, 'package.json'), 'utf8'), '{ "name": "new" }\n');
  assert.is(readFileSync(join(pkg, 'node_modules', 'dep', 'index.js'), 'utf8'), 'installed by the user\n');
  assert.equal(readdirSync(work), ['pkg'], 'no staging or retired folder left');
});

test('writes into a folder that does not exist yet (parents included)', () => {
  const target = join(work, 'a', 'b', 'pkg');
  writePackageAtomically(target, newFiles());
  assert.equal(listFiles(target), ['package.json', 'src/deep/nested/file.ts', 'src/index.ts']);
  assert.equal(readdirSync(join(work, 'a', 'b')), ['pkg']);
});

test('a file that cannot be created mid-write leaves the old tree intact and no staging folder', () => {
  const before = treeSummary(pkg);
  // `src/index.ts` is written as a file, so `src/index.ts/child.ts` cannot be created under it.
  const files = newFiles();
  files.set('src/index.ts/child.ts', 'export {};\n');
  files.set('z-after-the-failure.ts', 'export {};\n');
  assert.throws(() => writePackageAtomically(pkg, files), /a file is in the way/);
  assert.is(treeSummary(pkg), before, 'the old package is byte-for-byte as it was');
  assert.equal(readdirSync(work), ['pkg'], 'no staging folder left');
});

test('an invalid file name mid-write leaves the old tree intact', () => {
  const before = treeSummary(pkg);
  const files = new Map([['a.ts', 'export {};\n'], ['bad\0name.ts', 'x'], ['c.ts', 'export {};\n']]);
  assert.throws(() => writePackageAtomically(pkg, files));
  assert.is(treeSummary(pkg), before);
  assert.equal(readdirSync(work), ['pkg']);
});

test('a path that would leave the package is refused before anything is swapped', () => {
  const before = treeSummary(pkg);
  for (const path of ['../escaped.ts', 'src/../../escaped.ts', join(work, 'abs.ts')]) {
    const files = new Map([['a.ts', 'export {};\n'], [path, 'x']]);
    assert.throws(() => writePackageAtomically(pkg, files), /refusing to write outside the package/, path);
  }
  assert.is(treeSummary(pkg), before);
  assert.equal(readdirSync(work), ['pkg']);
});

test('a failure while swapping puts the old tree (and node_modules) back', () => {
  const before = treeSummary(pkg);
  const rename = fs.renameSync;
  // Fail the last step: moving the complete staging folder into place.
  fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
    if (String(from).includes('.xgen-new-') && String(to) === pkg) throw new Error('simulated crash during the swap');
    rename(from, to);
  }) as typeof fs.renameSync;
  syncBuiltinESMExports();
  try {
    assert.throws(() => writePackageAtomically(pkg, newFiles()), /simulated crash/);
  } finally {
    fs.renameSync = rename;
    syncBuiltinESMExports();
  }
  assert.is(treeSummary(pkg), before, 'old files and node_modules are back');
  assert.equal(readdirSync(work), ['pkg'], 'no staging or retired folder left');
});

test('leftovers of an earlier killed run with the same pid do not break the write', () => {
  const staleRetired = join(work, `.pkg.xgen-old-${process.pid}`);
  mkdirSync(join(staleRetired, 'x'), { recursive: true });
  writeFileSync(join(staleRetired, 'x', 'y.ts'), 'left behind\n');
  writePackageAtomically(pkg, newFiles());
  assert.equal(listFiles(pkg), ['package.json', 'src/deep/nested/file.ts', 'src/index.ts']);
  assert.equal(readdirSync(work), ['pkg']);
  assert.ok(existsSync(join(pkg, 'node_modules', 'dep', 'index.js')));
});

test.run();
