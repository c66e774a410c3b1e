/**
 * The code cache (generator/code-cache.ts, issue 38): a second process compiles the big CommonJS
 * files from the entries the first wrote; a corrupt or foreign entry is ignored and replaced;
 * XGEN_CODE_CACHE=off writes nothing; generation gives the same bytes with it off, cold and warm
 * (and says which through XGEN_PROFILE); a signal during a cold run leaves no temporary file; the
 * folder stays bounded.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { codeCacheDir, pruneCodeCache } from '../../generator/code-cache.ts';
import { removeDir, ROOT, tempDir, treeSummary } from '../helpers/cli.ts';

/** A process that loads handlebars (its compiler's files are cached) with the code cache, renders with it, and writes its entries. */
const LOAD = `
import { createRequire } from 'node:module';
import { codeCacheStats, enableCodeCache, saveCodeCache, takeCodeCache } from './generator/code-cache.ts';
enableCodeCache();
const require = createRequire(${JSON.stringify(join(ROOT, 'x.js'))});
const text = require('handlebars').compile('Hello {{name}}')({ name: 'cache' });
const stats = codeCacheStats();
saveCodeCache(takeCodeCache());
console.log(JSON.stringify({ text, stats }));
`;

/** zlib's crc32, where Node has it (what the cache uses then). */
const crc32 = (zlib as unknown as { crc32: (data: Uint8Array) => number }).crc32;

function load(env: Record<string, string>): { text: string; stats: { loaded: number; compiled: number } } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', LOAD], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as ReturnType<typeof load>;
}

const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

test('a second process loads what the first compiled, and gets the same module', () => {
  const dir = tempDir('code-cache');
  try {
    const first = load({ XGEN_CODE_CACHE: dir });
    assert.is(first.text, 'Hello cache');
    assert.is(first.stats.loaded, 0);
    assert.ok(first.stats.compiled > 0, 'the big files are compiled, their entries made');
    assert.is(entries(dir).length, first.stats.compiled);
    assert.ok(
      entries(dir).every((name) => name.endsWith('.v8')),
      'no temporary file is left',
    );
    const second = load({ XGEN_CODE_CACHE: dir });
    assert.equal(second, { text: 'Hello cache', stats: { loaded: first.stats.compiled, compiled: 0 } });
  } finally {
    removeDir(dir);
  }
});

test('a corrupt or foreign entry is ignored and replaced', () => {
  const dir = tempDir('code-cache');
  try {
    const { stats } = load({ XGEN_CODE_CACHE: dir });
    const names = entries(dir);
    const good = names.map((name) => readFileSync(join(dir, name)));
    // Noise; a good header over other data; an entry of another file (its check sum right: V8 refuses it).
    writeFileSync(join(dir, names[0]!), 'not a cache entry');
    const header = good[1]!.subarray(0, good[1]!.indexOf(10) + 1);
    writeFileSync(join(dir, names[1]!), Buffer.concat([header, Buffer.alloc(good[1]!.length, 7)]));
    writeFileSync(join(dir, names[2]!), good[3]!);
    const damaged = load({ XGEN_CODE_CACHE: dir });
    assert.is(damaged.text, 'Hello cache');
    assert.is(damaged.stats.compiled, 3, 'the three damaged entries are misses');
    assert.is(damaged.stats.loaded, stats.compiled - 3);
    // Written again, whole: the next process loads every entry.
    assert.equal(load({ XGEN_CODE_CACHE: dir }).stats, { loaded: stats.compiled, compiled: 0 });
  } finally {
    removeDir(dir);
  }
});

test('XGEN_CODE_CACHE=off writes nothing, in the default folder or anywhere', () => {
  const home = tempDir('code-cache-home');
  try {
    const env = { XGEN_CODE_CACHE: 'off', XGEN_CACHE_DIR: home, XDG_CACHE_HOME: home, HOME: home };
    const run = load(env);
    assert.equal(run, { text: 'Hello cache', stats: { loaded: 0, compiled: 0 } });
    assert.equal(entries(home), []);
    assert.is(codeCacheDir(env), undefined);
    // On by default, beside the result cache.
    assert.is(codeCacheDir({ XGEN_CACHE_DIR: home }), join(home, 'code'));
  } finally {
    removeDir(home);
  }
});

