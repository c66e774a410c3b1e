import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces a file's text atomically: the new text is written beside it and renamed over it, so the
 * file is never half written, and keeps its mode.
 */
export function writeFileAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.xgen-migrate-${process.pid}`);
  try {
    writeFileSync(temporary, text, { mode: statSync(path).mode });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
