import type ts from 'typescript';
import { typescript } from './libraries.ts';

/*
 * openapi-typescript documents each schema with a JSDoc comment of its own tags (`@description`,
 * `Format: int32`, `@enum {string}`, `@constant`), attached to its nodes as synthetic comments.
 * A hand-written SDK says the same in plain prose: these passes rewrite those comments on the
 * nodes, before anything is printed.
 */

/** What openapi-typescript writes on a discriminator's literal it adds itself (the spec's own docs say more). */
const ADDED_DISCRIMINATOR = 'discriminator enum property added by openapi-typescript';

/** Formats worth a sentence: what the string or number holds, said as an SDK's docs would. */
const FORMAT_PROSE: Partial<Record<string, string>> = {
  'date-time': 'A date and time in RFC 3339 form, such as `2024-05-01T12:00:00Z`.',
  date: 'A date in RFC 3339 form, such as `2024-05-01`.',
  time: 'A time of day in RFC 3339 form, such as `12:00:00Z`.',
  duration: 'An ISO 8601 duration, such as `P3D`.',
  uri: 'A URI.',
  url: 'A URL.',
  email: 'An email address.',
  uuid: 'A UUID.',
  // A number is a number in JavaScript: only a width past 2^53 is worth saying.
  int64: 'A 64-bit integer: values past 2^53 lose precision as a JavaScript number.',
  byte: 'Base64-encoded bytes.',
  ipv4: 'An IPv4 address.',
  ipv6: 'An IPv6 address.',
  hostname: 'A host name.',
};

/** Tags openapi-typescript writes that the type itself already says. */
const DROPPED_TAGS = new Set(['@enum', '@constant']);

/** The nodes with every openapi-typescript doc comment written as prose (see the file comment). */
export function plainDocs(nodes: readonly ts.Node[]): void {
  const visit = (node: ts.Node): void => {
    const comments = typescript.getSyntheticLeadingComments(node);
    if (comments && comments.length > 0) {
      typescript.setSyntheticLeadingComments(
        node,
        comments.flatMap((c) => {
          if (c.kind !== typescript.SyntaxKind.MultiLineCommentTrivia || !c.text.startsWith('*')) return [c];
          const text = proseComment(c.text);
          return text === undefined ? [] : [{ ...c, text }];
        }),
      );
    }
    typescript.forEachChild(node, visit);
  };
  for (const node of nodes) visit(node);
}

/**
 * The text of a JSDoc comment (between `/*` and `*\/`) as openapi-typescript wrote it, rewritten:
 * the description and title as paragraphs, the format as a sentence, `@default`, `@example` and
 * `@deprecated` kept as tags; undefined when nothing is left to say.
 */
export function proseComment(text: string): string | undefined {
  const prose: string[][] = [];
  const formats: string[][] = [];
  const tags: string[][] = [];
  for (const item of commentItems(text)) {
    const [head = '', ...rest] = item;
    const tag = /^@\w+/.exec(head)?.[0];
    if (tag === '@description') {
      const first = head.slice(tag.length).trimStart();
      if (first === ADDED_DISCRIMINATOR && rest.length === 0) continue;
      prose.push([first, ...rest]);
    } else if (tag !== undefined) {
      if (!DROPPED_TAGS.has(tag)) tags.push(item);
    } else if (head.startsWith('Format: ')) {
      const sentence = FORMAT_PROSE[head.slice('Format: '.length).trim()];
      if (sentence !== undefined) formats.push([sentence]);
    } else prose.push(item);
  }
  // openapi-typescript writes the format first; the description says more, so it leads.
  prose.push(...formats);
  const lines = [
    ...prose.flatMap((p, i) => (i > 0 ? ['', ...p] : p)),
    ...(prose.length > 0 && tags.length > 0 ? [''] : []),
    ...tags.flat(),
  ];
  if (lines.length === 0) return undefined;
  if (lines.length === 1) return `* ${lines[0]} `;
  return `*\n${lines.map((l) => (l === '' ? ' *' : ` * ${l}`)).join('\n')}\n `;
}

/**
 * The items of an openapi-typescript comment, each its lines: an item starts a line of its own
 * (` * @description …`), and its further lines are indented four more spaces (` *     …`).
 */
function commentItems(text: string): string[][] {
  const lines = text
    .replace(/^\*/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  const items: string[][] = [];
  for (const line of lines) {
    const current = items[items.length - 1];
    if (line.startsWith('    ') && current) current.push(line.slice(4));
    else if (current && line === '' && text.includes('\n')) current.push('');
    else if (line.trim() !== '') items.push([line.trim()]);
  }
  // A paragraph break at an item's end is the comment's closing line, not the text's.
  for (const item of items) while (item.length > 1 && item[item.length - 1] === '') item.pop();
  return items;
}
