import { ts } from 'ts-morph';
import { isInside, type MigrationTarget } from './target.ts';

/** A step into a value: a property by name, or `[]` for an item of an array. */
export type Step = string;

/**
 * Where a value of the consumer's code comes from in a package: the result of an operation (its
 * ids, old and new) or a named type of the package, and the property path read from there
 * (`res?.data?.[0]?.author` is `data`, `[]`, `author` from the call's result).
 */
export interface Origin {
  target: MigrationTarget;
  /** The operation whose result the value is read from. */
  ids?: Set<string>;
  /** Or the named type it is read from (`Dispute` in `const s: Dispute['status']`). */
  type?: string;
  steps: Step[];
  /** The call whose result the value is read from, when the trail reached one in the code. */
  call?: ts.CallExpression;
}

/** An operation call: the operation, the package, and which argument holds its params. */
export interface OperationCall {
  target: MigrationTarget;
  ids: Set<string>;
  /** The id the call names (the old one where the old call is still written). */
  id: string;
  paramsIndex: number;
}

/**
 * Follows an expression of the consumer's code to the package's call or type it reads: into the
 * initializers of local variables and destructurings, through `await`, loops over arrays and
 * streams, and type annotations (`Dispute['status']`), collecting the property path. Where the
 * trail ends without one (a parameter of a function, say), the checker's type names a package type.
 */
