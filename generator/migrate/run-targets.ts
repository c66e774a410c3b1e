import type { MigrationTarget } from './target.ts';
import { unifiedDiff } from './unified-diff.ts';
import { writeFileAtomically } from './write.ts';
import { shown } from './files.ts';

type Print = (line: string) => void;

/** Rewrites (or with `dryRun` shows) the project's code for the targets, lists what is left, returns the exit code. */
export async function migrateTargets(
  targets: MigrationTarget[],
  tsconfig: string,
  dryRun: boolean,
  out: Print,
  err: Print,
): Promise<number> {
  if (targets.length === 0) return 0;
  // ts-morph (and the TypeScript it carries) loads only when there is code to migrate.
  const { migrateProject } = await import('./migrate.ts');
  const result = migrateProject(tsconfig, targets);
  const migrated = result.files.reduce((n, f) => n + f.edits, 0);
  for (const file of result.files) {
    // Only the final newline goes: a hunk may end with a blank context line, which is a single space.
    if (dryRun) out(unifiedDiff(shown(file.path), file.before, file.after).replace(/\n$/, ''));
    else {
      writeFileAtomically(file.path, file.after);
      out(`wrote ${shown(file.path)} (${file.edits} ${file.edits === 1 ? 'use' : 'uses'} migrated)`);
    }
  }
  for (const use of result.remaining) out(`${shown(use.file)}:${use.line}:${use.column}: ${use.message}`);
  const files = `${result.files.length} ${result.files.length === 1 ? 'file' : 'files'}`;
  const left = result.remaining.length;
  const summary = `${migrated} ${migrated === 1 ? 'use' : 'uses'} migrated in ${files}${dryRun ? ' (dry run: nothing written)' : ''}; ${left === 0 ? 'nothing left to migrate by hand' : `${left} ${left === 1 ? 'use' : 'uses'} left to migrate by hand (listed above)`}`;
  (left === 0 ? out : err)(summary);
  return left === 0 ? 0 : 1;
}
