/** Helpers for tests that drive the command line in-process and look at what it left on disk. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { main } from '../../generator/cli/main.ts';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** What one `xgen` run printed and returned. */
export interface CliRun {
  code: number;
  out: string[];
  err: string[];
  /** Everything printed, both streams, one string. */
  text: string;
}

/** Runs `xgen <argv>` in this process and captures both output streams. */
export async function runCli(argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    argv,
    (line) => out.push(String(line)),
    (line) => err.push(String(line)),
  );
  return { code, out, err, text: [...out, ...err].join('\n') };
}

/** A fresh folder under `test/.tmp/` (gitignored); remove it with `removeDir`. */
export function tempDir(prefix: string): string {
  const base = join(ROOT, 'test', '.tmp');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `${prefix}-`));
}

/** Writes files (path inside `dir` -> text) under `dir`, making folders as needed. */
export function writeTree(dir: string, files: Iterable<[string, string]>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every file under `dir` (relative path with `/`) mapped to the sha256 of its bytes. */
export function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else
        hashes.set(
          path,
          createHash('sha256')
            .update(readFileSync(join(dir, path)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return hashes;
}

/** `hashTree` as sorted `path hash` lines, easy to compare and to read in a failing diff. */
export function treeSummary(dir: string): string {
  return [...hashTree(dir)].map(([path, hash]) => `${path} ${hash}`).join('\n');
}
