#!/usr/bin/env node
// The published entry point: runs the compiled generator (dist/, built by `npm run build` and by
// `npm pack`). In a checkout that has not been built, it runs the TypeScript sources through tsx
// (a devDependency) instead, so `node bin/xgen.js` works from a fresh clone after `npm ci`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/generator/cli.js', import.meta.url);
const source = new URL('../generator/cli.ts', import.meta.url);

async function load() {
  if (existsSync(fileURLToPath(dist))) return import(dist.href);
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!existsSync(fileURLToPath(source))) {
    throw new Error(`${root}dist/ is missing: run \`npm run build\` in ${root}`);
  }
  let tsx;
  try {
    tsx = await import('tsx/esm/api');
  } catch {
    throw new Error(`${root}dist/ is missing and tsx is not installed: run \`npm ci && npm run build\` in ${root}`);
  }
  return tsx.tsImport(source.href, import.meta.url);
}

load().then(
  ({ main }) =>
    main(process.argv.slice(2)).then(
      (code) => process.exit(code),
      (error) => {
        console.error(`xgen: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    ),
  (error) => {
    console.error(`xgen: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
