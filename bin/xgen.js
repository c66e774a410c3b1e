#!/usr/bin/env node
// The `xgen` command. It needs none of xgen's devDependencies, so that a git dependency or a tarball
// installs in seconds: it runs the compiled generator in dist/ when that is there and current, else the
// TypeScript sources. In a checkout those run through tsx (a devDependency: source maps, fast); installed
// without tsx, through bin/ts-loader.js, which compiles each file with the `typescript` dependency.
// Output is flushed whole before exit, and SIGINT/SIGTERM stop a run cleanly (generator/cli.ts runAsProcess).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist', 'generator', 'cli.js');
const sources = join(root, 'generator');

/** The newest modification time under `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

async function load() {
  const built = existsSync(dist);
  const haveSources = existsSync(join(sources, 'cli.ts'));
  if (built && (!haveSources || newest(join(root, 'dist', 'generator')) >= newest(sources))) return import(dist);
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

/** Ends the process once stdout and stderr are written out whole (a pipe may still hold some). */
function exitWhenFlushed(code) {
  let pending = 2;
  const done = () => --pending === 0 && process.exit(code);
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', done);
    stream.write('', done);
  }
}

// A signal while the generator loads: nothing has been made yet, but the reply is the same.
const early = (signal) => {
  console.error(`xgen: stopped by ${signal}; its temporary files are removed and no package was replaced after the signal`);
  exitWhenFlushed(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', early);
process.on('SIGTERM', early);

load().then(
  ({ runAsProcess }) => {
    process.off('SIGINT', early);
    process.off('SIGTERM', early);
    runAsProcess(process.argv.slice(2));
  },
  (error) => {
    console.error(`xgen: ${error instanceof Error ? error.message : String(error)}`);
    exitWhenFlushed(1);
  },
);