/** `xgen generate` of the Ads spec into `out`, as a process, with the stage profile. */
function generate(
  out: string,
  env: Record<string, string>,
  onStderr?: (text: string, kill: () => void) => void,
) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'bin', 'xgen.js'),
        'generate',
        '--spec',
        join(ROOT, 'spec', 'ads-v12.yaml'),
        '--out',
        out,
        '--name',
        '@test/ads',
        '--no-cache',
        '--quiet',
      ],
      { env: { ...process.env, XGEN_PROFILE: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr, () => child.kill('SIGINT'));
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('generation: the same bytes with the cache off, cold and warm, and the profile says which', async () => {
  const dir = tempDir('code-cache-gen');
  const cache = join(dir, 'cache');
  try {
    const off = await generate(join(dir, 'off'), { XGEN_CODE_CACHE: 'off' });
    assert.is(off.code, 0, off.stderr);
    assert.match(off.stderr, 'xgen code cache off');
    const cold = await generate(join(dir, 'cold'), { XGEN_CODE_CACHE: cache });
    assert.is(cold.code, 0, cold.stderr);
    assert.match(cold.stderr, /xgen code cache cold: 0 files loaded from it, [1-9]\d* compiled/);
    // The emit threads' entries (TypeScript, ts-morph) are written by the main thread.
    assert.ok(entries(cache).length >= 4, entries(cache).join(', '));
    const warm = await generate(join(dir, 'warm'), { XGEN_CODE_CACHE: cache });
    assert.is(warm.code, 0, warm.stderr);
    assert.match(warm.stderr, /xgen code cache warm: [1-9]\d* files loaded from it, 0 compiled/);
    const expected = treeSummary(join(dir, 'off'));
    assert.is(treeSummary(join(dir, 'cold')), expected);
    assert.is(treeSummary(join(dir, 'warm')), expected);
  } finally {
    removeDir(dir);
  }
});

test('a signal while a cold run makes its entries leaves no temporary file, and every entry whole', async () => {
  const dir = tempDir('code-cache-signal');
  const cache = join(dir, 'cache');
  try {
    // Stopped as the threads' entries arrive (after emit) or while they are written (format, compile).
    for (const stage of ['emit', 'format', 'compile']) {
      removeDir(cache);
      let sent = false;
      const run = await generate(join(dir, 'out'), { XGEN_CODE_CACHE: cache }, (text, kill) => {
        if (!sent && text.includes(`@test/ads ${stage} at`)) {
          sent = true;
          kill();
        }
      });
      assert.ok(sent, run.stderr);
      assert.ok(run.code === 130 || run.code === 0, `${stage}: ${run.code} ${run.stderr}`);
      assert.equal(
        entries(cache).filter((name) => !/[.](v8|js)$/.test(name)),
        [],
        `${stage}: nothing but whole entries`,
      );
    }
    // What was written is whole: each entry's data matches the check sum in its header.
    for (const name of entries(cache)) {
      const bytes = readFileSync(join(cache, name));
      const end = bytes.indexOf(10);
      const [magic, kind, sum] = bytes.toString('latin1', 0, end).split(' ');
      const data = bytes.subarray(end + 1);
      assert.is(magic, 'xgen-code-cache-1');
      const actual =
        kind === 'crc32' ? crc32(data).toString(16) : createHash('sha256').update(data).digest('hex');
      assert.is(actual, sum, name);
    }
  } finally {
    removeDir(dir);
  }
});

/** A file in `dir` of `size` bytes, last used `ageS` seconds ago. */
function entryFile(dir: string, name: string, size: number, ageS: number): void {
  writeFileSync(join(dir, name), Buffer.alloc(size, 1));
  const at = new Date(Date.now() - ageS * 1000);
  utimesSync(join(dir, name), at, at);
}

const A = 'a'.repeat(16);
const B = 'b'.repeat(16);
const entryOf = (path: string, build: string) => `${path}-${build.repeat(24)}.v8`;

test('writing entries removes other builds of the same files, never anything else', () => {
  const dir = tempDir('code-cache-prune');
  try {
    entryFile(dir, entryOf(A, '1'), 10, 50); // the same file before a reinstall
    entryFile(dir, entryOf(A, '2'), 10, 0); // just written
    entryFile(dir, entryOf(B, '1'), 10, 100); // another file (another checkout's)
    entryFile(dir, 'notes.txt', 10, 1e6); // not ours
    entryFile(dir, `${entryOf(B, '3')}.1234-0.tmp`, 10, 7200); // a killed run's
    entryFile(dir, `${entryOf(B, '4')}.1235-0.tmp`, 10, 1); // a running run's
    entryFile(dir, `${'e'.repeat(40)}.js`, 10, 500); // compiled text (a template), of no file
    entryFile(dir, `${'e'.repeat(40)}.js.1236-0.tmp`, 10, 7200); // a killed run's
    pruneCodeCache(dir, [entryOf(A, '2')]);
    assert.equal(
      entries(dir),
      [
        entryOf(A, '2'),
        entryOf(B, '1'),
        `${entryOf(B, '4')}.1235-0.tmp`,
        `${'e'.repeat(40)}.js`,
        'notes.txt',
      ].sort(),
    );
  } finally {
    removeDir(dir);
  }
});

test('beyond its bound the folder loses the least recently used entries first, never new ones', () => {
  const dir = tempDir('code-cache-prune');
  try {
    const C = 'c'.repeat(16);
    const D = 'd'.repeat(16);
    entryFile(dir, entryOf(A, '1'), 400, 300);
    entryFile(dir, entryOf(B, '1'), 400, 10);
    entryFile(dir, entryOf(C, '1'), 400, 200);
    entryFile(dir, entryOf(D, '1'), 400, 1e5); // new, even with an old time
    pruneCodeCache(dir, [entryOf(D, '1')], 1000);
    assert.equal(entries(dir), [entryOf(B, '1'), entryOf(D, '1')]);
  } finally {
    removeDir(dir);
  }
});

test('an entry read is marked used, so that pruning keeps it', () => {
  const dir = tempDir('code-cache');
  try {
    load({ XGEN_CODE_CACHE: dir });
    const old = new Date(Date.now() - 3600_000);
    for (const name of entries(dir)) utimesSync(join(dir, name), old, old);
    assert.is(load({ XGEN_CODE_CACHE: dir }).stats.compiled, 0);
    for (const name of entries(dir))
      assert.ok(Date.now() - statSync(join(dir, name)).mtimeMs < 600_000, `${name} was marked when read`);
  } finally {
    removeDir(dir);
  }
});

test.run();
