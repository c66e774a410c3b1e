import {
  importFrom,
  importTypesFrom,
  printSourceFile,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
} from './structures.ts';
import type { ApiModel, GroupModel, OperationModel } from '../model/types.ts';
import { errorCases } from '../model/error-cases.ts';
import { NameTable } from '../model/names.ts';
import { operationDescriptor } from './operation-descriptor.ts';
import { optionsType, resultType } from './signatures.ts';
import {
  docText,
  fileHeader,
  GENERATED_HEADER,
  literal,
  propertyKey,
  stringLiteral,
  wrapText,
} from './source.ts';
import { type CheckRenderer, checkRenderer } from './argument-checks.ts';

/** The params type parameter of `OperationResults` (`client.call`), and each parameter's value in it. */
const CALL_PARAMS = 'P';
const callArgument = (param: string): string => `FieldsParam<${CALL_PARAMS}, ${stringLiteral(param)}>`;

/** The folder of the descriptors' files, beside `operations.ts`. */
const DESCRIPTORS_FOLDER = 'operations';

/**
 * The package's operations, in files: one per group under `operations/` with the descriptors of its
 * operations (what the runtime needs to send each one), one with the checks they share, and
 * `operations.ts`, which re-exports the descriptors and holds the `operations` table by operationId
 * and `OperationTypes`, which types `client.call`.
 *
 * Why not one file: TypeScript's check of a reference to an imported value walks back over every
 * declaration before it in its file (control-flow analysis), so a file of n descriptors, each
 * referring to the runtime's makers, checks in time that grows as n². GitHub's 1,100 operations in
 * one file took 1.3 s of the native tsc's check, and twice as many 3.9 s.
 */
export function emitOperations(model: ApiModel): Map<string, string> {
  const taken = [
    ...model.operations.map((op) => op.constName),
    ...model.enums.map((e) => e.name),
    'operations',
  ];
  const render = checkRenderer(model, taken);
  const { enumNames, shared } = render;
  const byGroup = new Map<string, OperationModel[]>();
  for (const op of model.operations) {
    const ops = byGroup.get(op.group);
    if (ops) ops.push(op);
    else byGroup.set(op.group, [op]);
  }
  const groups = model.groups.filter((g) => byGroup.has(g.property));
  const sharedFile = sharedChecksFile(groups);
  const files = new Map<string, string>();
  for (const group of groups) {
    const ops = byGroup.get(group.property)!;
    const { value: statements, uses } = shared.capture(() =>
      ops.map((op): StatementStructures => ({
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: [{ description: docText(`\`${op.method} ${op.path}\`${op.summary ? `: ${op.summary}` : ''}`) }],
        declarations: [
          {
            name: op.constName,
            type: op.pagination ? 'PaginatedOperationSpec' : 'OperationSpec',
            initializer: literal(operationDescriptor(op, render, model.authKinds.includes('basic'))),
          },
        ],
      })),
    );
    const specTypes = [
      ...(ops.some((op) => !op.pagination) ? ['OperationSpec'] : []),
      ...(ops.some((op) => op.pagination) ? ['PaginatedOperationSpec'] : []),
    ];
    files.set(
      `src/${DESCRIPTORS_FOLDER}/${group.fileName}.ts`,
      printSourceFile({
        leadingTrivia: fileHeader(
          wrapText(
            `The descriptors of the operations tagged \`${group.tag}\`: what the runtime needs to send each one.`,
          ),
        ),
        statements: [...usedImports(uses, specTypes, render, `./${sharedFile}.js`), ...statements],
      }),
    );
  }
  if (shared.declarations.length > 0) {
    const uses = new Set(shared.declarations.flatMap((d) => [...d.uses]));
    for (const d of shared.declarations) uses.delete(d.name);
    const types = ['ValueCheck', ...(render.makers.size > 0 ? ['EnumValue'] : [])];
    files.set(
      `src/${DESCRIPTORS_FOLDER}/${sharedFile}.ts`,
      printSourceFile({
        leadingTrivia: fileHeader(
          wrapText(
            'The checks that several operations share, each written once: those of named schemas, and of parameters and body values that repeat.',
          ),
        ),
        statements: [...usedImports(uses, types, render), ...shared.declarations.map((d) => d.statement)],
      }),
    );
  }
  files.set('src/operations.ts', emitOperationsTable(model, groups, byGroup, enumNames));
  return files;
}

/** The shared checks' file under `operations/`: a name no group's file takes. */
function sharedChecksFile(groups: readonly GroupModel[]): string {
  const names = new NameTable(groups.map((g) => g.fileName));
  return names.claim('shared-checks');
}

/**
 * The imports of a file under `operations/` whose code refers to `uses`: the runtime's types named
 * by `types`, the runtime values, the shared checks (from `sharedModule`) and the enums it uses.
 */
function usedImports(
  uses: ReadonlySet<string>,
  types: readonly string[],
  render: CheckRenderer,
  sharedModule?: string,
): StatementStructures[] {
  const imports: StatementStructures[] = [importTypesFrom('../runtime/types.js', [...types])];
  const runtime = [...render.shared.imports]
    .filter(([, i]) => uses.has(i.local))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const module of [...new Set(runtime.map(([, i]) => i.module))].sort()) {
    imports.push(
      importFrom(
        `../runtime/${module}.js`,
        runtime
          .filter(([, i]) => i.module === module)
          .map(([name, { local }]) => (name === local ? name : { name, alias: local })),
      ),
    );
  }
  const enums = [...uses].filter((name) => render.enumNames.has(name)).sort();
  if (enums.length > 0) imports.push(importFrom('../enums.js', enums));
  const sharedNames = render.shared.declarations.filter((d) => uses.has(d.name)).map((d) => d.name);
  if (sharedModule && sharedNames.length > 0) imports.push(importFrom(sharedModule, sharedNames.sort()));
  return imports;
}

