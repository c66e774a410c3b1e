import { ts } from 'ts-morph';
import type { Change } from '../diff/change.ts';
import { isInside, type MigrationTarget } from './target.ts';

/** A use migrate could not rewrite: where it is, and the diff's message for what changed there. */
export interface RemainingUse {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * What is left after the rewrite: each compile error, against the new package, of code that uses
 * the package, with the change of the diff that explains it. An error is traced to its operation
 * (the call it is in, or the call whose result the failing expression reads, through local
 * variables and loops) and to the change of that operation that names the failing property; one
 * in code that does not touch a generated package is the user's own and is not listed.
 */
export function remainingUses(file: ts.SourceFile, diagnostics: readonly ts.Diagnostic[], checker: ts.TypeChecker, targets: readonly MigrationTarget[]): RemainingUse[] {
  const out: RemainingUse[] = [];
  const tracer = new Tracer(checker, targets);
  for (const diagnostic of diagnostics) {
    if (diagnostic.start === undefined || diagnostic.category !== ts.DiagnosticCategory.Error) continue;
    const node = nodeAt(file, diagnostic.start);
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const found = tracer.operationAt(node);
    let message: string | undefined;
    const names = namesAt(node, text);
    if (found) message = explain(found.target.changes, found.ids, names)?.message;
    if (message === undefined) {
      const target = found?.target ?? tracer.packageNear(node);
      if (!target) continue;
      const change = names.map((name) => target.changes.find((c) => c.level === 'breaking' && mentions(c.message, name))).find((c) => c !== undefined);
      message = change ? change.message : `${target.name}: ${text}`;
    }
    const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start);
    out.push({ file: file.fileName, line: line + 1, column: character + 1, message });
  }
  return out;
}

/**
 * The names an error is about, most specific first: the property read where it points (`data.id`
 * in `read(data.id)`), the names its message quotes, the identifier itself.
 */
function namesAt(node: ts.Node, message: string): string[] {
  const names: string[] = [];
  let at: ts.Node | undefined = node;
  for (let i = 0; at && i < 3; i++, at = at.parent) {
    if (ts.isPropertyAccessExpression(at)) names.push(at.name.text);
    else if (ts.isElementAccessExpression(at) && ts.isStringLiteralLike(at.argumentExpression)) names.push(at.argumentExpression.text);
  }
  for (const match of message.matchAll(/'([^']+)'/g)) names.push(match[1] as string);
  if (ts.isIdentifier(node) || ts.isStringLiteralLike(node)) names.push(node.text);
  return [...new Set(names)];
}

/** The breaking change of these operations that names one of `names` (the first it can), else their first breaking change. */
function explain(changes: readonly Change[], ids: ReadonlySet<string>, names: readonly string[]): Change | undefined {
  const own = changes.filter((c) => c.level === 'breaking' && operationsOf(c).some((id) => ids.has(id)));
  for (const name of names) {
    const change = own.find((c) => mentions(c.message, name));
    if (change) return change;
  }
  return own[0];
}

/** The operations a change reaches: `operationId`, or the `operationIds` of a change grouped by cause. */
function operationsOf(change: Change): string[] {
  const grouped = (change as { operationIds?: unknown }).operationIds;
  return Array.isArray(grouped) ? grouped.map(String) : change.operationId !== undefined ? [change.operationId] : [];
}

function mentions(message: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(message);
}

/** The innermost node at a position. */
function nodeAt(file: ts.SourceFile, position: number): ts.Node {
  let node: ts.Node = file;
  for (;;) {
    const child: ts.Node | undefined = node.getChildren(file).find((c) => c.getStart(file) <= position && position < c.getEnd());
    if (!child) return node;
    node = child;
  }
}

