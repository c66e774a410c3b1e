import { createHash } from 'node:crypto';

/** A package's files (path to text) as one hash: the same files, the same hash. */
export function filesHash(files: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`${path}\0${text}\0`);
  return hash.digest('hex');
}
