import { realpathSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { Project, type SourceFile, ts } from 'ts-morph';
import { typescript5Defaults } from './compiler-options.ts';
import { remainingUses, type RemainingUse } from './remaining.ts';
import { type Edit, Rewriter } from './rewrite.ts';
import { isInside, type MigrationTarget } from './target.ts';

/** A file migrate changed: its text before and after. */
export interface MigratedFile {
  path: string;
  before: string;
  after: string;
  /** How many uses were rewritten in it. */
  edits: number;
}

export interface MigrationResult {
  files: MigratedFile[];
  remaining: RemainingUse[];
}

/** Passes at most: a pass makes the next one's names resolve (the call, then its params); two or three suffice. */
const MAX_PASSES = 6;

/**
 * Migrates, in memory, the TypeScript of the project `tsconfig` describes for the renames of the
 * targets: ts-morph's Project on that tsconfig, its type checker deciding which expressions come
 * from a generated package. Only the project's own source files are candidates: not declaration
 * files, nothing under node_modules or outside the tsconfig's folder, nothing inside a generated
 * package. Returns the new text of each changed file and what is left to migrate by hand.
 */
export function migrateProject(tsconfig: string, targets: readonly MigrationTarget[]): MigrationResult {
  const project = new Project({ tsConfigFilePath: tsconfig, compilerOptions: typescript5Defaults(tsconfig) });
  const home = real(dirname(resolve(tsconfig)));
  const editable = project.getSourceFiles().filter((file) => {
    const path = real(file.getFilePath());
    if (file.isDeclarationFile() || path.split(sep).includes('node_modules') || !isInside(path, home))
      return false;
    return !targets.some((t) => isInside(path, t.root));
  });
  const before = new Map(editable.map((file) => [file.getFilePath() as string, file.getFullText()]));
  const counts = new Map<string, number>();
  // Each file's compile errors and the checker that found them, as of the last program that checked it.
  const checked = new Map<SourceFile, { diagnostics: ts.Diagnostic[]; program: ts.Program }>();
  let dirty = new Set(editable);
  for (let pass = 0; pass < MAX_PASSES && dirty.size > 0; pass++) {
    const program = project.getProgram().compilerObject;
    const rewriter = new Rewriter(program.getTypeChecker(), targets);
    const changed: [SourceFile, string][] = [];
    for (const file of editable) {
      if (!dirty.has(file)) continue;
      const node = program.getSourceFile(file.getFilePath());
      if (!node) continue;
      // The rewrite asks the checker about the few names a rename lists; the file is checked whole
      // only when nothing is rewritten in it (its errors are then the ones left: one check, as
      // tsc's). A file rewritten is checked again by the next pass, in the next program.
      const edits = rewriter.editsOf(node);
      if (edits.length === 0) {
        checked.set(file, {
          diagnostics: [...program.getSyntacticDiagnostics(node), ...program.getSemanticDiagnostics(node)],
          program,
        });
        continue;
      }
      const { text, applied } = applyEdits(node.getFullText(), edits);
      counts.set(file.getFilePath(), (counts.get(file.getFilePath()) ?? 0) + applied);
      changed.push([file, text]);
    }
    for (const [file, text] of changed) file.replaceWithText(text);
    // Only a changed file, and the files that import it, can have more to rewrite or other errors now.
    dirty = withImporters(
      changed.map(([file]) => file),
      new Set(editable),
    );
  }
  if (dirty.size > 0) {
    const program = project.getProgram().compilerObject;
    for (const file of dirty) {
      const node = program.getSourceFile(file.getFilePath());
      if (node)
        checked.set(file, {
          diagnostics: [...program.getSyntacticDiagnostics(node), ...program.getSemanticDiagnostics(node)],
          program,
        });
    }
  }
  const remaining: RemainingUse[] = [];
  for (const file of editable) {
    const found = checked.get(file);
    const node = found?.program.getSourceFile(file.getFilePath());
    if (!found || !node) continue;
    remaining.push(...remainingUses(node, found.diagnostics, found.program.getTypeChecker(), targets));
  }
  const files: MigratedFile[] = [];
  for (const file of editable) {
    const path = file.getFilePath() as string;
    const old = before.get(path) as string;
    const now = file.getFullText();
    if (now !== old) files.push({ path, before: old, after: now, edits: counts.get(path) ?? 0 });
  }
  return { files, remaining };
}

/** The files and every file of the project that imports one of them, directly or through others. */
function withImporters(files: readonly SourceFile[], project: ReadonlySet<SourceFile>): Set<SourceFile> {
  const out = new Set<SourceFile>();
  const queue = [...files];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (out.has(file)) continue;
    out.add(file);
    for (const importer of file.getReferencingSourceFiles())
      if (project.has(importer) && !out.has(importer)) queue.push(importer);
  }
  return out;
}

/** A text with edits applied (sorted by start; one that overlaps an earlier one is skipped). */
function applyEdits(text: string, edits: readonly Edit[]): { text: string; applied: number } {
  let out = '';
  let at = 0;
  let applied = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
    applied++;
  }
  return { text: out + text.slice(at), applied };
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
