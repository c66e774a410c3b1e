/**
 * ts-morph's structures, as the emitters build them, and the one place they are printed
 * (`printSourceFile` in source.ts calls `printStructures`). ts-morph's `printStructure` writes a
 * structure's text without creating or parsing a source file; the format stage lays it out.
 */
import { printStructure, type SourceFileStructure, StructureKind } from 'ts-morph';

export {
  type ImportDeclarationStructure,
  type MethodDeclarationStructure,
  type OptionalKind,
  Scope,
  type SourceFileStructure,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
} from 'ts-morph';

/** The printed source of a file. */
export function printStructures(structure: Omit<SourceFileStructure, 'kind'>): string {
  return printStructure({ ...structure, kind: StructureKind.SourceFile }, { indentNumberOfSpaces: 2, useSingleQuote: true });
}
