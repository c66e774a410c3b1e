/**
 * ts-morph's structures, as the emitters build them, and the one place they are printed:
 * `printSourceFile`, through ts-morph's `printStructure`, which writes a structure's text without
 * creating or parsing a source file; the format stage lays it out.
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type { OptionalKind, SourceFileStructure } from 'ts-morph';
import { comment, wrapText } from './source.ts';

export type {
  ImportDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
  SourceFileStructure,
  StatementStructures,
} from 'ts-morph';

/*
 * Loaded by `require`: ts-morph ships CommonJS, and an ESM import of CommonJS first scans the file
 * for its export names (as for TypeScript in libraries.ts). Only this module loads it, so that the
 * schema-types thread, which needs none of it, does not.
 */
const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const { Scope, StructureKind, VariableDeclarationKind } = tsMorph;
export type Scope = TsMorph.Scope;
export type StructureKind = TsMorph.StructureKind;
export type VariableDeclarationKind = TsMorph.VariableDeclarationKind;

/** The printed source of a file. */
export function printStructures(structure: Omit<SourceFileStructure, 'kind'>): string {
  return tsMorph.printStructure(
    { ...structure, kind: StructureKind.SourceFile },
    { indentNumberOfSpaces: 2, useSingleQuote: true },
  );
}

/**
 * Prints a source file from a ts-morph structure: the one place emitted TypeScript is printed.
 * Top-level statements are printed one by one and laid out as a careful writer would: the imports
 * together, then a blank line after them and between every two declarations. The pieces are joined
 * once at the end: the separator between two depends only on the ends of the pieces beside it, so no
 * growing text is ever looked at or copied again (`text += ` after `text.endsWith` flattened the
 * whole file once per statement: quadratic in the file).
 */
export function printSourceFile(structure: OptionalKind<SourceFileStructure>): string {
  escapeAndWrapDocComments(structure);
  const statements =
    typeof structure.statements === 'string' || typeof structure.statements === 'function'
      ? [structure.statements]
      : (structure.statements ?? []);
  const pieces: string[] = [];
  const leading = structure.leadingTrivia === undefined ? '' : String(structure.leadingTrivia);
  if (leading !== '') pieces.push(leading);
  // What the text so far ends with: its last two characters (pieces may be shorter than two).
  let tail = leading.slice(-2);
  let previousWasImport = false;
  for (const statement of statements) {
    const isImport = typeof statement === 'object' && statement.kind === StructureKind.ImportDeclaration;
    const printed = printStructures({ statements: [statement] });
    if (tail !== '' && tail !== '\n\n' && !(isImport && previousWasImport)) {
      const separator = tail.endsWith('\n') ? '\n' : '\n\n';
      pieces.push(separator);
      tail = (tail + separator).slice(-2);
    }
    if (printed !== '') {
      pieces.push(printed);
      tail = (tail + printed).slice(-2);
    }
    previousWasImport = isImport;
  }
  if (tail !== '' && !tail.endsWith('\n')) pieces.push('\n');
  return pieces.join('');
}

/**
 * Every doc comment of the structure (descriptions and tag texts) goes through `comment`, whoever
 * built it: a safety net under the emitters, which call `docText`/`comment` themselves.
 */
function escapeAndWrapDocComments(node: unknown): void {
  if (Array.isArray(node)) node.forEach(escapeAndWrapDocComments);
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    for (const key of ['description', 'text']) {
      if ('tagName' in record || key === 'description') {
        // An example's code keeps its lines; prose is wrapped.
        if (typeof record[key] === 'string')
          record[key] =
            record.tagName === 'example'
              ? comment(record[key] as string)
              : wrapText(comment(record[key] as string));
      }
    }
    for (const [key, value] of Object.entries(record))
      if (key !== 'initializer' && key !== 'type') escapeAndWrapDocComments(value);
  }
}
