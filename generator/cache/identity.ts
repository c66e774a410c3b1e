import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_TEMPLATES } from '../templates-dir.ts';

/** The libraries whose output ends up in generated files: a new version of one may change it. */
const TOOLS = [
  'typescript',
  'typescript-native',
  'openapi-typescript',
  // Its structure printers, and the TypeScript @ts-morph/common bundles for them, write the emitters' files.
  'ts-morph',
  '@ts-morph/common',
  'oxfmt',
  'prettier',
  'handlebars',
  'yaml',
];

let identity: string | undefined;

/**
 * A hash of everything in this generator that shapes its output: its own code (`generator/`, or
 * `dist/generator/` when built), the built-in templates, and the versions of the tools it drives.
 * Any change to one of them, an upgrade included, misses every cached result made before it.
 */
export function generatorIdentity(): string {
  if (identity !== undefined) return identity;
  const hash = createHash('sha256').update('xgen-result-cache 1\0');
  const generatorDir = dirname(dirname(fileURLToPath(import.meta.url)));
  hashTree(hash, generatorDir, (name) => /\.(ts|js)$/.test(name));
  hashTree(hash, BUILTIN_TEMPLATES, () => true);
  for (const tool of TOOLS) hash.update(`${tool}@${toolVersion(tool, generatorDir)}\0`);
  identity = hash.digest('hex');
  return identity;
}

function hashTree(hash: ReturnType<typeof createHash>, dir: string, wanted: (name: string) => boolean): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) hashTree(hash, path, wanted);
    else if (wanted(name)) hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
  }
}

/** The installed version of a tool, found the way Node resolves it: in the nearest `node_modules` up from here. */
function toolVersion(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest))
      return String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version);
    if (dirname(dir) === dir) return 'unknown';
  }
}
