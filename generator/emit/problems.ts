import {
  importTypesFrom,
  printSourceFile,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
} from './structures.ts';
import type { ApiModel, ProblemUnionModel } from '../model/types.ts';
import { docText, GENERATED_HEADER, literal, stringLiteral } from './source.ts';

/**
 * `problems.ts`: the problem union with its discriminator values, a type guard per value, and
 * a table of the values. `ApiError.problem` is typed with this union.
 */
export function emitProblems(model: ApiModel, problems: ProblemUnionModel): string {
  const names = [problems.name, ...problems.variants.map((v) => v.schema)];
  const unique = [...new Set(names)];
  const key = problems.discriminator;
  const statements: StatementStructures[] = [
    // The guards and tables name the union only; the variants are re-exported, not used here.
    importTypesFrom('./models.js', [problems.name]),
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './models.js',
      isTypeOnly: true,
      namedExports: unique,
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        { description: docText(`The \`${key}\` of each kind of {@link ${problems.name}}, by variant name.`) },
      ],
      declarations: [
        {
          name: 'ProblemTypes',
          initializer: `${literal(Object.fromEntries(problems.variants.map((v) => [v.schema, v.type])))} as const`,
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: 'ProblemType',
      docs: [{ description: docText(`Every \`${key}\` value of {@link ${problems.name}}.`) }],
      type: `${problems.name}[${stringLiteral(key)}]`,
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'isProblem',
      docs: [
        {
          description: docText(
            `Narrows an unknown value (such as \`ApiError.problem\`) to the problem of one \`${key}\`.`,
            problemExample(problems),
          ),
        },
      ],
      typeParameters: [{ name: 'T', constraint: 'ProblemType' }],
      parameters: [
        { name: 'value', type: 'unknown' },
        { name: 'type', type: 'T' },
      ],
      returnType: `value is Extract<${problems.name}, { ${stringLiteral(key)}: T }>`,
      statements: `return typeof value === 'object' && value !== null && (value as { ${stringLiteral(key)}?: unknown })[${stringLiteral(key)}] === type;`,
    },
  ];
  void model;
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements });
}

/** How a caller narrows a thrown error's problem: a `try` around any call, the guard in its `catch`. */
function problemExample(problems: ProblemUnionModel): string | undefined {
  const variant =
    problems.variants.find((v) => v.schema === 'ResourceNotFoundProblem') ?? problems.variants[0];
  if (!variant) return undefined;
  const member = /^[A-Za-z_$][\w$]*$/.test(problems.discriminator)
    ? `.${problems.discriminator}`
    : `[${stringLiteral(problems.discriminator)}]`;
  return [
    '@example',
    'try {',
    '  // any call of the client',
    '} catch (error) {',
    `  if (error instanceof ApiError && isProblem(error.problem, ProblemTypes.${variant.schema})) {`,
    `    console.log(error.problem${member});`,
    '  }',
    '}',
  ].join('\n');
}
