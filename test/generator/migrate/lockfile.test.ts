/**
 * The version a consumer's last commit locked, from each lockfile kind `xgen migrate <package>`
 * reads: npm's (at the root and in a workspace), pnpm's and yarn's (classic and berry).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  committedLockfile,
  lockedVersion,
  versionBeforeUpgrade,
} from '../../../generator/migrate/lockfile.ts';
import { removeDir, tempDir, writeTree } from '../../helpers/cli.ts';

let work = '';
test.before(() => {
  work = tempDir('lockfile');
});
test.after(() => removeDir(work));

/** A repo with these files committed; returns its folder. */
function repo(name: string, files: [string, string][]): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeTree(dir, files);
  const git = (args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git(['init', '-q']);
  git(['add', '-A']);
  git(['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'lock']);
  return dir;
}

const locked = (cwd: string, name: string) => {
  const lock = committedLockfile(cwd);
  assert.ok(lock, 'a committed lockfile');
  return lockedVersion(lock, name);
};

test('npm: the committed version, not the one on disk; a workspace reads the root lockfile', () => {
  const lock = {
    lockfileVersion: 3,
    packages: {
      '': {},
      'node_modules/@acme/x': { version: '1.2.0' },
      'packages/app/node_modules/@acme/x': { version: '2.0.1' },
    },
  };
  const dir = repo('npm', [
    ['package-lock.json', JSON.stringify(lock)],
    ['packages/app/package.json', '{}'],
  ]);
  writeTree(dir, [
    ['package-lock.json', '{"lockfileVersion":3,"packages":{"node_modules/@acme/x":{"version":"3.0.0"}}}'],
  ]);
  assert.equal(locked(dir, '@acme/x'), { version: '1.2.0' });
  assert.equal(locked(join(dir, 'packages', 'app'), '@acme/x'), { version: '2.0.1' });
  assert.equal(locked(dir, '@acme/y'), { missing: 'package-lock.json at HEAD has no @acme/y' });
});

test('pnpm 9: the importer of the current folder, peers stripped', () => {
  const yaml = `lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      '@acme/x':\n        specifier: ^1.0.0\n        version: 1.4.0(typescript@5.9.3)\n  packages/app:\n    devDependencies:\n      '@acme/x':\n        specifier: ^2.0.0\n        version: 2.1.0\n`;
  const dir = repo('pnpm', [
    ['pnpm-lock.yaml', yaml],
    ['packages/app/package.json', '{}'],
  ]);
  assert.equal(locked(dir, '@acme/x'), { version: '1.4.0' });
  assert.equal(locked(join(dir, 'packages', 'app'), '@acme/x'), { version: '2.1.0' });
});

test('yarn classic and berry; several versions of one package ask for --from', () => {
  const classic = `# yarn lockfile v1\n\n"@acme/x@^1.0.0", "@acme/x@^1.1.0":\n  version "1.3.0"\n  resolved "https://registry.example/x.tgz"\n\nleft-pad@^1.0.0:\n  version "1.3.0"\n`;
  assert.equal(locked(repo('yarn1', [['yarn.lock', classic]]), '@acme/x'), { version: '1.3.0' });
  const berry = `__metadata:\n  version: 8\n\n"@acme/x@npm:^2.0.0":\n  version: 2.2.0\n  resolution: "@acme/x@npm:2.2.0"\n`;
  assert.equal(locked(repo('berry', [['yarn.lock', berry]]), '@acme/x'), { version: '2.2.0' });
  const two = `"@acme/x@^1.0.0":\n  version "1.3.0"\n\n"@acme/x@^2.0.0":\n  version "2.0.0"\n`;
  assert.equal(locked(repo('yarn-two', [['yarn.lock', two]]), '@acme/x'), {
    missing: 'yarn.lock at HEAD locks several versions of @acme/x (1.3.0, 2.0.0)',
  });
});

test('the upgrade committed: the version the lockfile locked before it, found back through its history', () => {
  const npmLock = (version: string) =>
    JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/@acme/x': { version } } });
  const dir = repo('upgraded', [['package-lock.json', npmLock('1.0.0')]]);
  const git = (args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  const commit = (message: string, files: [string, string][]) => {
    writeTree(dir, files);
    git(['add', '-A']);
    git(['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', message]);
  };
  // Renovate's branch: the upgrade, then a commit that leaves the lockfile alone.
  git(['checkout', '-qb', 'renovate/acme-x-2.x']);
  commit('chore(deps): update @acme/x to v2', [['package-lock.json', npmLock('2.0.0')]]);
  commit('docs', [['README.md', 'hello']]);
  const lock = committedLockfile(dir);
  assert.ok(lock);
  assert.equal(lockedVersion(lock, '@acme/x'), { version: '2.0.0' });
  const before = versionBeforeUpgrade(lock, '@acme/x', '2.0.0');
  assert.is(before?.version, '1.0.0');
  assert.is(before?.subject, 'lock');
  // Added at the version installed: nothing earlier to migrate from.
  const fresh = repo('added', [['package-lock.json', npmLock('2.0.0')]]);
  assert.is(versionBeforeUpgrade(committedLockfile(fresh)!, '@acme/x', '2.0.0'), undefined);
});

test('no lockfile in the last commit, or no git at all: undefined', () => {
  assert.is(committedLockfile(repo('none', [['package.json', '{}']])), undefined);
  // test/.tmp is inside this repository: the file system's root is outside any.
  assert.is(committedLockfile('/'), undefined);
});

test.run();