export class OriginTracer {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly targets: readonly MigrationTarget[],
  ) {}

  targetOf(symbol: ts.Symbol | undefined): MigrationTarget | undefined {
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
    return file === undefined ? undefined : this.targets.find((t) => isInside(file, t.root));
  }

  private clientOf(expression: ts.Expression): MigrationTarget | undefined {
    const symbol = this.checker.getTypeAtLocation(expression).getSymbol();
    const target = this.targetOf(symbol);
    return target && symbol?.getName() === target.client ? target : undefined;
  }

  /** The operation a call invokes: `client.<group>.<method>(...)` (old or new place), `client.call('<id>', ...)`, a `/functions` export. */
  operationOfCall(call: ts.CallExpression): OperationCall | undefined {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      if (callee.name.text === 'call') {
        const target = this.clientOf(callee.expression);
        const first = call.arguments[0];
        if (target && first && ts.isStringLiteralLike(first))
          return { target, ids: this.ids(target, first.text), id: first.text, paramsIndex: 1 };
      }
      const method = this.clientMethod(callee);
      if (method) return { ...method, paramsIndex: 0 };
    }
    let symbol = this.checker.getSymbolAtLocation(
      ts.isPropertyAccessExpression(callee) ? callee.name : callee,
    );
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const target = this.targetOf(symbol);
    const id = target && symbol ? target.functionOps.get(symbol.getName()) : undefined;
    return target && id !== undefined ? { target, ids: this.ids(target, id), id, paramsIndex: 1 } : undefined;
  }

  /** `client.<group>.<method>` as written: the operation it is (by the new place, else the old one). */
  clientMethod(
    access: ts.PropertyAccessExpression,
  ): { target: MigrationTarget; ids: Set<string>; id: string } | undefined {
    if (!ts.isPropertyAccessExpression(access.expression)) return undefined;
    const target = this.clientOf(access.expression.expression);
    if (!target) return undefined;
    const key = `${access.expression.name.text}.${access.name.text}`;
    const id = target.newCalls.get(key) ?? target.oldCalls.get(key);
    return id === undefined ? undefined : { target, ids: this.ids(target, id), id };
  }

  /** An operation's id in both packages: changes name it by the id of the side they are on. */
  private ids(target: MigrationTarget, id: string): Set<string> {
    const ids = new Set([id]);
    for (const [from, { to }] of target.renames.operations) {
      if (from === id) ids.add(to.id);
      if (to.id === id) ids.add(from);
    }
    return ids;
  }

  /** Where the value of an expression comes from, or undefined when it is not read from a package. */
  ofExpression(expression: ts.Node, depth = 0): Origin | undefined {
    if (depth > 32) return undefined;
    const traced = this.trace(expression, depth);
    return (
      traced ??
      (ts.isExpression(expression) ? this.ofType(this.checker.getTypeAtLocation(expression)) : undefined)
    );
  }

  private trace(node: ts.Node, depth: number): Origin | undefined {
    if (
      ts.isAwaitExpression(node) ||
      ts.isParenthesizedExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node)
    ) {
      return this.ofExpression(node.expression, depth + 1);
    }
    if (ts.isCallExpression(node)) {
      const op = this.operationOfCall(node);
      return op ? { target: op.target, ids: op.ids, steps: [], call: node } : undefined;
    }
    if (ts.isPropertyAccessExpression(node))
      return this.extend(this.ofExpression(node.expression, depth + 1), node.name.text);
    if (ts.isElementAccessExpression(node)) {
      const key = node.argumentExpression;
      return this.extend(
        this.ofExpression(node.expression, depth + 1),
        ts.isStringLiteralLike(key) ? key.text : '[]',
      );
    }
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      return this.ofExpression(node.left, depth + 1);
    }
    if (ts.isIdentifier(node)) {
      const symbol = this.checker.getSymbolAtLocation(node);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      return declaration ? this.ofDeclaration(declaration, depth + 1) : undefined;
    }
    return undefined;
  }

  /** Where a variable's value comes from: its initializer, the value it destructures, the loop it iterates, its annotation. */
  ofDeclaration(declaration: ts.Node, depth = 0): Origin | undefined {
    if (depth > 32) return undefined;
    if (ts.isBindingElement(declaration)) {
      const pattern = declaration.parent;
      const holder = this.ofDeclaration(pattern.parent, depth + 1);
      if (ts.isArrayBindingPattern(pattern)) return this.extend(holder, '[]');
      const key = declaration.propertyName ?? declaration.name;
      return ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? this.extend(holder, key.text) : undefined;
    }
    if (
      ts.isVariableDeclaration(declaration) ||
      ts.isParameter(declaration) ||
      ts.isPropertyDeclaration(declaration)
    ) {
      if (declaration.type) {
        const typed = this.ofTypeNode(declaration.type, depth + 1);
        if (typed) return typed;
      }
      if (declaration.initializer) return this.ofExpression(declaration.initializer, depth + 1);
      const loop = declaration.parent?.parent;
      if (ts.isVariableDeclaration(declaration) && loop && ts.isForOfStatement(loop)) {
        const source = loop.expression;
        const inner = source && ts.isCallExpression(source) ? this.operationOfCall(source) : undefined;
        // A stream yields results; a paginated call yields items, whose path the checker's type names.
        if (inner && loop.awaitModifier) {
          const op = inner.target.next.operations[inner.id] ?? inner.target.old.operations[inner.id];
          if (op?.kind === 'stream') return { target: inner.target, ids: inner.ids, steps: [] };
          return this.ofType(this.checker.getTypeAtLocation(declaration.name));
        }
        return this.extend(this.ofExpression(source, depth + 1), '[]');
      }
      return this.ofType(this.checker.getTypeAtLocation(declaration.name));
    }
    return undefined;
  }

  /** A type written in the consumer's code: a package type, a property of one (`Dispute['status']`), an array of one. */
  ofTypeNode(node: ts.TypeNode, depth = 0): Origin | undefined {
    if (depth > 32) return undefined;
    if (ts.isParenthesizedTypeNode(node)) return this.ofTypeNode(node.type, depth + 1);
    if (ts.isIndexedAccessTypeNode(node)) {
      const index = node.indexType;
      const key =
        ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : '[]';
      return this.extend(this.ofTypeNode(node.objectType, depth + 1), key);
    }
    if (ts.isArrayTypeNode(node)) return this.ofTypeNode(node.elementType, depth + 1);
    if (ts.isTypeReferenceNode(node)) {
      const name = ts.isIdentifier(node.typeName) ? node.typeName : node.typeName.right;
      let symbol = this.checker.getSymbolAtLocation(name);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
      const target = this.targetOf(symbol);
      if (target && symbol) return this.named(target, symbol.getName());
      // A name the package no longer exports: the import names it.
      const written = name.text;
      const imported = this.importedFrom(name);
      if (imported) return this.named(imported, written);
    }
    if (ts.isImportTypeNode(node) && node.qualifier) {
      const name = ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.right.text;
      const symbol = this.checker.getSymbolAtLocation(node.qualifier);
      const target = this.targetOf(symbol);
      if (target) return this.named(target, name);
    }
    return undefined;
  }

  /** The package an identifier's import names, when it is imported from one (resolved or not). */
  private importedFrom(name: ts.Identifier): MigrationTarget | undefined {
    const symbol = this.checker.getSymbolAtLocation(name);
    const specifier = symbol?.declarations?.find(ts.isImportSpecifier);
    if (!specifier) return undefined;
    let module = this.checker.getSymbolAtLocation(specifier.parent.parent.parent.moduleSpecifier);
    if (module && module.flags & ts.SymbolFlags.Alias) module = this.checker.getAliasedSymbol(module);
    return this.targetOf(module);
  }

  private named(target: MigrationTarget, name: string): Origin | undefined {
    return target.old.types[name] || target.next.types[name] ? { target, type: name, steps: [] } : undefined;
  }

  /** A type the checker gives a value: a named type of a package, or an array of one. */
  ofType(type: ts.Type, depth = 0): Origin | undefined {
    if (depth > 4) return undefined;
    const nonNull = this.checker.getNonNullableType(type);
    for (const symbol of [nonNull.aliasSymbol, nonNull.getSymbol()]) {
      const target = this.targetOf(symbol);
      const found = target && symbol ? this.named(target, symbol.getName()) : undefined;
      if (found) return found;
    }
    if (this.checker.isArrayType(nonNull)) {
      const item = this.checker.getTypeArguments(nonNull as ts.TypeReference)[0];
      return item ? this.extend(this.ofType(item, depth + 1), '[]') : undefined;
    }
    return undefined;
  }

  private extend(origin: Origin | undefined, step: Step): Origin | undefined {
    return origin ? { ...origin, steps: [...origin.steps, step] } : undefined;
  }

  /** The package an import declaration names, for a file that imports one (in `only`, when given). */
  importedPackage(file: ts.SourceFile, only?: ts.Statement): MigrationTarget | undefined {
    for (const statement of only ? [only] : file.statements) {
      const specifier =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier) continue;
      let module = this.checker.getSymbolAtLocation(specifier);
      if (module && module.flags & ts.SymbolFlags.Alias) module = this.checker.getAliasedSymbol(module);
      const target = this.targetOf(module);
      if (target) return target;
    }
    return undefined;
  }

  /** The package a node's statement uses, when it uses one: some identifier in it is declared by a package. */
  packageNear(node: ts.Node): MigrationTarget | undefined {
    let statement: ts.Node = node;
    while (statement.parent && !ts.isSourceFile(statement.parent) && !ts.isBlock(statement.parent))
      statement = statement.parent;
    let found: MigrationTarget | undefined;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if (ts.isIdentifier(n)) {
        let symbol = this.checker.getSymbolAtLocation(n);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
        found = this.targetOf(symbol) ?? this.targetOf(this.checker.getTypeAtLocation(n).getSymbol());
      }
      ts.forEachChild(n, visit);
    };
    visit(statement);
    return found;
  }
}
