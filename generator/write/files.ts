import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';

/** Every file under `dir`, by path relative to it (with `/`), sorted. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) {
        if (name !== 'node_modules') walk(path);
      } else out.push(path);
    }
  };
  walk('');
  return out;
}

/** How the files on disk differ from the generated ones. */
export interface Staleness {
  added: string[];
  removed: string[];
  changed: string[];
}

export function compareWithDisk(dir: string, files: Map<string, string>): Staleness {
  const onDisk = new Set(listFiles(dir));
  const added: string[] = [];
  const changed: string[] = [];
  for (const [path, text] of files) {
    if (!onDisk.has(path)) added.push(path);
    else if (readFileSync(join(dir, path), 'utf8') !== text) changed.push(path);
    onDisk.delete(path);
  }
  return { added, removed: [...onDisk].sort(), changed };
}

/**
 * Writes a whole package atomically: the new tree is written beside the old one and swapped in
 * only when complete, so a failure leaves the old package as it was and no staging folder behind.
 * A `node_modules` folder inside the old package (a user's install) moves over to the new one.
 */
export function writePackageAtomically(dir: string, files: Map<string, string>): void {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const staging = join(parent, `.${basename(dir)}.xgen-new-${process.pid}`);
  const retired = join(parent, `.${basename(dir)}.xgen-old-${process.pid}`);
  // Leftovers of a run that was killed with this same pid would make the renames below fail.
  rmSync(staging, { recursive: true, force: true });
  rmSync(retired, { recursive: true, force: true });
  try {
    for (const [path, text] of files) {
      if (isAbsolute(path) || path.split(/[\\/]/).includes('..')) throw new Error(`refusing to write outside the package: ${path}`);
      const target = join(staging, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const modules = join(dir, 'node_modules');
  const stagedModules = join(staging, 'node_modules');
  let movedModules = false;
  try {
    if (existsSync(modules)) {
      renameSync(modules, stagedModules);
      movedModules = true;
    }
    if (existsSync(dir)) renameSync(dir, retired);
    renameSync(staging, dir);
  } catch (error) {
    // Put the old tree back as it was, node_modules included, before dropping the staged one.
    if (!existsSync(dir) && existsSync(retired)) renameSync(retired, dir);
    if (movedModules && existsSync(stagedModules) && existsSync(dir)) renameSync(stagedModules, modules);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  rmSync(retired, { recursive: true, force: true });
}
