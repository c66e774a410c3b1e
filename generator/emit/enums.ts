import {
  importFrom,
  printSourceFile,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
} from './structures.ts';
import type { ApiModel, EnumModel } from '../model/types.ts';
import { comment, docText, GENERATED_HEADER, literal, PURE, stringLiteral } from './source.ts';
import { asWords, usesWords } from './enum-words.ts';

/**
 * `enums.ts`: each enum as a string-literal union with a same-named `as const` array of its
 * values. Deprecated values stay in the union (servers may still send them) and are also
 * collected in a `Deprecated<Name>` union marked `@deprecated`.
 */
export function emitEnums(model: ApiModel): string {
  const statements: StatementStructures[] = [];
  for (const item of model.enums) statements.push(...enumStatements(item));
  if (usesWords(model)) {
    statements.unshift(importFrom('./runtime/words.js', ['words']));
  }
  // `index.ts` re-exports this file, which must stay a module when the spec has no enums.
  if (statements.length === 0) statements.push({ kind: StructureKind.ExportDeclaration });
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements });
}

/** Responses type an open enum as these values or any other string (`| string`); requests take only these. */
const OPEN_NOTE =
  'The API may send values not listed here (added later): where it is read, in a response, the type also admits any other string. Requests take only the values listed.';

function enumStatements(item: EnumModel): StatementStructures[] {
  const deprecated = new Map(item.deprecatedValues.map((d) => [String(d.value), d]));
  const notes = item.deprecatedValues.map((d) => {
    const when = d.since ? ` since ${d.since}` : '';
    const instead = d.replacement ? `; use \`${d.replacement}\`` : '';
    return `- \`${d.value}\`: deprecated${when}${instead}${d.note ? ` (${d.note})` : ''}`;
  });
  const description = docText(
    item.description,
    notes.length > 0 && `Deprecated values:\n${notes.join('\n')}`,
    item.open && OPEN_NOTE,
  );
  const docs = description ? [{ description }] : [];
  const out: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs.length > 0 ? docs : [{ description: `Every value of {@link ${item.name}}.` }],
      declarations: [
        {
          name: item.name,
          initializer: asWords(item)
            ? `${PURE}words(${stringLiteral(item.values.join(' '))})`
            : `${literal(item.values)} as const`,
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: item.name,
      docs,
      // The values written out, not `(typeof X)[number]`: only a union declared by an alias keeps its name in hovers and errors.
      type: item.values.map((v) => JSON.stringify(v)).join(' | ') || 'never',
    },
  ];
  if (deprecated.size > 0) {
    out.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `Deprecated${item.name}`,
      docs: [
        {
          description: `The deprecated values of {@link ${item.name}}.`,
          tags: [{ tagName: 'deprecated', text: comment(notes.join('; ').replace(/^- /gm, '')) }],
        },
      ],
      type: [...deprecated.keys()].map(stringLiteral).join(' | '),
    });
  }
  return out;
}
