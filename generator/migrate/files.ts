import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** A file's text, or undefined when it cannot be read (missing, a folder, no permission). */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A path as a message shows it: relative to where xgen runs, else as it is. */
export function shown(path: string): string {
  return relative(process.cwd(), path) || path;
}
