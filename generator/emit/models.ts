import { printSourceFile, type StatementStructures, StructureKind } from './structures.ts';
import type { ApiModel } from '../model/types.ts';
import { pageHelpers, selectionEnums, selectionHelpers, selectionStatements } from './selections.ts';
import { GENERATED_HEADER } from './source.ts';

/**
 * `models.ts`: the named type of every schema that is not an enum (enums live in `enums.ts`),
 * re-exported from `schemas.ts`, which declares each once, and the field-selection types.
 */
export function emitModels(model: ApiModel): string {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const names = model.schemas.filter((schema) => !enumNames.has(schema.name)).map((schema) => schema.name);
  // Imported, for the selection types below, and exported as they are.
  const statements: StatementStructures[] = names.length > 0 ? [{ kind: StructureKind.ExportDeclaration, isTypeOnly: true, namedExports: names }] : [];
  const selection: StatementStructures[] = [];
  const helpers = selectionHelpers(model);
  if (helpers.length > 0) {
    selection.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/selection.js', isTypeOnly: true, namedImports: helpers });
  }
  const pages = pageHelpers(model);
  if (pages.length > 0) selection.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/pagination.js', isTypeOnly: true, namedImports: pages });
  const fromSchemas = [...names, ...selectionEnums(model)].sort((a, b) => a.localeCompare(b));
  if (fromSchemas.length > 0) selection.unshift({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './schemas.js', isTypeOnly: true, namedImports: fromSchemas });
  const all = [...selection, ...statements, ...selectionStatements(model)];
  // `index.ts` re-exports this file, which must stay a module when the spec has no named schemas.
  if (all.length === 0) all.push({ kind: StructureKind.ExportDeclaration });
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements: all });
}
