import {
  type ImportDeclarationStructure,
  importFrom,
  importNamespace,
  printSourceFile,
  type StatementStructures,
  StructureKind,
} from './structures.ts';
import type { ApiModel, OperationModel } from '../model/types.ts';
import { exampleCall, exampleCredentials, exampleOptions, exampleUsesMicros } from './examples.ts';
import { methodDocs } from './operation-docs.ts';
import {
  operationParameters,
  operationTypeParameters,
  resultType,
  signatureImports,
  streamEventType,
} from './signatures.ts';
import { fileHeader, stringLiteral, wrapText } from './source.ts';

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
  const values: ImportDeclarationStructure[] = [];
  if (runtime.size > 0) values.push(importFrom('./runtime/http.js', [...runtime].sort()));
  if (ops.some((o) => o.pagination && !o.browserStep && !o.streaming))
    values.push(importFrom('./runtime/pagination.js', ['PagePromise']));
  if (ops.some((o) => o.streaming && !o.browserStep))
    values.push(importFrom('./runtime/stream.js', ['EventStream']));
  // Type imports of PagePromise and EventStream would repeat the value imports above.
  const types = signatureImports(model, ops, './').map((i) => {
    if (i.moduleSpecifier === './runtime/pagination.js' || i.moduleSpecifier === './runtime/stream.js') {
      const named = (i.namedImports as string[]).filter((n) => n !== 'PagePromise' && n !== 'EventStream');
      return { ...i, isTypeOnly: false, namedImports: named.map((name) => ({ name, isTypeOnly: true })) };
    }
    return i;
  });
  const merged = mergeImports([...values, ...types]);
  if (ops.length > 0) merged.push(importNamespace('./operations.js', 'ops'));

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
    const descriptor = `ops.${op.constName}`;
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
    statements: [...merged, ...reexports, ...functions],
  });
}

/** An example call of an operation's function, on a core made by `createCore`. */
function functionExample(op: OperationModel, name: string): string {
  return exampleCall(op, name, 'core');
}

/** One import declaration per module (type-only ones stay separate from value ones). */
function mergeImports(imports: ImportDeclarationStructure[]): ImportDeclarationStructure[] {
  const out: ImportDeclarationStructure[] = [];
  for (const i of imports) {
    const same = out.find(
      (o) => o.moduleSpecifier === i.moduleSpecifier && Boolean(o.isTypeOnly) === Boolean(i.isTypeOnly),
    );
    if (!same) out.push({ ...i, namedImports: [...((i.namedImports as unknown[]) ?? [])] as never });
    else (same.namedImports as unknown[]).push(...((i.namedImports as unknown[]) ?? []));
  }
  return out;
}
