import { mkdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * A folder of cache entries kept bounded by use: what the result cache (cache/result-cache.ts) and
 * the code cache (code-cache.ts) share. An entry is written in one step (a temporary file renamed
 * over it: no reader, signal or concurrent run sees half of one), marked used when read (its
 * modification time is its last use), and the least recently used go first once the folder holds
 * more than its bound. Nothing here throws: a cache that cannot be written or pruned is skipped.
 */

/**
 * Writes an entry in one step; false, with no temporary file left, when it cannot. `writer` tells
 * concurrent writers' temporary files apart (`<entry>.<writer>.tmp`).
 */
export function writeEntry(path: string, data: string | Uint8Array, writer = String(process.pid)): boolean {
  const temporary = `${path}.${writer}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, path);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

/** Marks an entry used now: the last to go when the folder is pruned. False when it cannot be touched. */
export function markUsed(path: string): boolean {
  try {
    const now = new Date();
    utimesSync(path, now, now);
    return true;
  } catch {
    return false;
  }
}

/** How much a folder keeps: at most so many entries, at most so many bytes of them, or both. */
export interface FolderBound {
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * Removes the least recently used of the entries `names` of `dir` beyond `bound`; never one of
 * `keep` (just written), never a file not among `names`. An entry another run removed first is
 * left out.
 */
export function removeLeastRecentlyUsed(
  dir: string,
  names: readonly string[],
  bound: FolderBound,
  keep: ReadonlySet<string> = new Set(),
): void {
  const entries: { name: string; size: number; used: number }[] = [];
  for (const name of names) {
    try {
      const { size, mtimeMs } = statSync(join(dir, name));
      entries.push({ name, size, used: keep.has(name) ? Infinity : mtimeMs });
    } catch {
      // Gone already.
    }
  }
  const maxEntries = bound.maxEntries ?? Infinity;
  const maxBytes = bound.maxBytes ?? Infinity;
  let count = entries.length;
  let bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
  for (const entry of entries.sort((a, b) => a.used - b.used)) {
    if ((count <= maxEntries && bytes <= maxBytes) || entry.used === Infinity) break;
    rmSync(join(dir, entry.name), { force: true });
    count--;
    bytes -= entry.size;
  }
}
