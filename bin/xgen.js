#!/usr/bin/env node
// The `xgen` command. It needs none of xgen's devDependencies, so that a git dependency or a tarball
// installs in seconds: it runs the compiled generator in dist/ when that is there and current (the
// sources still hash to what `npm run dist` recorded: see sources-hash.js), else the TypeScript
// sources. In a checkout those run through tsx (a devDependency: source maps, fast); installed
// without tsx, through bin/ts-loader.js, which compiles each file with the `typescript` dependency.
// Output is flushed whole before exit, and SIGINT/SIGTERM stop a run cleanly (generator/cli.ts runAsProcess;
// before it is loaded, early-signals.js, imported first so that it is in place before anything else runs).
import { exitWhenFlushed, releaseEarlySignals } from './early-signals.js';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RECORD, sourcesHash } from './sources-hash.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist', 'generator', 'cli.js');
const sources = join(root, 'generator');

/** Whether dist/ was compiled from the sources as they are now (a build without a record is not). */
function current() {
  let recorded;
  try {
    recorded = readFileSync(join(root, RECORD), 'utf8').trim();
  } catch {
    return false;
  }
  return recorded === sourcesHash(sources);
}

async function load() {
  const built = existsSync(dist);
  const haveSources = existsSync(join(sources, 'cli.ts'));
  if (built && (!haveSources || current())) return import(dist);
  if (!haveSources) throw new Error(`${root} has neither dist/ nor generator/: reinstall xgen`);
  const cli = join(sources, 'cli.ts');
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
