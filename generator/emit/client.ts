import { Scope, type StatementStructures, StructureKind } from 'ts-morph';
import type { ApiModel } from '../model/types.ts';
import { oauthFlows } from './runtime.ts';
import { docText, GENERATED_HEADER, printSourceFile, stringLiteral } from './source.ts';

/** `client.ts`: the client class with one property per tag group and `call` by operationId. */
export function emitClient(model: ApiModel): string {
  const example = model.operations.find((o) => !o.browserStep && !o.streaming);
  // The client supports every credential kind of the package: it carries every core extension.
  const extensions: [string, string][] = [];
  if (model.authKinds.includes('oauth1')) extensions.push(['oauth1Auth', 'oauth1']);
  if (oauthFlows(model)?.appOnly) extensions.push(['appOnlyAuth', 'app-only']);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/http.js',
      namedImports: [{ name: 'createCore' }, { name: 'ClientCore', isTypeOnly: true }, { name: 'ClientOptions', isTypeOnly: true }],
    },
    ...extensions.map(([name, module]): StatementStructures => ({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./runtime/${module}.js`, namedImports: [name] })),
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/invoke.js', namedImports: ['invoke'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/errors.js', namedImports: ['ValidationError'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './operations.js', namedImports: [{ name: 'operations' }, { name: 'OperationId', isTypeOnly: true }, { name: 'OperationTypes', isTypeOnly: true }] },
    ...model.groups.map(
      (g): StatementStructures => ({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./resources/${g.fileName}.js`, namedImports: [g.className] }),
    ),
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: 'CallArgs',
      docs: [{ description: 'The arguments after the operationId in `client.call`: params (optional when nothing is required) and per-call options.' }],
      typeParameters: [{ name: 'K', constraint: 'OperationId' }],
      type: `OperationTypes[K]['paramsRequired'] extends true
        ? [params: OperationTypes[K]['params'], options?: OperationTypes[K]['options']]
        : [params?: OperationTypes[K]['params'], options?: OperationTypes[K]['options']]`,
    },
    {
      kind: StructureKind.Class,
      isExported: true,
      name: model.clientName,
      docs: [
        {
          description: docText(
            `Client of ${model.title} ${model.version}.`,
            model.description?.split('\n')[0],
            example &&
              `@example\nconst client = new ${model.clientName}({ auth: ${(model.authKinds.includes('bearer') || model.authKinds.includes('oauth2')) ? "{ bearerToken: process.env.BEARER_TOKEN! }" : model.authKinds.includes('oauth1') ? '{ oauth1: { consumerKey, consumerSecret, token, tokenSecret } }' : '...'} });\nconst result = await client.${example.group}.${example.methodName}(${example.hasParams ? '{ ... }' : ''});`,
          ),
        },
      ],
      properties: [
        ...model.groups.map((g) => ({
          name: g.property,
          isReadonly: true,
          type: g.className,
          docs: [{ description: docText(g.description ?? `Operations tagged ${g.tag}.`) }],
        })),
        { name: '#core', isReadonly: true, type: 'ClientCore' },
      ],
      ctors: [
        {
          parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
          statements: [
            `this.#core = createCore(${['options', ...extensions.map(([name]) => name)].join(', ')});`,
            ...model.groups.map((g) => `this.${g.property} = new ${g.className}(this.#core);`),
          ],
        },
      ],
      methods: [
        {
          name: 'call',
          docs: [
            {
              description: docText(
                'Calls any operation by its operationId; returns exactly what the grouped method returns.',
                example && `@example\nawait client.call(${stringLiteral(example.id)}${example.hasParams ? ', { ... }' : ''});`,
              ),
            },
          ],
          typeParameters: [{ name: 'K', constraint: 'OperationId' }],
          parameters: [
            { name: 'operationId', type: 'K' },
            { name: '...args', type: 'CallArgs<K>' },
          ],
          returnType: "OperationTypes[K]['result']",
          statements: [
            // From plain JavaScript any string may come: an inherited name (`toString`) is no operation.
            'if (!Object.prototype.hasOwnProperty.call(operations, operationId)) {',
            "  throw new ValidationError('operationId', 'unknown-operation', `no operation has the id ${JSON.stringify(String(operationId))}`);",
            '}',
            'const [params, options] = args;',
            "return invoke(this.#core, operations[operationId], params ?? {}, options) as OperationTypes[K]['result'];",
          ],
        },
      ],
    },
  ];
  void Scope;
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements });
}
