// Compiles xgen's TypeScript sources (generator/) once into JavaScript, for a checkout, a git
// dependency or any install whose dist/ is missing or stale, so that every run after the first
// starts as fast as dist/ does, its worker threads included (they start from the `.js` files beside
// the compiled generator). The build lives in xgen's own folder, never the user's project:
// `.build/<hash of the sources>/generator/`, beside generator/ and templates/, so that templates/,
// package.json and node_modules/ are found from it as they are from dist/. It is made with the
// native `tsc` of the `typescript-native` dependency (types erased, no type check: tsx does not
// check either, and `npm run lint` does), into a temporary folder renamed into place: a run that finds
// another compiling the same sources waits for its build; runs that start at the same moment may
// each compile, one rename wins and the others use the winner's build. XGEN_BUILD=off: no build.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { onEarlySignal } from './early-signals.js';

/** The folder of the builds, relative to xgen's root. */
export const BUILDS = '.build';

/** A build's temporary folder: the start of the sources' hash, the pid of the run, a random part. */
const TEMPORARY = /^\.tmp-([0-9a-f]{16})-(\d+)-[0-9a-f]{8}$/;

/** A build of other sources is removed by the next build once it is this old (a run may still use it). */
const KEEP_MS = 10 * 60_000;

/**
 * The settings of `npm run dist` (tsconfig.build.json, which is not in the package) that shape the
 * JavaScript, given here whole. `noResolve` and `lib: es5` keep tsc from reading what only a type
 * check needs (@types/node is a devDependency): measured, the same files in half the CPU.
 */
const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  rewriteRelativeImportExtensions: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  resolveJsonModule: true,
  noCheck: true,
  noResolve: true,
  skipLibCheck: true,
  lib: ['es5'],
  types: [],
  noEmitOnError: true,
};

/**
 * The compiled `cli/main.js` for sources with this hash, built now if it is not there yet; else why not
 * (the caller then runs the sources as they are).
 * @returns {Promise<{ cli: string, built: boolean } | { reason: string }>}
 */
export async function compiledGenerator(root, hash) {
  const builds = join(root, BUILDS);
  const cli = join(builds, hash, 'generator', 'cli', 'main.js');
  const setting = process.env.XGEN_BUILD?.toLowerCase();
  if (setting === 'off' || setting === '0' || setting === 'false') return { reason: 'XGEN_BUILD is off' };
  if (existsSync(cli)) return { cli, built: false };
  const exe = nativeTsc(root);
  if ('reason' in exe) return exe;
  try {
    mkdirSync(builds, { recursive: true });
  } catch (error) {
    return { reason: `${builds} cannot be made (${error.code ?? error.message})` };
  }
  removeLeftovers(builds, hash);
  // Runs started together (npm test starts many): one compiles, those that find it at work wait.
  if (await builtByAnother(builds, hash, cli)) return { cli, built: false };
  const temporary = join(
    builds,
    `.tmp-${hash.slice(0, 16)}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    mkdirSync(temporary);
  } catch (error) {
    return { reason: `${builds} is not writable (${error.code ?? error.message})` };
  }
  const tsconfig = join(temporary, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        ...COMPILER_OPTIONS,
        rootDir: join(root, 'generator'),
        outDir: join(temporary, 'generator'),
      },
      include: [join(root, 'generator')],
    }),
  );
  const run = await runTsc(exe.path, tsconfig, temporary);
  rmSync(tsconfig, { force: true });
  if (run.code !== 0) {
    rmSync(temporary, { recursive: true, force: true });
    const first = run.output.split('\n').find((line) => line.trim()) ?? `exit ${run.code}`;
    return { reason: `the sources did not compile (${first.trim()})` };
  }
  try {
    renameSync(temporary, join(builds, hash));
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    // Another run renamed its build into place first: the same sources, the same files.
    if (existsSync(cli)) return { cli, built: false };
    return { reason: `the build could not be put in place (${error.code ?? error.message})` };
  }
  return { cli, built: true };
}

/**
 * The native tsc binary, found as the `typescript-native` launcher finds it (without a second Node):
 * the lookup of findNativeCompiler (generator/compile/native.ts), repeated here because this runs
 * before the TypeScript sources are compiled and cannot import them.
 */
function nativeTsc(root) {
  const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}`;
  try {
    const launcher = createRequire(join(root, 'package.json')).resolve('typescript-native/package.json');
    const manifest = createRequire(launcher).resolve(`${platformPackage}/package.json`);
    const path = join(dirname(manifest), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    return existsSync(path) ? { path } : { reason: `${path} is missing` };
  } catch {
    return { reason: `no native tsc (typescript-native and ${platformPackage} are not both installed)` };
  }
}

/**
 * Runs tsc without blocking this thread, so that Ctrl-C is answered at once: the signal stops tsc,
 * and the temporary folder is removed once tsc has ended (it writes no more into it).
 */
function runTsc(exe, tsconfig, temporary) {
  return new Promise((resolve) => {
    const child = spawn(exe, ['-p', tsconfig, '--pretty', 'false'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const ended = new Promise((done) => child.on('close', done));
    const forget = onEarlySignal(async () => {
      child.kill('SIGKILL');
      await ended;
      rmSync(temporary, { recursive: true, force: true });
    });
    child.on('error', (error) => {
      forget();
      resolve({ code: -1, output: `${exe} could not run (${error.code ?? error.message})` });
    });
    child.on('close', (code) => {
      forget();
      resolve({ code: code ?? -1, output });
    });
    signalForTests();
  });
}

/**
 * Whether another live run, building the same sources, put its build in place while this one
 * waited (polling: a signal meanwhile is answered at once). False at once when none is at work, or
 * when it ended without a build: this run then compiles them itself.
 */
async function builtByAnother(builds, hash, cli) {
  const building = () => {
    try {
      return readdirSync(builds).some((name) => {
        const match = TEMPORARY.exec(name);
        return (
          match?.[1] === hash.slice(0, 16) && Number(match[2]) !== process.pid && alive(Number(match[2]))
        );
      });
    } catch {
      return false;
    }
  };
  for (let waited = 0; waited < 60_000 && building(); waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (existsSync(cli)) return true;
  }
  return existsSync(cli);
}

/** For tests (as generator/interrupt.ts): XGEN_SIGNAL_AT=build:SIGINT signals the run while tsc builds. */
function signalForTests() {
  const [at, signal] = (process.env.XGEN_SIGNAL_AT ?? '').split(':');
  if (at === 'build' && (signal === 'SIGINT' || signal === 'SIGTERM')) process.kill(process.pid, signal);
}

/**
 * Removes what earlier builds left: temporary folders of runs that no longer exist (killed), and
 * builds of other sources older than KEEP_MS. Anything else, or anything in use, is kept.
 */
function removeLeftovers(builds, hash) {
  let entries;
  try {
    entries = readdirSync(builds);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of entries) {
    const path = join(builds, name);
    const temporary = TEMPORARY.exec(name);
    try {
      if (temporary) {
        if (!alive(Number(temporary[2]))) rmSync(path, { recursive: true, force: true });
      } else if (/^[0-9a-f]{64}$/.test(name) && name !== hash && now - statSync(path).mtimeMs > KEEP_MS)
        rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first, or it cannot be removed: it only takes room.
    }
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
