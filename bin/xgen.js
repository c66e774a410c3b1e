#!/usr/bin/env node
// The `xgen` command. It needs none of xgen's devDependencies, so that a git dependency or a tarball
// installs in seconds: it runs the compiled generator in dist/ when that is there and current (the
// sources still hash to what `npm run dist` recorded: see sources-hash.js), else a build of the
// sources made once for their hash (build.js: `.build/<hash>/`, with the native tsc dependency).
// Only when that build cannot be made (XGEN_BUILD=off, no native tsc, an unwritable folder, sources
// that do not compile) do the TypeScript sources run as they are: through tsx in a checkout (a
// devDependency: source maps, and a syntax error reported where it is), else through
// bin/ts-loader.js, which compiles each file with the `typescript` dependency; `--verbose` says why.
// Output is flushed whole before exit, and SIGINT/SIGTERM stop a run cleanly (generator/cli/main.ts runAsProcess;
// before it is loaded, early-signals.js, imported first so that it is in place before anything else runs).
import { exitWhenFlushed, releaseEarlySignals } from './early-signals.js';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledGenerator } from './build.js';
import { RECORD, sourcesHash } from './sources-hash.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist', 'generator', 'cli', 'main.js');
const sources = join(root, 'generator');
// Why the sources run uncompiled is told only when asked (the flag means the same to the generator).
const verbose = process.argv.includes('--verbose');

/** What `npm run dist` recorded it compiled dist/ from; undefined without a record. */
function recorded() {
  try {
    return readFileSync(join(root, RECORD), 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function load() {
  const built = existsSync(dist);
  const haveSources = existsSync(join(sources, 'cli', 'main.ts'));
  if (built && !haveSources) return import(dist);
  if (!haveSources) throw new Error(`${root} has neither dist/ nor generator/: reinstall xgen`);
  const hash = sourcesHash(sources);
  if (built && recorded() === hash) return import(dist);
  const build = await compiledGenerator(root, hash);
  if ('cli' in build) {
    if (verbose && build.built)
      console.error(`xgen: compiled the sources into ${dirname(dirname(build.cli))}`);
    return import(pathToFileURL(build.cli).href);
  }
  if (verbose) console.error(`xgen: running the TypeScript sources as they are: ${build.reason}`);
  const cli = join(sources, 'cli', 'main.ts');
  try {
    const tsx = await import('tsx/esm/api');
    return tsx.tsImport(cli, import.meta.url);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  register('./ts-loader.js', import.meta.url);
  return import(pathToFileURL(cli).href);
}

/**
 * What to do when a package xgen imports is not installed (a checkout before `npm ci`, a broken
 * install), instead of Node's trace naming a loader; undefined for any other error.
 */
function missingDependency(error) {
  const name =
    error?.code === 'ERR_MODULE_NOT_FOUND'
      ? /Cannot find package '([^']+)'/.exec(String(error.message))?.[1]
      : undefined;
  if (name === undefined) return undefined;
  const what = `xgen's dependencies are not installed (no package "${name}")`;
  // A checkout has its lockfile; an installed xgen is reinstalled from its dependent's.
  if (existsSync(join(root, 'package-lock.json'))) return `${what}: run \`npm ci\` in ${root} first`;
  return `${what}: reinstall them (\`npm ci\` in the project that depends on xgen)`;
}

load().then(
  ({ runAsProcess }) => {
    releaseEarlySignals();
    runAsProcess(process.argv.slice(2));
  },
  (error) => {
    console.error(
      `xgen: ${missingDependency(error) ?? (error instanceof Error ? error.message : String(error))}`,
    );
    exitWhenFlushed(1);
  },
);
