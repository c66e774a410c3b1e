import { importFrom, printSourceFile, Scope, type StatementStructures, StructureKind } from './structures.ts';
import type { ApiModel, GroupModel } from '../model/types.ts';
import { groupDescription, methodDocs } from './operation-docs.ts';
import { operationParameters, operationTypeParameters, resultType, signatureImports } from './signatures.ts';
import { withTypeArguments } from './selections.ts';
import { docText, GENERATED_HEADER } from './source.ts';
import { exampleCall } from './examples.ts';

/**
 * `resources/<group>.ts`: one class per tag, one method per operation. Each method is its
 * operation's function (`functions.ts`) bound to the client's core: the logic lives once.
 */
export function emitResource(model: ApiModel, group: GroupModel): string {
  const ops = model.operations.filter((o) => o.group === group.property);
  const children = group.children.map((key) => model.groups.find((g) => g.property === key)!);
  const imports: StatementStructures[] = [
    ...signatureImports(model, ops, '../'),
    importFrom('../functions.js', ops.map((op) => op.functionName).sort()),
    ...children.map((child): StatementStructures => importFrom(`./${child.fileName}.js`, [child.className])),
  ];
  const statement: StatementStructures = {
    kind: StructureKind.Class,
    isExported: true,
    name: group.className,
    docs: [
      {
        description: docText(
          group.description ?? groupDescription(group),
          `Reached as \`client.${group.property}\`.`,
        ),
      },
    ],
    ctors: [
      {
        parameters: [{ name: 'core', type: 'ClientCore', scope: Scope.Private, isReadonly: true }],
        docs: [{ description: '@internal Created by the client; use `client.' + group.property + '`.' }],
        statements: children.map((c) => `this.${lastPart(c.property)} = new ${c.className}(core);`),
      },
    ],
    properties: children.map((c) => ({
      name: lastPart(c.property),
      isReadonly: true,
      type: c.className,
      docs: [{ description: docText(c.description ?? groupDescription(c)) }],
    })),
    methods: ops.map((op) => {
      const parameters = operationParameters(op);
      const docs = methodDocs(op, exampleCall(op, `client.${group.property}.${op.methodName}`));
      return {
        name: op.methodName,
        docs: [{ description: docs.description, tags: docs.tags }],
        typeParameters: operationTypeParameters(op),
        parameters,
        returnType: resultType(op, true),
        // The function's type parameters are this method's, passed on rather than inferred again.
        statements: `return ${op.narrowing ? withTypeArguments(op.functionName, op.narrowing) : op.functionName}(${['this.core', ...parameters.map((p) => p.name)].join(', ')});`,
      };
    }),
  };
  return printSourceFile({
    leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`,
    statements: [...imports, statement],
  });
}

/** A nested group's member name on its parent: `subscriptions` of `customers.subscriptions`. */
function lastPart(property: string): string {
  return property.slice(property.lastIndexOf('.') + 1);
}
