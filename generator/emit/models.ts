import { type StatementStructures, StructureKind } from './structures.ts';
import { deprecationText } from '../model/schemas.ts';
import type { ApiModel } from '../model/types.ts';
import { selectionEnums, selectionHelpers, selectionStatements } from './selections.ts';
import { docText, GENERATED_HEADER, printSourceFile, stringLiteral } from './source.ts';

/** `models.ts`: a named type for every schema that is not an enum (enums live in `enums.ts`). */
export function emitModels(model: ApiModel): string {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const statements: StatementStructures[] = [];
  for (const schema of model.schemas) {
    if (enumNames.has(schema.name)) continue;
    const description = docText(
      schema.description,
      schema.unspecified && 'The source does not show this shape: it is kept open and may hold more fields.',
      schema.origin === 'response' && 'The body of a successful response.',
      schema.origin === 'body' && 'A request body.',
    );
    const tags = schema.deprecated ? [{ tagName: 'deprecated', text: deprecationText(schema.deprecated) }] : [];
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: schema.name,
      type: `components['schemas'][${stringLiteral(schema.name)}]`,
      docs: description || tags.length > 0 ? [{ description: description || undefined, tags }] : [],
    });
  }
  const selection: StatementStructures[] = [];
  const helpers = selectionHelpers(model);
  if (helpers.length > 0) {
    selection.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/selection.js', isTypeOnly: true, namedImports: helpers });
  }
  return printSourceFile({
    leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`,
    statements: [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './schemas.js', isTypeOnly: true, namedImports: ['components', ...selectionEnums(model)] },
      ...selection,
      ...statements,
      ...selectionStatements(model),
    ],
  });
}
