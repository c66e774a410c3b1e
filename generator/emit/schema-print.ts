import type ts from 'typescript';
import { typescript } from './libraries.ts';

/*
 * How `schemas.ts` is laid out: the TypeScript printer writes no blank line of its own, and the
 * formatter keeps the blank lines it finds but adds none. A hand-written file has one between
 * declarations and around each documented member, so these passes put them there.
 */

/** The roots openapi-typescript always declares (`paths`, `webhooks`, `$defs`, `operations`); we expose only `components`. */
const EMPTY_ROOTS = new Set(['paths', 'webhooks', '$defs', 'operations']);

/** The statements without openapi-typescript's empty roots. */
export function withoutEmptyRoots(nodes: readonly ts.Node[]): ts.Node[] {
  return nodes.filter((n) => !(typescript.isTypeAliasDeclaration(n) && EMPTY_ROOTS.has(n.name.text)));
}

/**
 * The statements printed one by one, a blank line between each and the next, and one before every
 * member of an interface or object type that is documented or follows one that is, as openai-node
 * lays out its types. The members are picked on the nodes, and the printer writes the blank line as
 * it reaches one: the printed text is never parsed or scanned again.
 */
export function printStatements(nodes: readonly ts.Node[]): string {
  const spaced = spacedMembers(nodes);
  // TypeScript's own writer, to write a line break where the printer reaches a member (its
  // `writeNode` and `createTextWriter` are what its public `printNode` is made of).
  const internals = typescript as unknown as {
    createTextWriter(newLine: string): TextWriter;
  };
  const writer = internals.createTextWriter('\n');
  const printer = typescript.createPrinter(
    { newLine: typescript.NewLineKind.LineFeed, removeComments: false },
    {
      isEmitNotificationEnabled: (node) => spaced.has(node),
      onEmitNode(hint, node, emit) {
        // The list has just ended the previous member's line: a second break leaves a blank one.
        if (spaced.has(node)) writer.writeLine(true);
        emit(hint, node);
      },
    },
  ) as ts.Printer & {
    writeNode(hint: ts.EmitHint, node: ts.Node, file: ts.SourceFile, writer: TextWriter): void;
  };
  const file = typescript.createSourceFile(
    'schemas.ts',
    '',
    typescript.ScriptTarget.ESNext,
    false,
    typescript.ScriptKind.TS,
  );
  const printed: string[] = [];
  for (const node of nodes) {
    printer.writeNode(typescript.EmitHint.Unspecified, node, file, writer);
    printed.push(writer.getText());
    writer.clear();
  }
  return printed.join('\n\n');
}

/** The part of TypeScript's internal text writer used here. */
interface TextWriter {
  writeLine(force?: boolean): void;
  getText(): string;
  clear(): void;
}

/** The members to print after a blank line: each but the first that is documented or follows one that is. */
function spacedMembers(nodes: readonly ts.Node[]): Set<ts.Node> {
  const spaced = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    if (typescript.isInterfaceDeclaration(node) || typescript.isTypeLiteralNode(node)) {
      let previous = false;
      node.members.forEach((member, i) => {
        const documented = hasDocComment(member);
        if (i > 0 && (documented || previous)) spaced.add(member);
        previous = documented;
      });
    }
    typescript.forEachChild(node, visit);
  };
  for (const node of nodes) visit(node);
  return spaced;
}

/** Whether the printer writes a `/** … *\/` comment before the node (openapi-typescript's nodes are synthetic: their comments are too). */
function hasDocComment(node: ts.Node): boolean {
  return (
    typescript
      .getSyntheticLeadingComments(node)
      ?.some((c) => c.kind === typescript.SyntaxKind.MultiLineCommentTrivia && c.text.startsWith('*')) ??
    false
  );
}
