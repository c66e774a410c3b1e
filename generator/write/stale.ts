import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isXgenFolder, processRuns } from '../temporary.ts';
import { PACKAGE_MARKER } from './marker.ts';

/** The staging and retired folders a run makes beside a package (`.<name>.xgen-new-<pid>`, `.xgen-old-<pid>`). */
export function siblingPattern(dir: string): RegExp {
  const name = basename(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.xgen-(new|old)-(\\d+)$`);
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
    if (!match || processRuns(Number(match[2]))) continue;
    const path = join(parent, name);
    if (isXgenFolder(path, (entries) => entries.length === 0 || entries.includes(PACKAGE_MARKER))) {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}