/** Follows an expression back to the call of a package operation it comes from. */
class Tracer {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly targets: readonly MigrationTarget[],
  ) {}

  private targetOf(symbol: ts.Symbol | undefined): MigrationTarget | undefined {
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
    return file === undefined ? undefined : this.targets.find((t) => isInside(file, t.root));
  }

  private clientOf(expression: ts.Expression): MigrationTarget | undefined {
    const symbol = this.checker.getTypeAtLocation(expression).getSymbol();
    const target = this.targetOf(symbol);
    return target && symbol?.getName() === target.client ? target : undefined;
  }

  /** The operation (its ids, old and new) of the call a node is in or reads from. */
  operationAt(node: ts.Node): { target: MigrationTarget; ids: Set<string> } | undefined {
    for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
      if (ts.isCallExpression(at)) {
        const found = this.operationOfCall(at);
        if (found) return found;
      }
      if (ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) {
        const found = this.trace(at.expression, 0);
        if (found) return found;
      }
      if (ts.isStatement(at) && !ts.isVariableStatement(at) && !ts.isExpressionStatement(at)) break;
    }
    return undefined;
  }

  private operationOfCall(call: ts.CallExpression): { target: MigrationTarget; ids: Set<string> } | undefined {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      if (callee.name.text === 'call') {
        const target = this.clientOf(callee.expression);
        const first = call.arguments[0];
        if (target && first && ts.isStringLiteralLike(first)) return { target, ids: this.ids(target, first.text) };
      }
      if (ts.isPropertyAccessExpression(callee.expression)) {
        const target = this.clientOf(callee.expression.expression);
        if (target) {
          const key = `${callee.expression.name.text}.${callee.name.text}`;
          const newId = target.newCalls.get(key);
          const oldId = target.oldCalls.get(key);
          const id = newId ?? oldId;
          if (id !== undefined) return { target, ids: this.ids(target, id) };
        }
      }
    }
    let symbol = this.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const target = this.targetOf(symbol);
    const id = target && symbol ? target.functionOps.get(symbol.getName()) : undefined;
    return target && id !== undefined ? { target, ids: this.ids(target, id) } : undefined;
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

  /** Back through reads, `await`, loops and local variables to a call. */
  private trace(expression: ts.Node, depth: number): { target: MigrationTarget; ids: Set<string> } | undefined {
    if (depth > 24) return undefined;
    if (ts.isAwaitExpression(expression) || ts.isParenthesizedExpression(expression) || ts.isNonNullExpression(expression) || ts.isAsExpression(expression)) {
      return this.trace(expression.expression, depth + 1);
    }
    if (ts.isCallExpression(expression)) return this.operationOfCall(expression) ?? this.trace(expression.expression, depth + 1);
    if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) return this.trace(expression.expression, depth + 1);
    if (!ts.isIdentifier(expression)) return undefined;
    const declaration = this.checker.getSymbolAtLocation(expression)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration)) return undefined;
    if (declaration.initializer) return this.trace(declaration.initializer, depth + 1);
    const list = declaration.parent;
    const loop = list?.parent;
    if (loop && (ts.isForOfStatement(loop) || ts.isForInStatement(loop))) return this.trace(loop.expression, depth + 1);
    return undefined;
  }

  /** The package a node's statement uses, when it uses one: some identifier in it is declared by a package. */
  packageNear(node: ts.Node): MigrationTarget | undefined {
    let statement: ts.Node = node;
    while (statement.parent && !ts.isSourceFile(statement.parent) && !ts.isBlock(statement.parent)) statement = statement.parent;
    let found: MigrationTarget | undefined;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if (ts.isIdentifier(n)) {
        let symbol = this.checker.getSymbolAtLocation(n);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
        found = this.targetOf(symbol) ?? this.targetOf(this.checker.getTypeAtLocation(n).getSymbol());
        if (!found && ts.isImportSpecifier(n.parent)) {
          const specifier = n.parent.parent.parent.parent.moduleSpecifier;
          let module = this.checker.getSymbolAtLocation(specifier);
          if (module && module.flags & ts.SymbolFlags.Alias) module = this.checker.getAliasedSymbol(module);
          found = this.targetOf(module);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(statement);
    return found;
  }
}
