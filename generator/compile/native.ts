import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { stageReached, stopOnInterrupt } from '../interrupt.ts';
import { compileFolderPrefix, temporaryFolder } from '../temporary.ts';
import { dirname, join, posix } from 'node:path';
import { BUILD_COMPILER_OPTIONS } from '../package-compiler-options.ts';
import { CompileError } from '../errors.ts';

/** Where TypeScript 7's native `tsc` is, or why it is not there. */
export type NativeCompiler = { exe: string } | { unavailable: string };

/**
 * The native `tsc` of the `typescript-native` dependency (npm `typescript@7`). Its package holds a
 * small launcher; the binary comes in one optional package per platform
 * (`@typescript/typescript-linux-x64`, ...), which npm installs only where it runs. This finds it
 * as the launcher does, without starting a second Node process to launch it.
 */
export function findNativeCompiler(): NativeCompiler {
  const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}`;
  let exe: string;
  try {
    const require = createRequire(import.meta.url);
    const launcher = require.resolve('typescript-native/package.json');
    const manifest = createRequire(launcher).resolve(`${platformPackage}/package.json`);
    exe = join(dirname(manifest), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
  } catch {
    return { unavailable: `${platformPackage} is not installed (no native build for this platform?)` };
  }
  return existsSync(exe) ? { exe } : { unavailable: `${exe} is missing` };
}

/** What running the native compiler gave: the files, or why the binary could not run at all. */
export type NativeResult = { files: Map<string, string> } | { unavailable: string };

/**
 * Compiles a package's `src/` into `dist/` (ESM JavaScript and `.d.ts`) with the native `tsc`, in a
 * temporary folder, type-checking it under the strict settings the package ships. Returns the new
 * files by package path; a package that does not type-check is a CompileError with tsc's diagnostics.
 */
export async function compileNative(
  exe: string,
  files: Map<string, string>,
  label: string,
  check = true,
): Promise<NativeResult> {
  // Named with this run's pid, so that a later run can tell a killed run's folder (temporary.ts);
  // removed on SIGINT/SIGTERM too (interrupt.ts).
  const dir = mkdtempSync(join(tmpdir(), compileFolderPrefix()));
  const forget = temporaryFolder(dir);
  try {
    // Written and read without blocking this thread (a package of GitHub's size has hundreds of
    // files): a signal meanwhile is answered at once.
    const made = new Set<string>();
    const writes: Promise<void>[] = [];
    for (const [path, text] of files) {
      if (!path.startsWith('src/') || !path.endsWith('.ts')) continue;
      const file = join(dir, path);
      const parent = dirname(file);
      if (!made.has(parent)) {
        mkdirSync(parent, { recursive: true });
        made.add(parent);
      }
      writes.push(writeFile(file, text));
    }
    const tsconfig = {
      compilerOptions: { ...BUILD_COMPILER_OPTIONS, rootDir: 'src', outDir: 'dist', noEmitOnError: false },
      include: ['src'],
    };
    writes.push(writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig)));
    await Promise.all(writes);
    await stageReached('tsc');
    const run = await runTsc(exe, dir, threading(sourceBytes(files)));
    if (run.error)
      return {
        unavailable: `${exe} could not run (${(run.error as NodeJS.ErrnoException).code ?? run.error.message})`,
      };
    // 0: done; 2: errors, output written; 1: errors, nothing written (a bad configuration).
    if (run.status !== 0 && run.status !== 2 && run.status !== 1) {
      throw new CompileError(
        `generated ${label} could not be compiled: tsc exited ${run.status ?? run.signal}${run.stderr ? `\n${run.stderr.trim()}` : ''}`,
      );
    }
    const errors = run.status === 0 ? [] : diagnostics(run.stdout + run.stderr);
    if (check && run.status !== 0) {
      throw new CompileError(
        `generated ${label} does not type-check (${errors.length} errors):\n${errors.slice(0, 5).join('\n')}`,
      );
    }
    const out = new Map<string, string>();
    const dist = join(dir, 'dist');
    if (!existsSync(dist)) throw new CompileError(`generated ${label} could not be compiled`);
    const paths = walk(dist);
    const texts = await Promise.all(paths.map((path) => readFile(join(dist, path), 'utf8')));
    paths.forEach((path, i) => out.set(posix.join('dist', path), texts[i]!));
    return { files: new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b))) };
  } finally {
    // Removed while the next stages work: unlinking a package's sources and dist/ (hundreds of
    // files) takes 0.3 s of waiting for X's, 0.6 s for Stripe's, on this machine, little of it CPU.
    // The folder stays registered for a signal until then; `compileFoldersRemoved` waits for it.
    const removed = rm(dir, { recursive: true, force: true })
      .catch(() => {})
      .finally(() => {
        forget();
        removing.delete(removed);
      });
    removing.add(removed);
  }
}

/** The compile folders being removed (compileNative leaves its folder's removal running). */
const removing = new Set<Promise<void>>();

/** Resolves once every compile folder this process made is removed: before it exits. */
export async function compileFoldersRemoved(): Promise<void> {
  while (removing.size > 0) await Promise.all(removing);
}

/**
 * Runs `tsc -p tsconfig.json` in `dir` without blocking this thread: another package's stages go on
 * while it compiles (generator/generate.ts runs the packages of a config side by side).
 */
function runTsc(
  exe: string,
  dir: string,
  threads: string[],
): Promise<{
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  error?: Error;
}> {
  return new Promise((resolve) => {
    const child = spawn(exe, ['-p', 'tsconfig.json', '--pretty', 'false', ...threads], {
      cwd: dir,
      env: compilerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forget = stopOnInterrupt(() => child.kill('SIGKILL'));
    child.on('close', forget);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
    child.on('error', (error) => resolve({ status: null, signal: null, stdout: '', stderr: '', error }));
    child.on('close', (status, signal) =>
      resolve({ status, signal, stdout: text(stdout), stderr: text(stderr) }),
    );
  });
}

/** From this much TypeScript in `src/` on, a package is checked by several checkers side by side (`threading`). */
export const PARALLEL_CHECK_BYTES = 4 * 2 ** 20;

/** The bytes of TypeScript the compiler is given (the package's `src/`). */
function sourceBytes(files: Map<string, string>): number {
  let bytes = 0;
  for (const [path, text] of files) if (path.startsWith('src/') && path.endsWith('.ts')) bytes += text.length;
  return bytes;
}

/**
 * How the native `tsc` spreads its work: a package under PARALLEL_CHECK_BYTES of sources on one
 * thread (`--singleThreaded`), a bigger one with `checkers` checkers. On a small package the
 * threads save little time and cost memory and processor time (each checker redoes the global
 * types): X's package (1.7 MB), 3 rotated rounds on 2 cores under load, 128 MB peak against 146 MB
 * with 2 checkers, 0.71-0.77 s CPU against 0.81-0.91 s; the process tree's peak is xgen's memory
 * plus the compiler's. GitHub's (9.7 MB) spends the same CPU either way (2.5-2.8 s) and its check
 * is long enough for checkers side by side to shorten it where cores are free.
 */
export function threading(bytes: number, cores = availableParallelism()): string[] {
  return bytes < PARALLEL_CHECK_BYTES || cores < 2
    ? ['--singleThreaded']
    : ['--checkers', String(checkers(cores))];
}

/**
 * How many type checkers the native `tsc` runs side by side for a big package (`threading`): its default (4), or one a core where
 * there are fewer. More checkers than cores do not check sooner; each redoes the global types and
 * holds its own caches: on 2 cores, GitHub's package peaked at 318-334 MB with 2, 339-350 MB with 4,
 * for the same CPU time.
 */
export function checkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores));
}

/**
 * The native `tsc`'s environment: Go's garbage collector set to collect when the heap has grown to
 * five times what the last collection left (GOGC=400), unless GOGC is set already. Nearly all that
 * tsc allocates stays live until it exits, so Go's default (a collection at every doubling) is work
 * that frees little: measured on the compiler alone, 6 rotated rounds on X's package and 5 on
 * GitHub's, CPU fell from 0.83 to 0.74 s and from 3.15 to 2.52 s, wall from 0.48 to 0.43 s and from
 * 2.03 to 1.70 s, for a peak of 118 MB against 116 and 342 MB against 314 (GOGC=off saved a little
 * more, with no bound at all on a package whose compiler makes garbage).
 */
export function compilerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return env.GOGC === undefined ? { ...env, GOGC: '400' } : env;
}

/** Every file under `dir`, by its posix path relative to it. */
function walk(dir: string, prefix = ''): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) paths.push(...walk(dir, path));
    else paths.push(path);
  }
  return paths;
}

/**
 * tsc's `--pretty false` diagnostics (`src/a.ts(3,7): error TS2322: message`, then the message
 * chain indented) as `src/a.ts:3:7: message` with the chain on the following lines, as the in-process
 * compiler reports them.
 */
export function diagnostics(output: string): string[] {
  const found: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    const located = /^(.+?)\((\d+),(\d+)\): error TS\d+: (.*)$/.exec(line);
    const global = located ? undefined : /^error TS\d+: (.*)$/.exec(line);
    if (located) found.push(`${located[1]}:${located[2]}:${located[3]}: ${located[4]}`);
    else if (global) found.push(`: ${global[1]}`);
    else if (found.length > 0 && line.startsWith(' ') && line.trim() !== '')
      found[found.length - 1] += `\n${line}`;
  }
  return found;
}
