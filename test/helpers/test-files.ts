/**
 * Which test files `npm test` runs: every `*.test.ts` under test/ (fixtures, scratch folders and
 * node_modules left out), or, given arguments, those whose path under test/ contains one of them; an
 * argument naming an existing `.ts` file runs that file, even outside the collection.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** What starts the line a test process (test/run-files.ts) ends with: its tally and each file's time, as JSON. */
export const TALLY = '@@xgen-tally ';

/** A test file: its path relative to test/ (what the output shows) and its absolute path. */
export interface TestFile {
  name: string;
  file: string;
}

const SKIPPED = new Set(['fixtures', '.tmp', 'node_modules']);

function collect(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (SKIPPED.has(name)) continue;
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The files `args` select under `root`, in path order, each once. */
export function selectTestFiles(root: string, args: string[]): TestFile[] {
  const named = args
    .filter((a) => a.endsWith('.ts') && existsSync(a) && statSync(a).isFile())
    .map((a) => resolve(a));
  const fragments = args.filter((a) => !named.includes(resolve(a)));
  const collected =
    named.length > 0 && fragments.length === 0
      ? []
      : collect(root).filter(
          (f) => fragments.length === 0 || fragments.some((x) => relative(root, f).includes(x)),
        );
  return [...new Set([...collected, ...named])].map((file) => ({ name: relative(root, file), file }));
}
