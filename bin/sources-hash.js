// The hash of xgen's TypeScript sources (generator/): `npm run dist` records it beside what it compiled
// (dist/sources.sha256), and bin/xgen.js runs dist/ only while the sources still hash to it. Contents,
// not modification times: npm unpacks a tarball's files in its own order and gives them times of its own.
// Run as a script (`node bin/sources-hash.js --write`), it writes the record after a build.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run dist` records the hash, relative to xgen's root. */
export const RECORD = join('dist', 'sources.sha256');

/** The SHA-256 of every file under `dir` (relative paths in a fixed order, and contents). */
export function sourcesHash(dir) {
  const hash = createHash('sha256');
  const walk = (folder, prefix) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else hash.update(`${prefix}${entry.name}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(dir, '');
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--write') {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(join(root, RECORD), `${sourcesHash(join(root, 'generator'))}\n`);
}
