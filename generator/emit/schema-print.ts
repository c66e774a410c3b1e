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

/** The statements printed one by one, a blank line between each and the next. */
export function printStatements(nodes: readonly ts.Node[]): string {
  const printer = typescript.createPrinter({
    newLine: typescript.NewLineKind.LineFeed,
    removeComments: false,
  });
  const file = typescript.createSourceFile(
    'schemas.ts',
    '',
    typescript.ScriptTarget.ESNext,
    false,
    typescript.ScriptKind.TS,
  );
  return separateDocumentedMembers(
    nodes.map((n) => printer.printNode(typescript.EmitHint.Unspecified, n, file)).join('\n\n'),
  );
}

/**
 * The printed text with a blank line before every member of an interface or object type that is
 * documented or follows one that is, as openai-node lays out its types. The printed text is parsed
 * (never matched by pattern) and a line break added where a member's leading trivia starts.
 */
function separateDocumentedMembers(text: string): string {
  const file = typescript.createSourceFile(
    'schemas.ts',
    text,
    typescript.ScriptTarget.ESNext,
    false,
    typescript.ScriptKind.TS,
  );
  const breaks: number[] = [];
  const documented = (member: ts.Node): boolean =>
    text.slice(member.pos, member.getStart(file)).includes('/**');
  const visit = (node: ts.Node): void => {
    if (typescript.isInterfaceDeclaration(node) || typescript.isTypeLiteralNode(node)) {
      const members = node.members;
      for (let i = 1; i < members.length; i++) {
        const member = members[i];
        const previous = members[i - 1];
        if (member && previous && (documented(member) || documented(previous))) breaks.push(member.pos);
      }
    }
    typescript.forEachChild(node, visit);
  };
  visit(file);
  if (breaks.length === 0) return text;
  breaks.sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const at of breaks) {
    parts.push(text.slice(from, at), '\n');
    from = at;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
