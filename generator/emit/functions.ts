import {
  type ImportDeclarationStructure,
  type OptionalKind,
  printSourceFile,
  type StatementStructures,
  StructureKind,
} from './structures.ts';
import type { ApiModel, OperationModel } from '../model/types.ts';
import { exampleCall, exampleCredentials, exampleOptions, exampleUsesMicros } from './examples.ts';
import { descriptorName, methodDocs, optionsType, resultType, streamEventType } from './operations.ts';
import { paramValueType, withTypeArguments } from './selections.ts';
import { fileHeader, stringLiteral, wrapText } from './source.ts';

/** The type-only imports a module with these operations' signatures needs (models, enums, runtime types). */
export function signatureImports(
  model: ApiModel,
  ops: OperationModel[],
  from: string,
): OptionalKind<ImportDeclarationStructure>[] {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const types = new Set<string>();
  for (const op of ops) {
    if (op.hasParams) types.add(op.paramsType);
    if (op.narrowing) types.add(op.narrowing.paramsTypeName);
    for (const name of op.resultTypes.narrowed) types.add(name);
  }
  const typeList = [...types].sort();
  const imports: OptionalKind<ImportDeclarationStructure>[] = [
    { moduleSpecifier: `${from}runtime/http.js`, isTypeOnly: true, namedImports: ['ClientCore'] },
  ];
  if (ops.some((o) => optionsType(o) === 'RequestOptions'))
    imports.push({
      moduleSpecifier: `${from}runtime/types.js`,
      isTypeOnly: true,
      namedImports: ['RequestOptions'],
    });
  if (ops.some((o) => o.pagination)) {
    const needsItem = ops.some((o) => o.pagination && resultType(o, true).includes('PageItem<'));
    imports.push({
      moduleSpecifier: `${from}runtime/pagination.js`,
      isTypeOnly: true,
      namedImports: ['PagePromise', ...(needsItem ? ['PageItem'] : []), 'PaginationOptions'],
    });
  }
  if (ops.some((o) => o.streaming)) {
    const sse = ops.some((o) => o.streaming === 'sse') ? ['ServerSentEvent'] : [];
    imports.push({
      moduleSpecifier: `${from}runtime/stream.js`,
      isTypeOnly: true,
      namedImports: ['EventStream', ...sse, 'StreamOptions'],
    });
  }
  const modelTypes = typeList.filter((n) => !enumNames.has(n));
  const enumTypes = typeList.filter((n) => enumNames.has(n));
  if (modelTypes.length > 0)
    imports.push({ moduleSpecifier: `${from}models.js`, isTypeOnly: true, namedImports: modelTypes });
  if (enumTypes.length > 0)
    imports.push({ moduleSpecifier: `${from}enums.js`, isTypeOnly: true, namedImports: enumTypes });
  return imports;
}

/**
 * The type parameters of an operation's function or method: an operation whose result follows its
 * params is generic in each value that decides it (a `*.fields` list, a flag), so that the result
 * follows the values passed and is keyed by them alone: a list seen before gives a result type tsc
 * has made before. A list's constraint admits an empty tuple, which makes tsc infer an inline list
 * as a tuple of its fields (field by field, as a selection needs) without `const`, which would also
 * infer every other value of the params literally. A value not passed is `never`: not sent.
 */
export function operationTypeParameters(
  op: OperationModel,
): { name: string; constraint: string; default: string }[] {
  if (!op.narrowing) return [];
  return op.narrowing.typeParameters.map((t) => {
    const own = paramValueType(op, t);
    return { name: t.name, constraint: t.kind === 'list' ? `readonly [] | ${own}` : own, default: 'never' };
  });
}

/** The params type of an operation's function or method: generic in its lists and flags where its result follows them. */
function paramsTypeOf(op: OperationModel): string {
  if (!op.narrowing) return op.paramsType;
  return withTypeArguments(op.narrowing.paramsTypeName, op.narrowing);
}

/** The parameters of an operation after the core (or on a resource method): params, then options. */
export function operationParameters(
  op: OperationModel,
): { name: string; type: string; initializer?: string; hasQuestionToken?: boolean }[] {
  const params = !op.hasParams
    ? []
    : op.narrowing
      ? [{ name: 'params', type: paramsTypeOf(op), ...(op.paramsOptional ? { hasQuestionToken: true } : {}) }]
      : [{ name: 'params', type: op.paramsType, ...(op.paramsOptional ? { initializer: '{}' } : {}) }];
  // A browser step builds a URL: no request, so no per-call options.
  return op.browserStep
    ? params
    : [...params, { name: 'options', type: optionsType(op), hasQuestionToken: true }];
}

/**
 * `functions.ts`, the package's `/functions` entry: one function per operation taking a core
 * (`createCore(options)`) first. Each refers to its own descriptor and to the runtime its kind
 * needs (request, pages, stream or URL), so a bundler keeps only what a program calls.
 */
