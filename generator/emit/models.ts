import { importTypesFrom, printSourceFile, type StatementStructures, StructureKind } from './structures.ts';
import type { ApiModel } from '../model/types.ts';
import { pageHelpers, selectionHelpers, selectionSchemaNames, selectionStatements } from './selections.ts';
import { GENERATED_HEADER } from './source.ts';

/**
 * `models.ts`: every named schema type, passed on whole from `schemas.ts` (which declares each once),
 * and the field-selection types built on them. Each name appears once: the schema types by
 * `export type *`, and only what the selection types use is imported.
 */
export function emitModels(model: ApiModel): string {
  const statements: StatementStructures[] = [];
  if (model.schemas.length > 0)
    statements.push({
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './schemas.js',
    });
  // Closed enums are declared in `enums.ts` (which `index.ts` exports, values and all); every other schema in `schemas.ts`.
  const closedEnums = new Set(model.enums.filter((e) => !e.open).map((e) => e.name));
  const schemas = new Set(model.schemas.map((s) => s.name));
  const used = selectionSchemaNames(model).sort((a, b) => a.localeCompare(b));
  const fromEnums = used.filter((name) => closedEnums.has(name));
  const fromSchemas = used.filter((name) => !closedEnums.has(name) && schemas.has(name));
  const imports: StatementStructures[] = [];
  if (fromEnums.length > 0) imports.push(importTypesFrom('./enums.js', fromEnums));
  if (fromSchemas.length > 0) imports.push(importTypesFrom('./schemas.js', fromSchemas));
  const helpers = selectionHelpers(model);
  if (helpers.length > 0) imports.push(importTypesFrom('./runtime/selection.js', helpers));
  const pages = pageHelpers(model);
  if (pages.length > 0) imports.push(importTypesFrom('./runtime/pagination.js', pages));
  const all = [...imports, ...statements, ...selectionStatements(model)];
  // `index.ts` re-exports this file, which must stay a module when the spec has no named schemas.
  if (all.length === 0) all.push({ kind: StructureKind.ExportDeclaration });
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements: all });
}
