import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, parse, relative, resolve } from 'node:path';
import { OutputError } from '../errors.ts';
import { outputError } from './fs-errors.ts';
import { throwIfInterrupted } from '../interrupt.ts';
import { temporaryFolder } from '../temporary.ts';
import { markerFiles, PACKAGE_MARKER } from './marker.ts';

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

/**
 * The files in a generated folder that xgen did not write there: not listed in its marker (every file
 * but the marker, when the marker is of a version that listed none). A regeneration keeps them.
 */
export function userFiles(dir: string, files: Map<string, string>): string[] {
  let written: Set<string> | undefined;
  try {
    written = markerFiles(readFileSync(join(dir, PACKAGE_MARKER), 'utf8'));
  } catch {
    return []; // no marker: an empty or new folder (checkReplaceable refuses any other)
  }
  return listFiles(dir).filter((f) => f !== PACKAGE_MARKER && !files.has(f) && !written?.has(f));
}

/** How the folder differs from the generated files; files of the user's own (`userFiles`) are no difference. */
export function compareWithDisk(dir: string, files: Map<string, string>): Staleness {
  const onDisk = new Set(listFiles(dir));
  for (const own of userFiles(dir, files)) onDisk.delete(own);
  const added: string[] = [];
  const changed: string[] = [];
  for (const [path, text] of files) {
    if (!onDisk.has(path)) added.push(path);
    else if (readFileSync(join(dir, path), 'utf8') !== text) changed.push(path);
    onDisk.delete(path);
  }
  return { added, removed: [...onDisk].sort(), changed };
}

/** `dir` as the user would write it: relative to the current folder when inside it. */
export function shownPath(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? dir : rel;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Whether `path` is `dir` or lies inside it. */
function isInside(path: string, dir: string): boolean {
  const rel = relative(real(dir), real(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Refuses (OutputError, nothing touched) a folder that xgen must not replace: one that holds files xgen
 * did not generate (no marker), a file, a symbolic link, the root, or a folder that holds any of
 * `protectedPaths` (the current folder, the spec). A missing or empty folder, or one xgen generated, may be replaced.
 */
export function checkReplaceable(dir: string, protectedPaths: { path: string; what: string }[] = []): void {
  const shown = shownPath(dir);
  if (parse(resolve(dir)).root === resolve(dir))
    throw new OutputError(`refusing to write a package to ${dir}: that is the root of the file system`);
  for (const { path, what } of [{ path: process.cwd(), what: 'the current folder' }, ...protectedPaths]) {
    if (isInside(path, dir)) {
      const is = real(path) === real(dir) ? 'is' : 'holds';
      throw new OutputError(
        `refusing to replace ${shown}: it ${is} ${what}. Choose a folder of its own for the package`,
      );
    }
  }
  let stat;
  try {
    stat = lstatSync(dir);
  } catch {
    return; // missing (or a parent is in the way, which the write reports)
  }
  if (stat.isSymbolicLink())
    throw new OutputError(
      `refusing to replace ${shown}: it is a symbolic link; point --out (or out) at a real folder`,
    );
  if (!stat.isDirectory()) throw new OutputError(`refusing to replace ${shown}: it is a file, not a folder`);
  const entries = readdirSync(dir);
  if (entries.length === 0 || entries.includes(PACKAGE_MARKER)) return;
  throw new OutputError(
    `refusing to replace ${shown}: it holds files xgen did not generate (no ${PACKAGE_MARKER} marker). Choose an empty or new folder, or remove this one yourself`,
  );
}

/**
 * Creates `dir` and its missing parents, one `mkdir` each. Node's own recursive mkdir retries forever
 * where a parent exists but refuses children (such as /proc); this tries each folder once.
 */
function makeDirs(dir: string, made: Set<string>): void {
  const missing: string[] = [];
  for (let at = dir; !made.has(at);) {
    let stat;
    try {
      stat = statSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw error;
      missing.push(at);
      at = dirname(at);
      continue;
    }
    if (!stat.isDirectory())
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${at}'`), {
        code: 'ENOTDIR',
        syscall: 'mkdir',
        path: at,
      });
    made.add(at);
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (error) {
      // Another process made it meanwhile: fine, once.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(path).isDirectory()) throw error;
    }
    made.add(path);
  }
}

/**
 * Writes a whole package atomically: the new tree is written beside the old one and swapped in
 * only when complete, so a failure leaves the old package as it was and no staging folder behind.
 * A `node_modules` folder inside the old package (a user's install) moves over to the new one, and so
 * does every file xgen did not write there (`userFiles`): those are returned, for a warning.
 * Only a folder `checkReplaceable` accepts is replaced; a file-system failure is an OutputError.
 * Nothing is swapped in once the run has been interrupted (SIGINT, SIGTERM).
 */
export async function writePackageAtomically(
  dir: string,
  files: Map<string, string>,
  protectedPaths: { path: string; what: string }[] = [],
): Promise<{ kept: string[] }> {
  checkReplaceable(dir, protectedPaths);
  throwIfInterrupted();
  try {
    return await swapIn(dir, files);
  } catch (error) {
    throw outputError(error, shownPath(dir));
  }
}

async function swapIn(dir: string, files: Map<string, string>): Promise<{ kept: string[] }> {
  const parent = dirname(dir);
  const made = new Set<string>();
  makeDirs(parent, made);
  const staging = join(parent, `.${basename(dir)}.xgen-new-${process.pid}`);
  const retired = join(parent, `.${basename(dir)}.xgen-old-${process.pid}`);
  // Leftovers of a run that was killed with this same pid would make the renames below fail.
  rmSync(staging, { recursive: true, force: true });
  rmSync(retired, { recursive: true, force: true });
  const forget = temporaryFolder(staging);
  const kept = userFiles(dir, files);
  try {
    // Written one after the other (a later path may need an earlier one's folder) without blocking
    // this thread (a package of GitHub's size has hundreds of files): a signal meanwhile is
    // answered at once, and the check below keeps the staged tree out.
    for (const [path, text] of files) {
      if (isAbsolute(path) || path.split(/[\\/]/).includes('..'))
        throw new Error(`refusing to write outside the package: ${path}`);
      const target = join(staging, path);
      makeDirs(dirname(target), made);
      await writeFile(target, text);
    }
    for (const path of kept) {
      makeDirs(dirname(join(staging, path)), made);
      copyFileSync(join(dir, path), join(staging, path));
    }
    throwIfInterrupted();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    forget();
    // A write that failed because a signal's clean-up removed the staging folder is the signal's.
    throwIfInterrupted();
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
    forget();
    throw error;
  }
  forget();
  rmSync(retired, { recursive: true, force: true });
  return { kept };
}