export function emitFunctions(model: ApiModel): string {
  const ops = model.operations;
  // Pages and streams are classes of their own (imported below); the rest need these two.
  const runtime = new Set<string>();
  for (const op of ops) {
    if (op.browserStep) runtime.add('buildUrl');
    else if (!op.streaming && !op.pagination) runtime.add('request');
  }
  const values: OptionalKind<ImportDeclarationStructure>[] = [];
  if (runtime.size > 0)
    values.push({ moduleSpecifier: './runtime/http.js', namedImports: [...runtime].sort() });
  if (ops.some((o) => o.pagination && !o.browserStep && !o.streaming))
    values.push({ moduleSpecifier: './runtime/pagination.js', namedImports: ['PagePromise'] });
  if (ops.some((o) => o.streaming && !o.browserStep))
    values.push({ moduleSpecifier: './runtime/stream.js', namedImports: ['EventStream'] });
  // Type imports of PagePromise and EventStream would repeat the value imports above.
  const types = signatureImports(model, ops, './').map((i) => {
    if (i.moduleSpecifier === './runtime/pagination.js' || i.moduleSpecifier === './runtime/stream.js') {
      const named = (i.namedImports as string[]).filter((n) => n !== 'PagePromise' && n !== 'EventStream');
      return { ...i, isTypeOnly: false, namedImports: named.map((name) => ({ name, isTypeOnly: true })) };
    }
    return i;
  });
  const merged = mergeImports([...values, ...types]);
  if (ops.length > 0) merged.push({ moduleSpecifier: './operations.js', namespaceImport: 'ops' });

  const reexports: StatementStructures[] = [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/http.js',
      namedExports: ['createCore', 'type ClientCore', 'type ClientOptions'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/auth.js',
      namedExports: ['type ClientAuth', 'type CoreExtension'],
    },
  ];
  if (model.authKinds.includes('oauth1'))
    reexports.push({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/oauth1.js',
      namedExports: ['oauth1Auth'],
    });
  if (model.authFlows.appOnly)
    reexports.push({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/app-only.js',
      namedExports: ['appOnlyAuth'],
    });
  reexports.push({
    kind: StructureKind.ExportDeclaration,
    moduleSpecifier: './runtime/errors.js',
    namedExports: [
      'ApiError',
      'ValidationError',
      'TimeoutError',
      'ConnectionError',
      ...(model.errorBodies.length > 0 ? ['isApiError'] : []),
    ],
  });

  const functions: StatementStructures[] = ops.map((op) => {
    const imports = [
      `import { ${op.functionName} } from ${stringLiteral(`${model.packageName}/functions`)};`,
      ...(exampleUsesMicros(op) ? [`import { toMicros } from ${stringLiteral(model.packageName)};`] : []),
    ];
    const docs = methodDocs(op, `${imports.join('\n')}\n\n${functionExample(op, op.functionName)}`);
    const descriptor = `ops.${descriptorName(op)}`;
    const paramsArg = op.hasParams ? (op.narrowing && op.paramsOptional ? 'params ?? {}' : 'params') : '{}';
    let body: string;
    if (op.browserStep) body = `return buildUrl(core, ${descriptor}, ${paramsArg});`;
    else if (op.streaming)
      body = `return new EventStream<${streamEventType(op, true)}>(core, ${descriptor}, ${paramsArg}, options);`;
    else if (op.pagination) body = `return new PagePromise(core, ${descriptor}, ${paramsArg}, options);`;
    else body = `return request(core, ${descriptor}, ${paramsArg}, options);`;
    return {
      kind: StructureKind.Function,
      isExported: true,
      name: op.functionName,
      docs: [{ description: docs.description, tags: docs.tags }],
      typeParameters: operationTypeParameters(op),
      parameters: [{ name: 'core', type: 'ClientCore' }, ...operationParameters(op)],
      returnType: resultType(op, true),
      statements: body,
    };
  });

  const example = ops.find((o) => !o.browserStep && !o.streaming && !o.pagination);
  const options = exampleOptions(model) ?? '{}';
  // OAuth 1.0a signing is an extension a core is given (see the re-export of oauth1Auth below).
  const signs = exampleCredentials(model) === 'oauth1';
  const leadingTrivia = fileHeader(
    wrapText(
      `One function per operation of ${model.title} ${model.version}, taking a core first: the tree-shakable form of \`${model.clientName}\` (\`${model.packageName}/functions\`).`,
    ),
    example &&
      `@example\nimport { createCore, ${example.functionName}${signs ? ', oauth1Auth' : ''} } from ${stringLiteral(`${model.packageName}/functions`)};\n${exampleUsesMicros(example) ? `import { toMicros } from ${stringLiteral(model.packageName)};\n` : ''}// createCore takes the options of new ${model.clientName}()\nconst core = createCore(${options}${signs ? ', oauth1Auth' : ''});\n${functionExample(example, example.functionName)}`,
  );
  return printSourceFile({
    leadingTrivia,
    statements: [
      ...merged.map((i): StatementStructures => ({ kind: StructureKind.ImportDeclaration, ...i })),
      ...reexports,
      ...functions,
    ],
  });
}

/** An example call of an operation's function, on a core made by `createCore`. */
function functionExample(op: OperationModel, name: string): string {
  return exampleCall(op, name, 'core');
}

/** One import declaration per module (type-only ones stay separate from value ones). */
function mergeImports(
  imports: OptionalKind<ImportDeclarationStructure>[],
): OptionalKind<ImportDeclarationStructure>[] {
  const out: OptionalKind<ImportDeclarationStructure>[] = [];
  for (const i of imports) {
    const same = out.find(
      (o) => o.moduleSpecifier === i.moduleSpecifier && Boolean(o.isTypeOnly) === Boolean(i.isTypeOnly),
    );
    if (!same) out.push({ ...i, namedImports: [...((i.namedImports as unknown[]) ?? [])] as never });
    else (same.namedImports as unknown[]).push(...((i.namedImports as unknown[]) ?? []));
  }
  return out;
}
