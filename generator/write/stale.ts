import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PACKAGE_MARKER } from './marker.ts';

/** The staging and retired folders a run makes beside a package (`.<name>.xgen-new-<pid>`, `.xgen-old-<pid>`). */
export function siblingPattern(dir: string): RegExp {
  const name = basename(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.xgen-(new|old)-(\\d+)$`);
}

/** The prefix of the compiler's temporary folders: the pid tells whether the run that made one still runs. */
export function compileFolderPrefix(): string {
  return `xgen-compile-${process.pid}-`;
}

/** Whether a process with this id runs (ours does: a folder with our pid may be in use by this very run). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what killed runs left beside `dir` (a run stopped by SIGKILL, or by a power cut, cleans
 * nothing): only folders named as xgen names them, whose run is gone, and that are recognisably
 * xgen's (empty, or holding the package marker). Returns the folders removed.
 */
export function removeStaleSiblings(dir: string): string[] {
  const parent = dirname(dir);
  const pattern = siblingPattern(dir);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match || running(Number(match[2]))) continue;
    const path = join(parent, name);
    if (isXgenFolder(path, (entries) => entries.length === 0 || entries.includes(PACKAGE_MARKER))) {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}

/** Removes the compiler's temporary folders (in the OS temp folder) that killed runs left. */
export function removeStaleCompileFolders(): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = /^xgen-compile-(\d+)-[A-Za-z0-9]{6}$/.exec(name);
    if (!match || running(Number(match[1]))) continue;
    const path = join(tmpdir(), name);
    if (isXgenFolder(path, (entries) => entries.every((e) => e === 'tsconfig.json' || e === 'src' || e === 'dist'))) {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}

function isXgenFolder(path: string, looksLike: (entries: string[]) => boolean): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory() && looksLike(readdirSync(path));
  } catch {
    return false;
  }
}
