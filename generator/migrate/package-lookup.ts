/**
 * What the type checker says of a node of the consumer's code with respect to the generated
 * packages: which package's client, module or declaration it is, and what an old name of that
 * package became. Questions only; the rewriter (rewrite.ts) decides the edits.
 */
import { ts } from 'ts-morph';
import { isInside, type MigrationTarget } from './target.ts';

export class PackageLookup {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly targets: readonly MigrationTarget[],
  ) {}

  /** The package a declaration belongs to. */
  targetOfDeclarations(symbol: ts.Symbol | undefined): MigrationTarget | undefined {
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
    return file === undefined ? undefined : this.targets.find((t) => isInside(file, t.root));
  }

  /** The package whose client class `expression` is an instance of. */
  clientOf(expression: ts.Expression): MigrationTarget | undefined {
    const type = this.checker.getTypeAtLocation(expression);
    const symbol = type.getSymbol();
    const target = this.targetOfDeclarations(symbol);
    return target && symbol?.getName() === target.client ? target : undefined;
  }

  /**
   * The name a field of an object of type `type` has now, when it was renamed: the type (any of its
   * members, for a union) lacks `from` and has exactly one of the names `from` became in the packages,
   * declared by a package. Type-aware: a field of the user's own types, or of any other library, is
   * never touched, nor one the object still has.
   */
  fieldRename(type: ts.Type, from: string): string | undefined {
    const object = this.checker.getNonNullableType(type);
    const members = object.isUnion() ? object.types : [object];
    if (members.some((t) => this.checker.getPropertyOfType(t, from) !== undefined)) return undefined;
    const found = new Set<string>();
    for (const target of this.targets) {
      for (const to of target.renames.fields.get(from) ?? []) {
        const has = members.some((t) => {
          const property = this.checker.getPropertyOfType(t, to);
          return property !== undefined && this.declaredInPackage(property) === target;
        });
        if (has) found.add(to);
      }
    }
    return found.size === 1 ? [...found][0] : undefined;
  }

  /**
   * The package declaring a field of an object type (through mapped types, such as a field selection,
   * to the field they map); not a member of a class (the client's groups are its properties).
   */
  declaredInPackage(property: ts.Symbol): MigrationTarget | undefined {
    const links = (property as { links?: { syntheticOrigin?: ts.Symbol; target?: ts.Symbol } }).links;
    for (const symbol of [property, links?.syntheticOrigin, links?.target]) {
      if (!symbol?.declarations?.some((d) => ts.isPropertySignature(d))) continue;
      const target = this.targetOfDeclarations(symbol);
      if (target) return target;
    }
    return undefined;
  }

  operationRename(
    target: MigrationTarget,
    group: string,
    method: string,
  ): { group: string; method: string } | undefined {
    const id = target.oldCalls.get(`${group}.${method}`);
    if (id === undefined) return undefined;
    const to = target.renames.operations.get(id)?.to;
    return to && (to.group !== group || to.method !== method) ? to : undefined;
  }

  /** A module of a package, as `expression` (a namespace import, or `import('pkg')`) refers to it. */
  moduleOf(node: ts.Node): { target: MigrationTarget; module: ts.Symbol } | undefined {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    if (!symbol || !(symbol.flags & ts.SymbolFlags.ValueModule)) return undefined;
    const decl = symbol.declarations?.[0];
    if (!decl || !ts.isSourceFile(decl)) return undefined;
    const target = this.targets.find((t) => isInside(decl.fileName, t.root));
    return target ? { target, module: symbol } : undefined;
  }

  /** The name an old export of a package module has now, when the module exports it. */
  exportRename(target: MigrationTarget, module: ts.Symbol, name: string): string | undefined {
    const exports = new Set(this.checker.getExportsOfModule(module).map((s) => s.getName()));
    if (exports.has(name)) return undefined;
    const next = target.renames.types.get(name) ?? target.renames.functions.get(name);
    return next !== undefined && exports.has(next) ? next : undefined;
  }

  /** The operation a call invokes (by the new package's id), and which argument holds its params. */
  operationOfCall(
    node: ts.CallExpression,
  ): { target: MigrationTarget; id: string; paramsIndex: number } | undefined {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && ts.isPropertyAccessExpression(callee.expression)) {
      const target = this.clientOf(callee.expression.expression);
      if (target) {
        const group = callee.expression.name.text;
        const method = callee.name.text;
        const id = target.newCalls.get(`${group}.${method}`);
        return id === undefined ? undefined : { target, id, paramsIndex: 0 };
      }
    }
    // A `/functions` export: `getPostsByIds(core, params)`.
    let symbol = this.checker.getSymbolAtLocation(
      ts.isPropertyAccessExpression(callee) ? callee.name : callee,
    );
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const target = this.targetOfDeclarations(symbol);
    const id = target && symbol ? target.functionOps.get(symbol.getName()) : undefined;
    return target && id !== undefined ? { target, id, paramsIndex: 1 } : undefined;
  }
}
