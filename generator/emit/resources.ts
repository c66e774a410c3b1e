import { Scope, type StatementStructures, StructureKind } from 'ts-morph';
import type { ApiModel, GroupModel } from '../model/types.ts';
import { descriptorName, methodDocs, optionsType, resultType, resultTypeNames, streamEventType } from './operations.ts';
import { docText, GENERATED_HEADER, printSourceFile } from './source.ts';

/** `resources/<group>.ts`: one class per tag, one method per operation. */
export function emitResource(model: ApiModel, group: GroupModel): string {
  const ops = model.operations.filter((o) => o.group === group.property);
  const enumNames = new Set(model.enums.map((e) => e.name));
  const types = new Set<string>();
  const runtime = new Set<string>();
  for (const op of ops) {
    if (op.hasParams) types.add(op.paramsType);
    for (const name of resultTypeNames(op)) types.add(name);
    if (op.pagination) {
      runtime.add('pagination');
      types.delete(op.success.typeName);
      types.add(op.success.typeName);
    }
    if (op.streaming) runtime.add('stream');
  }
  const typeList = [...types].sort();
  const imports: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/http.js', isTypeOnly: true, namedImports: ['ClientCore'] },
  ];
  const optionTypes = new Set(ops.map(optionsType));
  if (optionTypes.has('RequestOptions')) {
    imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/types.js', isTypeOnly: true, namedImports: ['RequestOptions'] });
  }
  if (runtime.has('pagination')) {
    const needsItem = ops.some((o) => o.pagination?.itemType.startsWith('PageItem<'));
    imports.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/pagination.js',
      namedImports: [{ name: 'PagePromise' }, ...(needsItem ? [{ name: 'PageItem', isTypeOnly: true }] : []), { name: 'PaginationOptions', isTypeOnly: true }],
    });
  }
  if (runtime.has('stream')) {
    imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/stream.js', namedImports: [{ name: 'EventStream' }, { name: 'StreamOptions', isTypeOnly: true }] });
  }
  const modelTypes = typeList.filter((n) => !enumNames.has(n));
  const enumTypes = typeList.filter((n) => enumNames.has(n));
  if (modelTypes.length > 0) imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../models.js', isTypeOnly: true, namedImports: modelTypes });
  if (enumTypes.length > 0) imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../enums.js', isTypeOnly: true, namedImports: enumTypes });
  imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../operations.js', namedImports: ops.map(descriptorName).sort() });

  const statement: StatementStructures = {
    kind: StructureKind.Class,
    isExported: true,
    name: group.className,
    docs: [{ description: docText(group.description ?? `Operations tagged ${group.tag}.`, `Reached as \`client.${group.property}\`.`) }],
    ctors: [
      {
        parameters: [{ name: 'core', type: 'ClientCore', scope: Scope.Private, isReadonly: true }],
        docs: [{ description: '@internal Created by the client; use `client.' + group.property + '`.' }],
      },
    ],
    methods: ops.map((op) => {
      const params = op.hasParams
        ? [{ name: 'params', type: op.paramsType, ...(op.paramsOptional ? { initializer: '{}' } : {}) }]
        : [];
      const paramsArg = op.hasParams ? 'params' : '{}';
      let body: string;
      if (op.browserStep) body = `return this.core.buildUrl(${descriptorName(op)}, ${paramsArg});`;
      else if (op.streaming) body = `return new EventStream<${streamEventType(op)}>(this.core, ${descriptorName(op)}, ${paramsArg}, options);`;
      else if (op.pagination) {
        body = `return new PagePromise(this.core, ${descriptorName(op)}, ${paramsArg}, options);`;
      } else body = `return this.core.request(${descriptorName(op)}, ${paramsArg}, options);`;
      const docs = methodDocs(op);
      return {
        name: op.methodName,
        docs: [{ description: docs.description, tags: docs.tags }],
        parameters: op.browserStep ? params : [...params, { name: 'options', type: optionsType(op), hasQuestionToken: true }],
        returnType: resultType(op),
        statements: body,
      };
    }),
  };
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements: [...imports, statement] });
}
