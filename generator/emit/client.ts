import { groupDescription } from './operation-docs.ts';
import {
  importFrom,
  importTypesFrom,
  type MethodDeclarationStructure,
  printSourceFile,
  type StatementStructures,
  StructureKind,
} from './structures.ts';
import type { ApiModel } from '../model/types.ts';
import { exampleCall, exampleOptions } from './examples.ts';
import { docText, GENERATED_HEADER, stringLiteral } from './source.ts';

/** `client.ts`: the client class with one property per tag group and `call` by operationId. */
export function emitClient(model: ApiModel): string {
  const example = model.operations.find((o) => !o.browserStep && !o.streaming);
  const options = exampleOptions(model) ?? '';
  // The client supports every credential kind of the package: it carries every core extension.
  const extensions: [string, string][] = [];
  if (model.authKinds.includes('oauth1')) extensions.push(['oauth1Auth', 'oauth1']);
  if (model.authFlows.appOnly) extensions.push(['appOnlyAuth', 'app-only']);
  // With field selection, `call` is generic in its params too, so results follow the `*.fields` values.
  const narrowing = model.operations.some((o) => o.narrowing);
  const docs = [
    {
      description: docText(
        'Calls any operation by its operationId; returns exactly what the grouped method returns.',
        example && `@example\n${exampleCall(example, 'client.call', stringLiteral(example.id))}`,
      ),
    },
  ];
  const statements: StatementStructures[] = [
    importFrom('./runtime/http.js', [
      { name: 'createCore' },
      { name: 'ClientCore', isTypeOnly: true },
      { name: 'ClientOptions', isTypeOnly: true },
    ]),
    ...extensions.map(([name, module]): StatementStructures => importFrom(`./runtime/${module}.js`, [name])),
    importFrom('./runtime/invoke.js', ['invoke']),
    importFrom('./runtime/errors.js', ['ValidationError']),
    importFrom('./operations.js', [
      { name: 'operations' },
      { name: 'OperationId', isTypeOnly: true },
      ...(narrowing ? [{ name: 'OperationResults', isTypeOnly: true }] : []),
      { name: 'OperationTypes', isTypeOnly: true },
    ]),
    ...(narrowing
      ? [
          importTypesFrom('./runtime/selection.js', ['KnownParams']),
          importTypesFrom('./runtime/types.js', ['RequestOptions']),
        ]
      : []),
    ...model.groups
      .filter((g) => g.parent === undefined)
      .map((g): StatementStructures => importFrom(`./resources/${g.fileName}.js`, [g.className])),
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: 'CallArgs',
      docs: [
        {
          description:
            'The arguments after the operationId in `client.call`: params (optional when nothing is required) and per-call options.',
        },
      ],
      typeParameters: [{ name: 'K', constraint: 'OperationId' }],
      type: `OperationTypes[K]['paramsRequired'] extends true
        ? [params: OperationTypes[K]['params'], options?: OperationTypes[K]['options']]
        : [params?: OperationTypes[K]['params'], options?: OperationTypes[K]['options']]`,
    },
    ...(narrowing
      ? [
          {
            kind: StructureKind.TypeAlias,
            isExported: true,
            name: 'OptionalParamsOperationId',
            docs: [{ description: 'The operations whose params may be left out of `client.call`.' }],
            type: "{ [K in OperationId]: OperationTypes[K]['paramsRequired'] extends true ? never : K }[OperationId]",
          } as StatementStructures,
        ]
      : []),
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
              `@example\nconst client = new ${model.clientName}(${options});\n${exampleCall(example, `client.${example.group}.${example.methodName}`)}`,
          ),
        },
      ],
      properties: [
        ...model.groups
          .filter((g) => g.parent === undefined)
          .map((g) => ({
            name: g.property,
            isReadonly: true,
            type: g.className,
            docs: [{ description: docText(g.description ?? groupDescription(g)) }],
          })),
        { name: '#core', isReadonly: true, type: 'ClientCore' },
      ],
      ctors: [
        {
          parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
          statements: [
            `this.#core = createCore(${['options', ...extensions.map(([name]) => name)].join(', ')});`,
            ...model.groups
              .filter((g) => g.parent === undefined)
              .map((g) => `this.${g.property} = new ${g.className}(this.#core);`),
          ],
        },
      ],
      methods: [
        narrowing
          ? narrowingCall(docs)
          : {
              name: 'call',
              docs,
              typeParameters: [{ name: 'K', constraint: 'OperationId' }],
              parameters: [
                { name: 'operationId', type: 'K' },
                { name: '...args', type: 'CallArgs<K>' },
              ],
              returnType: "OperationTypes[K]['result']",
              statements: [
                ...KNOWN_OPERATION_CHECK,
                'const [params, options] = args;',
                // Widened first: `??` on the generic params reduces the union of every operation's
                // params by subtype, quadratic in their count (5.3 of GitHub's 17.8 s check in TS 5.9).
                "return invoke(this.#core, operations[operationId], (params as object | undefined) ?? {}, options) as OperationTypes[K]['result'];",
              ],
            },
      ],
    },
  ];
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements });
}

/** From plain JavaScript any string may come: an inherited name (`toString`) is no operation. */
const KNOWN_OPERATION_CHECK = [
  'if (!Object.prototype.hasOwnProperty.call(operations, operationId)) {',
  "  throw new ValidationError('operationId', 'unknown-operation', `no operation has the id ${JSON.stringify(String(operationId))}`);",
  '}',
];

/**
 * `call` as two overloads: with params, generic in them (inferred literally, and refused when
 * they hold a key the operation does not have), and without, for operations that need none.
 */
function narrowingCall(docs: { description: string }[]): MethodDeclarationStructure {
  return {
    kind: StructureKind.Method,
    name: 'call',
    overloads: [
      {
        docs,
        typeParameters: [
          { name: 'K', constraint: 'OperationId' },
          { name: 'P', isConst: true, constraint: "OperationTypes[K]['params']" },
        ],
        parameters: [
          { name: 'operationId', type: 'K' },
          { name: 'params', type: "P & KnownParams<P, OperationTypes[K]['params']>" },
          { name: 'options', type: "OperationTypes[K]['options']", hasQuestionToken: true },
        ],
        returnType: 'OperationResults<P>[K]',
      },
      {
        docs,
        typeParameters: [{ name: 'K', constraint: 'OptionalParamsOperationId' }],
        parameters: [
          { name: 'operationId', type: 'K' },
          { name: 'params', type: 'undefined', hasQuestionToken: true },
          { name: 'options', type: "OperationTypes[K]['options']", hasQuestionToken: true },
        ],
        returnType: 'OperationResults[K]',
      },
    ],
    parameters: [
      { name: 'operationId', type: 'OperationId' },
      { name: 'params', type: 'object', hasQuestionToken: true },
      { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
    ],
    returnType: 'unknown',
    statements: [
      ...KNOWN_OPERATION_CHECK,
      'return invoke(this.#core, operations[operationId], params ?? {}, options);',
    ],
  };
}
