import { ts } from 'ts-morph';
import type { Change } from '../diff/change.ts';
import { changesReaching, describeOrigin, exportChange, operationChange } from './explain.ts';
import { type Origin, OriginTracer } from './origin.ts';
import type { MigrationTarget } from './target.ts';

/** A use migrate could not rewrite: where it is, and the diff's message for what changed there. */
export interface RemainingUse {
  file: string;
  line: number;
  column: number;
  message: string;
  /** True when a change of the diff explains it (else the message carries the compiler's text). */
  explained: boolean;
}

/**
 * What is left after the rewrite: each compile error of a file that imports a package (every one:
 * nothing there is left silent), and each elsewhere in code that reads a package, with the change
 * of the diff that reaches the failing expression. The expression is followed into the
 * initializers of its locals, the values it destructures and the types it is annotated with, to
 * the package's call or named type and the property path read from it; the change is the one the
 * diff names on that path (see explain.ts). Where none does, the listing says so and shows the
 * compiler's text.
 */
export function remainingUses(
  file: ts.SourceFile,
  diagnostics: readonly ts.Diagnostic[],
  checker: ts.TypeChecker,
  targets: readonly MigrationTarget[],
): RemainingUse[] {
  const tracer = new OriginTracer(checker, targets);
  let imported: MigrationTarget | undefined | null = null;
  const errors = diagnostics.flatMap((diagnostic) => {
    if (diagnostic.start === undefined || diagnostic.category !== ts.DiagnosticCategory.Error) return [];
    const start = diagnostic.start;
    const node = nodeSpanning(file, start, diagnostic.length ?? 0);
    return [{ diagnostic, start, node, found: importAt(node, tracer) ?? explainAt(node, tracer) }];
  });
  const out: RemainingUse[] = [];
  for (const { diagnostic, start, node, found } of errors) {
    let message: string;
    let explained = false;
    // A value read from a call that itself no longer compiles (a `*.fields` value it no longer
    // accepts, a body field it now requires) is typed from a failed call: the narrowing its params
    // gave it is gone. That call's change is the cause, and its line is where to fix it.
    const call = found?.changes?.length ? undefined : found?.origin?.call;
    const failed = call
      ? errors.find(
          (e) => e.found?.changes?.length && e.start >= call.getStart(file) && e.start < call.getEnd(),
        )
      : undefined;
    if (found?.changes && found.changes.length > 0) {
      message = found.changes.map((c) => c.message).join('; ');
      explained = true;
    } else if (failed?.found?.changes) {
      const at = file.getLineAndCharacterOfPosition(failed.start);
      message = `${failed.found.changes.map((c) => c.message).join('; ')} (at line ${at.line + 1}:${at.character + 1}: the call this value comes from no longer compiles, so its result is not typed as before)`;
      explained = true;
    } else {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (imported === null) imported = tracer.importedPackage(file);
      const target = found?.target ?? imported ?? tracer.packageNear(node);
      if (!target) continue;
      const place = found?.origin ? ` (${describeOrigin(found.origin)})` : '';
      message = `${target.name}: no change of the diff explains this${place}; the compiler says: ${text}`;
    }
    const { line, character } = file.getLineAndCharacterOfPosition(start);
    out.push({ file: file.fileName, line: line + 1, column: character + 1, message, explained });
  }
  return out;
}

type Found = { target: MigrationTarget; origin?: Origin; changes?: Change[] };

/** A name imported from a package that no longer exports it: the change that took it away. */
function importAt(node: ts.Node, tracer: OriginTracer): Found | undefined {
  let at: ts.Node | undefined = node;
  while (at && !ts.isImportSpecifier(at) && !ts.isSourceFile(at) && !ts.isStatement(at)) at = at.parent;
  if (!at || !ts.isImportSpecifier(at)) return undefined;
  const declaration = at.parent.parent.parent;
  if (!ts.isImportDeclaration(declaration)) return undefined;
  const target = tracer.importedPackage(declaration.getSourceFile(), declaration);
  if (!target) return undefined;
  const change = exportChange(target, (at.propertyName ?? at.name).text);
  return { target, changes: change ? [change] : [] };
}

/** The package value or call an error is about, and the change that explains it. */
function explainAt(node: ts.Node, tracer: OriginTracer): Found | undefined {
  // A call of an operation: its callee, its params object, or the call as a whole.
  const call = enclosingCallPart(node);
  if (call) {
    const op = tracer.operationOfCall(call.call);
    if (op) {
      const change = operationChange(op.target, op.ids, paramKeys(call, op.paramsIndex, node));
      return { target: op.target, changes: change ? [change] : [] };
    }
  }
  if (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) {
    const method = tracer.clientMethod(node.parent);
    if (method) {
      const change = operationChange(method.target, method.ids, []);
      return { target: method.target, changes: change ? [change] : [] };
    }
  }
  for (const subject of subjectsOf(node)) {
    const origin =
      'declaration' in subject
        ? tracer.ofDeclaration(subject.declaration)
        : tracer.ofExpression(subject.expression);
    if (!origin) continue;
    return {
      target: origin.target,
      origin,
      changes: changesReaching(origin, subject.value, subject.accepted),
    };
  }
  return undefined;
}

