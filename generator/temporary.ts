import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from './interrupt.ts';

/*
 * The temporary folders of a run: each is removed at a signal while it exists (`temporaryFolder`),
 * and a name carries the run's pid, so that a later run can tell a folder of a run that is gone
 * (killed by SIGKILL, or by a power cut: it cleaned nothing) from one in use. Shared by compile
 * (which makes its folder in the OS temp folder) and write (which stages a package beside its
 * output, see write/stale.ts).
 */

/** Registers a temporary folder to remove on a signal; the returned function unregisters it. */
export function temporaryFolder(path: string): () => void {
  return onInterrupt(() => rmSync(path, { recursive: true, force: true }));
}

/** The prefix of the compiler's temporary folders: the pid tells whether the run that made one still runs. */
export function compileFolderPrefix(): string {
  return `xgen-compile-${process.pid}-`;
}

/** Whether a process with this id runs (ours does: a folder with our pid may be in use by this very run). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `path` is a folder whose entries look like xgen's (an unrelated folder of the same name is kept). */
export function isXgenFolder(path: string, looksLike: (entries: string[]) => boolean): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory() && looksLike(readdirSync(path));
  } catch {
    return false;
  }
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
    if (!match || processRuns(Number(match[1]))) continue;
    const path = join(tmpdir(), name);
    if (
      isXgenFolder(path, (entries) =>
        entries.every((e) => e === 'tsconfig.json' || e === 'src' || e === 'dist'),
      )
    ) {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}
