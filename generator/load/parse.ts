import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { SpecError } from '../errors.ts';

/** A parsed spec file: plain data plus a way to find where any pointer came from. */
export interface SourceFile {
  /** The path as the user gave it (used in messages). */
  file: string;
  data: unknown;
  /** Line and column (1-based) of the node at a JSON pointer's tokens, or of its nearest existing parent. */
  locate(tokens: readonly string[]): { line: number; column: number };
}

/**
 * Reads YAML or JSON. JSON takes the fast path (JSON.parse); positions are then worked out only
 * when an error needs one, by re-reading the text with the YAML parser (JSON is YAML 1.2).
 */
export function parseSpecFile(file: string, text?: string): SourceFile {
  let source: string;
  try {
    source = text ?? readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SpecError(code === 'ENOENT' ? 'file not found' : `cannot read file (${code ?? 'error'})`, file, '');
  }
  const trimmed = source.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const data: unknown = JSON.parse(source);
      let located: Located | undefined;
      return {
        file,
        data,
        locate: (tokens) => (located ??= locateWithYaml(file, source)).locate(tokens),
      };
    } catch {
      // Not valid JSON: fall through so the YAML parser reports the position.
    }
  }
  const located = locateWithYaml(file, source);
  return { file, data: located.data, locate: located.locate };
}

interface Located {
  data: unknown;
  locate(tokens: readonly string[]): { line: number; column: number };
}

function locateWithYaml(file: string, source: string): Located {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const first = doc.errors[0];
  if (first) {
    const at = lineCounter.linePos(first.pos[0]);
    const reason = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'invalid YAML';
    throw new SpecError(`invalid YAML: ${reason}`, file, '', at.line, at.col);
  }
  const data: unknown = doc.toJS({ maxAliasCount: 10_000 });
  return {
    data,
    locate(tokens) {
      let node: unknown = doc.contents;
      let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
      for (const token of tokens) {
        if (isMap(node)) {
          const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === token);
          if (!pair) break;
          offset = (isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? offset;
          node = pair.value;
        } else if (isSeq(node)) {
          const item = node.items[Number(token)] as Node | undefined;
          if (!item) break;
          offset = item.range?.[0] ?? offset;
          node = item;
        } else break;
      }
      const pos = lineCounter.linePos(offset);
      return { line: pos.line, column: pos.col };
    },
  };
}
