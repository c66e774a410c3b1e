#!/usr/bin/env node
// The `xgen` command. Installed (from a tarball, a git dependency or the registry) it runs the compiled
// generator in dist/. In a checkout it runs the TypeScript sources through tsx (a devDependency) when
// dist/ is missing or older than them, so `node bin/xgen.js` always runs the code you see.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const checkout = existsSync(join(sources, 'cli.ts'));
  if (built && (!checkout || newest(join(root, 'dist', 'generator')) >= newest(sources))) return import(dist);
  if (!checkout) throw new Error(`${root}dist/ is missing: run \`npm run build\` in ${root}`);
  let tsx;
  try {
    tsx = await import('tsx/esm/api');
  } catch {
    if (built) return import(dist); // older than the sources, but all there is
    throw new Error(`${root}dist/ is missing and tsx is not installed: run \`npm ci && npm run build\` in ${root}`);
  }
  return tsx.tsImport(join(sources, 'cli.ts'), import.meta.url);
}

const fail = (error) => {
  console.error(`xgen: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
};

load().then(({ main }) => main(process.argv.slice(2)).then((code) => process.exit(code), fail), fail);