/** What an error is about, and the literal it compares that with (`case 'adopted':`). */
type Subject = ({ expression: ts.Node } | { declaration: ts.Node }) & {
  value?: string;
  accepted?: Set<string>;
};

/**
 * The expressions whose value an error is about, most specific first: the property read it points
 * at, the initializer of the annotated local it points at, the value a destructured name takes,
 * the value a `switch` or comparison tests, else the expression itself and those around it.
 */
function subjectsOf(node: ts.Node): Subject[] {
  const out: Subject[] = [];
  const parent = node.parent;
  if (
    parent &&
    (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
    node !== parent.expression
  )
    out.push({ expression: parent });
  if (parent && ts.isVariableDeclaration(parent) && parent.name === node && parent.initializer)
    out.push({ expression: parent.initializer, ...literalsOf(parent.type) });
  if (parent && ts.isBindingElement(parent) && (parent.name === node || parent.propertyName === node))
    out.push({ declaration: parent });
  const clause = ancestor(node, (n) => ts.isCaseClause(n));
  if (clause && ts.isCaseClause(clause) && isWithin(node, clause.expression))
    out.push({ expression: clause.parent.parent.expression, ...literal(clause.expression) });
  if (ts.isBinaryExpression(node) && isComparison(node.operatorToken.kind)) {
    const left = ts.isStringLiteralLike(node.left) || ts.isNumericLiteral(node.left);
    out.push({ expression: left ? node.right : node.left, ...literal(left ? node.left : node.right) });
  }
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at) && !ts.isBlock(at); at = at.parent) {
    if (ts.isExpression(at)) out.push({ expression: at });
    if (ts.isStatement(at)) break;
  }
  return out;
}

/** The string literals an annotation that is a union of them accepts (`'won' | 'lost' | undefined`). */
function literalsOf(type: ts.TypeNode | undefined): { accepted?: Set<string> } {
  if (!type) return {};
  const members = ts.isUnionTypeNode(type) ? type.types : [type];
  const values = new Set<string>();
  for (const member of members) {
    if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal)) values.add(member.literal.text);
    else if (
      member.kind !== ts.SyntaxKind.UndefinedKeyword &&
      !(ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword)
    )
      return {};
  }
  return values.size > 0 ? { accepted: values } : {};
}

function literal(node: ts.Expression): { value?: string } {
  return ts.isStringLiteralLike(node) ? { value: node.text } : {};
}

function isComparison(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.EqualsEqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
    kind === ts.SyntaxKind.EqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsToken
  );
}

function ancestor(node: ts.Node, test: (n: ts.Node) => boolean): ts.Node | undefined {
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent)
    if (test(at)) return at;
  return undefined;
}

function isWithin(node: ts.Node, outer: ts.Node): boolean {
  return node.pos >= outer.pos && node.end <= outer.end;
}

/** The operation call a node is part of, when it is its callee, its arguments or the call itself. */
function enclosingCallPart(
  node: ts.Node,
): { call: ts.CallExpression; part: 'callee' | 'argument' | 'call' } | undefined {
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
    const parent: ts.Node | undefined = at.parent;
    if (ts.isCallExpression(at) && at === node) return { call: at, part: 'call' };
    if (parent && ts.isCallExpression(parent)) {
      if (parent.expression === at) return { call: parent, part: 'callee' };
      if (parent.arguments.includes(at as ts.Expression)) return { call: parent, part: 'argument' };
    }
    if (ts.isStatement(at) || ts.isFunctionLike(at)) return undefined;
  }
  return undefined;
}

/** The params keys an error in a call is about: the key it points at, else every key of the params object. */
function paramKeys(call: { call: ts.CallExpression; part: string }, index: number, node: ts.Node): string[] {
  const keys: string[] = [];
  for (let at: ts.Node | undefined = node; at && at !== call.call; at = at.parent) {
    if (
      (ts.isPropertyAssignment(at) || ts.isShorthandPropertyAssignment(at)) &&
      (ts.isIdentifier(at.name) || ts.isStringLiteralLike(at.name))
    )
      keys.push(at.name.text);
  }
  const params = call.call.arguments[index];
  if (params && ts.isObjectLiteralExpression(params)) {
    for (const property of params.properties)
      if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteralLike(property.name)))
        keys.push(property.name.text);
  }
  return [...new Set(keys)];
}

/** The deepest node that spans exactly an error's range (else the innermost one holding its start). */
function nodeSpanning(file: ts.SourceFile, start: number, length: number): ts.Node {
  let node: ts.Node = file;
  let exact: ts.Node | undefined;
  for (;;) {
    const child: ts.Node | undefined = node
      .getChildren(file)
      .find((c) => c.getStart(file) <= start && start < c.getEnd());
    if (!child) return exact ?? node;
    node = child;
    if (node.getStart(file) === start && node.getEnd() === start + length) exact = node;
  }
}
