/**
 * xgen in a consumer's repo on a CI runner (issue 27, item 1): a repo made here depends on xgen the two
 * ways the README gives, a git dependency and a tarball committed inside the repo (vendor/). Each is
 * committed, cloned fresh, installed with `npm ci` and an empty npm cache (a new folder), then
 * `npm run generate` runs. npm builds nothing (xgen has no build/prepare/prepack script, so npm does not
 * install its devDependencies) and bin/xgen.js runs without them. This installs xgen's real dependencies
 * from the registry: it takes about as long as an `npm ci` of them (seconds, not a minute).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';
// @ts-expect-error: plain JavaScript without declarations (the bin's own helper)
import { sourcesHash } from '../../bin/sources-hash.js';

const exec = promisify(execFile);
let work = '';

/** This environment without what `npm test` sets for its scripts (npm_config_*: its cache among them). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) && key !== 'XGEN_CACHE') env[key] = value;
  return { ...env, XGEN_CACHE_DIR: join(work, 'xgen-cache') };
}

async function sh(cwd: string, command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await exec(command, args, {
      cwd,
      env: cleanEnv(),
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${e.stderr || e.stdout || e.message}`);
  }
}

const git = (cwd: string, ...args: string[]) =>
  sh(cwd, 'git', [
    '-c',
    'user.email=ci@example.com',
    '-c',
    'user.name=CI',
    '-c',
    'init.defaultBranch=main',
    ...args,
  ]);

test.before(async () => {
  work = tempDir('install');
});
test.after(() => removeDir(work));

/** xgen's working tree (tracked and new files, as a commit of it would hold them) as a git repository. */
async function xgenRepository(): Promise<string> {
  const source = join(work, 'xgen');
  const files = (await sh(ROOT, 'git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard']))
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(source, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(source, file));
  }
  await git(source, 'init', '-q');
  await git(source, 'add', '-A');
  await git(source, 'commit', '-qm', 'xgen');
  return source;
}

/** A consumer repo depending on xgen by `dependency`, committed, then cloned fresh: the clone's path. */
async function consumer(
  name: string,
  dependency: string,
  extra: (dir: string) => void = () => {},
): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  copyFileSync(join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml'), join(dir, 'petstore.yaml'));
  writeFileSync(
    join(dir, 'xgen.config.yaml'),
    'packages:\n  - spec: petstore.yaml\n    out: gen/pets\n    name: pets\n',
  );
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, private: true, scripts: { generate: 'xgen generate' }, devDependencies: { xgen: dependency } }, null, 2)}\n`,
  );
  extra(dir);
  // What the consumer commits: package.json, package-lock.json (made here without installing), config, spec.
  // One cache for the two locks, apart from the installs' (which start empty): the second lock reads
  // the registry's answers the first kept, as a developer's machine would have them.
  await sh(dir, 'npm', [
    'install',
    '--package-lock-only',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--cache',
    join(work, 'lock-cache'),
  ]);
  await git(dir, 'init', '-q');
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', 'consumer');
  const clone = join(work, `${name}-clone`);
  await git(work, 'clone', '-q', dir, clone);
  return clone;
}

async function installAndGenerate(clone: string, cacheName: string): Promise<void> {
  const cache = join(work, cacheName);
  assert.not.ok(existsSync(cache), 'the npm cache starts empty');
  await sh(clone, 'npm', ['ci', '--no-audit', '--no-fund', '--cache', cache]);
  assert.not.ok(existsSync(join(clone, 'node_modules', 'tsx')), 'no devDependency of xgen was installed');
  // npm installs a git dependency's devDependencies (a minute here) when it has one of these scripts.
  const { scripts = {} } = JSON.parse(
    readFileSync(join(clone, 'node_modules', 'xgen', 'package.json'), 'utf8'),
  ) as { scripts?: Record<string, string> };
  for (const script of ['build', 'prepare', 'prepack', 'preinstall', 'install', 'postinstall'])
    assert.not.ok(scripts[script], `xgen has no "${script}" script`);
  const out = await sh(clone, 'npm', ['run', '--silent', 'generate']);
  assert.match(out, /gen\/pets: wrote pets \(\d+ files\)/);
  assert.match(readFileSync(join(clone, 'gen', 'pets', 'package.json'), 'utf8'), '"name": "pets"');
  // Installed without dist/: the first run compiled xgen's sources once, in xgen's own folder.
  const xgen = join(clone, 'node_modules', 'xgen');
  const hash = (sourcesHash as (dir: string) => string)(join(xgen, 'generator'));
  assert.ok(existsSync(join(xgen, '.build', hash, 'generator', 'cli', 'main.js')), 'the sources were built');
}

test('a git dependency and a tarball in vendor/: npm ci with an empty cache in a fresh clone, then npm run generate', async () => {
  const source = await xgenRepository();
  const bare = join(work, 'xgen.git');
  await git(work, 'clone', '-q', '--bare', source, bare);
  const viaGit = await consumer('by-git', `git+file://${bare}`);
  assert.match(
    readFileSync(join(viaGit, 'package-lock.json'), 'utf8'),
    /"resolved": "git\+file:\/\/.*#[0-9a-f]{40}"/,
  );
  await installAndGenerate(viaGit, 'git-cache');

  // The tarball as `npm pack` makes it in a checkout of xgen, kept inside the consumer's repo.
  const packed = join(work, 'packed');
  mkdirSync(packed);
  const tarball =
    (await sh(source, 'npm', ['pack', '--silent', '--pack-destination', packed])).trim().split('\n').pop() ??
    '';
  const viaTarball = await consumer('by-tarball', `file:vendor/${tarball}`, (dir) => {
    mkdirSync(join(dir, 'vendor'));
    copyFileSync(join(packed, tarball), join(dir, 'vendor', tarball));
  });
  await installAndGenerate(viaTarball, 'tarball-cache');
});

test.run();
