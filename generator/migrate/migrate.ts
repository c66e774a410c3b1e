import { realpathSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { Project, ts } from 'ts-morph';
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
    if (file.isDeclarationFile() || path.split(sep).includes('node_modules') || !isInside(path, home)) return false;
    return !targets.some((t) => isInside(path, t.root));
  });
  const before = new Map(editable.map((file) => [file.getFilePath() as string, file.getFullText()]));
  const counts = new Map<string, number>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const program = project.getProgram().compilerObject;
    const rewriter = new Rewriter(program.getTypeChecker(), targets);
    const changed: [(typeof editable)[number], string][] = [];
    for (const file of editable) {
      const node = program.getSourceFile(file.getFilePath());
      if (!node) continue;
      const edits = rewriter.editsOf(node);
      if (edits.length === 0) continue;
      const { text, applied } = applyEdits(node.getFullText(), edits);
      counts.set(file.getFilePath(), (counts.get(file.getFilePath()) ?? 0) + applied);
      changed.push([file, text]);
    }
    if (changed.length === 0) break;
    for (const [file, text] of changed) file.replaceWithText(text);
  }
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const remaining: RemainingUse[] = [];
  for (const file of editable) {
    const node = program.getSourceFile(file.getFilePath());
    if (!node) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(node), ...program.getSemanticDiagnostics(node)];
    remaining.push(...remainingUses(node, diagnostics, checker, targets));
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