/**
 * `operations.ts`: every group's descriptors, re-exported (the `/functions` entry reaches them
 * here), the `operations` table by operationId, and the types of `client.call`.
 */
function emitOperationsTable(
  model: ApiModel,
  groups: readonly GroupModel[],
  byGroup: ReadonlyMap<string, OperationModel[]>,
  enumNames: ReadonlySet<string>,
): string {
  const typeNames = new Set<string>();
  for (const op of model.operations) {
    if (op.hasParams) typeNames.add(op.paramsType);
    for (const name of op.resultTypes.declared) typeNames.add(name);
    if (op.narrowing) typeNames.add(op.narrowing.typeName);
    if (op.narrowing?.pageTypeName) typeNames.add(op.narrowing.pageTypeName);
  }
  for (const s of model.selections) typeNames.add(s.name);
  const hasErrorBodies = model.errorBodies.length > 0;
  if (hasErrorBodies)
    for (const op of model.operations) for (const b of op.errorBodies) typeNames.add(b.typeName);
  const statements: StatementStructures[] = [];
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      {
        description:
          'Every operation by operationId: method, path, tag and what the runtime needs to send it.',
      },
    ],
    declarations: [
      {
        name: 'operations',
        initializer: `{\n${model.operations.map((op) => (op.id === op.constName ? `  ${op.id},` : `  ${propertyKey(op.id)}: ${op.constName},`)).join('\n')}\n} as const satisfies Record<string, OperationSpec>`,
      },
    ],
  });
  statements.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: 'OperationTypes',
    docs: [
      {
        description:
          'The params, per-call options and result of each operation, by operationId (types `client.call`).',
      },
    ],
    properties: model.operations.map((op) => ({
      name: stringLiteral(op.id),
      type: `{ params: ${op.hasParams ? op.paramsType : 'Record<string, never>'}; options: ${optionsType(op)}; result: ${resultType(op)}; paramsRequired: ${!op.paramsOptional} }`,
    })),
  });
  statements.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: 'OperationResults',
    typeParameters: [{ name: CALL_PARAMS, default: '{}' }],
    docs: [
      {
        description:
          'What each operation returns for the params `P` (types `client.call`): results that hold selected objects follow the `*.fields` values in `P`.',
      },
    ],
    properties: model.operations.map((op) => ({
      name: stringLiteral(op.id),
      type: resultType(op, true, callArgument),
    })),
  });
  if (hasErrorBodies)
    statements.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: 'OperationErrors',
      docs: [
        {
          description: wrapText(
            'The `ApiError` of each operation, by operationId, as its spec documents it: one case a status (`number` for a range, for `default` and for the statuses it leaves out), so that `isApiError(error, id)` and then `error.status` narrow `error.body`.',
          ),
        },
      ],
      properties: model.operations.map((op) => ({
        name: stringLiteral(op.id),
        type: errorCases(op)
          .map((c) => `ApiErrorCase<${c.code ?? 'number'}, ${c.typeName ?? 'undefined'}>`)
          .join(' | '),
      })),
    });
  statements.push({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: 'OperationId',
    docs: [{ description: 'Every operationId of the spec.' }],
    type: 'keyof typeof operations',
  });
  const imports: StatementStructures[] = [
    importTypesFrom('./runtime/types.js', ['OperationSpec', 'RequestOptions']),
  ];
  for (const group of groups)
    imports.push(
      importFrom(
        `./${DESCRIPTORS_FOLDER}/${group.fileName}.js`,
        byGroup.get(group.property)!.map((op) => op.constName),
      ),
    );
  if (hasErrorBodies) imports.push(importTypesFrom('./runtime/errors.js', ['ApiErrorCase']));
  if (model.hasPagination) {
    imports.push(
      importTypesFrom('./runtime/pagination.js', ['PageItem', 'PagePromise', 'PaginationOptions']),
    );
  }
  if (model.hasStreaming) {
    const sse = model.operations.some((o) => o.streaming === 'sse') ? ['ServerSentEvent'] : [];
    imports.push(importTypesFrom('./runtime/stream.js', ['EventStream', ...sse, 'StreamOptions']));
  }
  if (model.operations.some((o) => o.narrowing)) {
    imports.push(importTypesFrom('./runtime/selection.js', ['FieldsParam']));
  }
  // Every name here is the package's own: the model leaves built-in result types out (model/result-types.ts).
  const modelTypes = [...typeNames].sort();
  const enumTypes = modelTypes.filter((n) => enumNames.has(n));
  const schemaTypes = modelTypes.filter((n) => !enumNames.has(n));
  if (schemaTypes.length > 0) imports.push(importTypesFrom('./models.js', schemaTypes));
  if (enumTypes.length > 0) imports.push(importTypesFrom('./enums.js', enumTypes));
  const reexports: StatementStructures[] = groups.map((group) => ({
    kind: StructureKind.ExportDeclaration,
    moduleSpecifier: `./${DESCRIPTORS_FOLDER}/${group.fileName}.js`,
  }));
  return printSourceFile({
    leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`,
    statements: [...imports, ...reexports, ...statements],
  });
}
