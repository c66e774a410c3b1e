/**
 * The compile stage: TypeScript 7's native `tsc` and the TypeScript 5.9 fallback give the same
 * `dist/` once formatted (as generate formats it), byte for byte (the committed packages' own
 * sources, compiled both ways; the two spell string literals differently); a package that
 * does not type-check is a CompileError naming the file, line and message with either compiler;
 * where the native binary is missing, the fallback compiles and says so once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  checkers,
  compilerEnv,
  findNativeCompiler,
  PARALLEL_CHECK_BYTES,
  threading,
} from '../../../generator/compile/native.ts';
import { compilePackage } from '../../../generator/compile/typescript.ts';
import { CompileError } from '../../../generator/errors.ts';
import { formatFiles } from '../../../generator/format/index.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** A committed package's files (src and dist) by package path. */
function committed(name: string): { src: Map<string, string>; dist: Map<string, string> } {
  const dir = join(ROOT, 'generated', name);
  const src = new Map<string, string>();
  const dist = new Map<string, string>();
  const walk = (sub: string): void => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else (sub.startsWith('src') ? src : dist).set(path, readFileSync(join(dir, path), 'utf8'));
    }
  };
  walk('src');
  walk('dist');
  return { src, dist };
}

function firstDifference(a: Map<string, string>, b: Map<string, string>): string | undefined {
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(path) !== b.get(path)) return path;
  }
  return undefined;
}

test('the native compiler is installed on this platform', async () => {
  const found = findNativeCompiler();
  assert.ok('exe' in found, 'unavailable' in found ? found.unavailable : '');
});

for (const name of ['core-v2', 'ads-v12']) {
  test(`${name}: native tsc and TypeScript 5.9 emit the same dist/, the committed one`, async () => {
    const { src, dist } = committed(name);
    const native = await formatFiles(await compilePackage(src, name, true, 'native'));
    const inProcess = await formatFiles(await compilePackage(src, name, true, 'in-process'));
    assert.is(firstDifference(native, inProcess), undefined, 'the two compilers differ');
    assert.is(firstDifference(native, dist), undefined, 'differs from the committed dist/');
    assert.ok(native.size > 20);
  });
}

const BROKEN = new Map([
  ['src/index.ts', "export { ok } from './ok.js';\nexport const broken: number = 'not a number';\n"],
  ['src/ok.ts', "export const ok = ['a', \"it's\"] as const;\n"],
]);

for (const compiler of ['native', 'in-process'] as const) {
  test(`${compiler}: a package that does not type-check is a CompileError with the diagnostics`, async () => {
    try {
      await compilePackage(BROKEN, '@test/broken', true, compiler);
      assert.unreachable('compiled');
    } catch (error) {
      assert.instance(error, CompileError);
      assert.match(
        (error as Error).message,
        "generated @test/broken does not type-check (1 errors):\nsrc/index.ts:2:14: Type 'string' is not assignable to type 'number'.",
      );
    }
  });
}

test('the native compiler runs one checker a core, at most its default four', () => {
  assert.is(checkers(1), 1);
  assert.is(checkers(2), 2);
  assert.is(checkers(4), 4);
  assert.is(checkers(64), 4);
});

test('a small package is compiled on one thread, a big one by a checker a core', () => {
  assert.equal(threading(1_800_000, 2), ['--singleThreaded']);
  assert.equal(threading(PARALLEL_CHECK_BYTES - 1, 8), ['--singleThreaded']);
  assert.equal(threading(PARALLEL_CHECK_BYTES, 2), ['--checkers', '2']);
  assert.equal(threading(10 * 2 ** 20, 8), ['--checkers', '4']);
  assert.equal(threading(10 * 2 ** 20, 1), ['--singleThreaded']);
});

test('unchecked (check = false), both compilers still emit, identically once formatted', async () => {
  const native = await formatFiles(await compilePackage(BROKEN, 'broken', false, 'native'));
  const inProcess = await formatFiles(await compilePackage(BROKEN, 'broken', false, 'in-process'));
  assert.equal([...native.keys()], ['dist/index.d.ts', 'dist/index.js', 'dist/ok.d.ts', 'dist/ok.js']);
  assert.is(firstDifference(native, inProcess), undefined);
  assert.is(native.get('dist/ok.d.ts'), "export declare const ok: readonly ['a', \"it's\"];\n");
});

test('without the native binary, TypeScript 5.9 compiles instead, and xgen says so once', async () => {
  const { src, dist } = committed('ads-v12');
  const said: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  const before = process.env.XGEN_NATIVE_TSC;
  process.env.XGEN_NATIVE_TSC = join(ROOT, 'test/.tmp/no-such-tsc');
  process.stderr.write = ((chunk: string) => (said.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const first = await formatFiles(await compilePackage(src, 'ads-v12'));
    const second = await compilePackage(BROKEN, 'broken', false);
    assert.is(firstDifference(first, dist), undefined);
    assert.ok(second.has('dist/index.js'));
  } finally {
    process.stderr.write = write;
    if (before === undefined) delete process.env.XGEN_NATIVE_TSC;
    else process.env.XGEN_NATIVE_TSC = before;
  }
  assert.is(said.length, 1, said.join(''));
  assert.match(
    said[0]!,
    /TypeScript 7's native compiler is not available: .*no-such-tsc could not run \(ENOENT\)\. Compiling with TypeScript 5\.9 instead/,
  );
});

test("the native tsc runs with Go's collector at GOGC=400, or the user's GOGC", async () => {
  assert.is(compilerEnv({ PATH: '/bin' }).GOGC, '400');
  assert.is(compilerEnv({ PATH: '/bin' }).PATH, '/bin');
  assert.is(compilerEnv({ GOGC: '150' }).GOGC, '150', "the user's setting wins");
  // A stand-in for tsc that writes down the GOGC it was given, then fails as a broken binary would.
  const dir = mkdtempSync(join(tmpdir(), 'xgen-fake-tsc-'));
  const fake = join(dir, 'tsc');
  writeFileSync(fake, `#!/bin/sh\nprintf '%s' "$GOGC" > ${JSON.stringify(join(dir, 'gogc'))}\nexit 3\n`, {
    mode: 0o755,
  });
  const before = process.env.XGEN_NATIVE_TSC;
  const gogc = process.env.GOGC;
  process.env.XGEN_NATIVE_TSC = fake;
  delete process.env.GOGC;
  try {
    const failure = await compilePackage(BROKEN, 'broken', false).catch((error: unknown) => error);
    assert.instance(failure, CompileError);
    assert.match((failure as Error).message, 'tsc exited 3');
    assert.is(readFileSync(join(dir, 'gogc'), 'utf8'), '400');
  } finally {
    if (before === undefined) delete process.env.XGEN_NATIVE_TSC;
    else process.env.XGEN_NATIVE_TSC = before;
    if (gogc !== undefined) process.env.GOGC = gogc;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('XGEN_NATIVE_TSC=off chooses TypeScript 5.9 quietly', async () => {
  const said: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  const before = process.env.XGEN_NATIVE_TSC;
  process.env.XGEN_NATIVE_TSC = 'off';
  process.stderr.write = ((chunk: string) => (said.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    assert.ok((await compilePackage(BROKEN, 'broken', false)).has('dist/ok.js'));
  } finally {
    process.stderr.write = write;
    if (before === undefined) delete process.env.XGEN_NATIVE_TSC;
    else process.env.XGEN_NATIVE_TSC = before;
  }
  assert.equal(said, []);
});

test.run();
