import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document, Node, YAMLError } from 'yaml';
import { SpecError } from '../errors.ts';
import { bracketsTooDeep, MAX_YAML_ALIASES, nestingReason, readSpecText, tooDeep } from './limits.ts';
import { toPointer } from './pointer.ts';
import { jsonLocator } from './json-positions.ts';
import { readYamlWithoutPositions } from './yaml-without-positions.ts';

/** A parsed spec file: plain data plus a way to find where any pointer came from. */
export interface SourceFile {
  /** The path as the user gave it (used in messages). */
  file: string;
  /** The text as read: what the generated output depends on (the result cache hashes it). */
  text: string;
  data: unknown;
  /** Line and column (1-based) of the node at a JSON pointer's tokens, or of its nearest existing parent. */
  locate(tokens: readonly string[]): { line: number; column: number };
}

/**
 * Reads YAML or JSON. JSON takes the fast path (JSON.parse), YAML js-yaml's where it can (see
 * yaml-without-positions.ts); positions are then worked out only when a message needs one: in
 * JSON by one pass over the text (json-positions.ts), in YAML by re-reading it with the parser
 * that keeps them.
 */
export function parseSpecFile(file: string, text?: string): SourceFile {
  const source = text ?? readSpecText(file);
  // Nesting deep enough to exhaust a parser's stack (or the YAML parser's memory) is refused first.
  const deep = bracketsTooDeep(source);
  if (deep !== undefined) {
    const lineStart = source.lastIndexOf('\n', deep - 1) + 1;
    const line = source.slice(0, lineStart).split('\n').length;
    throw new SpecError(nestingReason(), file, '', line, deep - lineStart + 1);
  }
  const trimmed = source.trimStart();
  let jsonError: Error | undefined;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const data: unknown = JSON.parse(source);
      return checked({ file, text: source, data, locate: lazily(() => jsonLocator(source)) });
    } catch (error) {
      if (error instanceof SpecError) throw error;
      // Not strict JSON: the YAML parser may still read it (a trailing comma); if not, the JSON error is the one to show.
      jsonError = error as Error;
    }
  }
  const fast = jsonError ? undefined : readYamlWithoutPositions(source);
  if (fast)
    return checked({
      file,
      text: source,
      data: fast.data,
      locate: lazily(() => locateWithYaml(file, source).locate),
    });
  const located = locateWithYaml(file, source, jsonError);
  return checked({ file, text: source, data: located.data, locate: located.locate });
}

/** A locator made on its first use: most specs are never asked for a position. */
function lazily(make: () => SourceFile['locate']): SourceFile['locate'] {
  let locate: SourceFile['locate'] | undefined;
  return (tokens) => (locate ??= make())(tokens);
}

/** The parsed file, once its nesting is checked. */
function checked(parsed: SourceFile): SourceFile {
  checkNesting(parsed);
  return parsed;
}

/** Later stages walk specs recursively: a value nested deeper than the limit is refused where it starts. */
function checkNesting(parsed: SourceFile): void {
  const tokens = tooDeep(parsed.data);
  if (!tokens) return;
  const pos = parsed.locate(tokens);
  throw new SpecError(nestingReason(), parsed.file, shortPointer(tokens), pos.line, pos.column);
}

/** A pointer short enough for one line: a path hundreds of levels deep shows its start. */
function shortPointer(tokens: readonly string[]): string {
  return '#' + toPointer(tokens.slice(0, 8)) + (tokens.length > 8 ? `/... (${tokens.length} levels)` : '');
}

interface Located {
  data: unknown;
  locate(tokens: readonly string[]): { line: number; column: number };
}

/**
 * `yaml`, loaded by the first read that needs it (positions in YAML, or what the fast path cannot
 * read), by `require` (it ships CommonJS for Node either way): a JSON spec never loads it, nor does
 * a thread that imports this stage only for its helpers (the schema-types thread).
 */
let yaml: typeof Yaml | undefined;

function loadYaml(): typeof Yaml {
  return (yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}

export function locateWithYaml(file: string, source: string, jsonError?: Error): Located {
  const { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  } catch (error) {
    // The parser recurses per nesting level (block nesting is not counted by the bracket check).
    if (error instanceof RangeError) throw new SpecError(nestingReason(), file, '');
    throw error;
  }
  const first = doc.errors[0];
  if (first && /call stack/i.test(first.message)) {
    // The YAML parser reports its own stack overflow as an error in the document.
    const at = lineCounter.linePos(first.pos[0]);
    throw new SpecError(nestingReason(), file, shortPointer(pointerAt(doc, first.pos[0])), at.line, at.col);
  }
  if (first) {
    const { reason, offset } = jsonError
      ? describeJsonError(jsonError, first)
      : describeYamlError(first, source, doc);
    const at = lineCounter.linePos(offset);
    throw new SpecError(reason, file, '#' + toPointer(pointerAt(doc, offset)), at.line, at.col);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (error instanceof RangeError) throw new SpecError(nestingReason(), file, '');
    if (!/alias/i.test((error as Error).message)) throw error;
    const unresolved = /^Unresolved alias(?: \(the anchor must be set before the alias\))?: \*?(.*)$/.exec(
      (error as Error).message,
    );
    if (unresolved) {
      const alias = firstAlias(doc);
      const at = lineCounter.linePos(alias?.offset ?? 0);
      throw new SpecError(
        `invalid YAML: the alias *${unresolved[1]} names no anchor (&${unresolved[1]}) set before it`,
        file,
        '#' + toPointer(alias?.tokens ?? []),
        at.line,
        at.col,
      );
    }
    // `yaml` throws a ReferenceError when aliases expand past the count: an alias bomb.
    const alias = firstAlias(doc);
    const at = lineCounter.linePos(alias?.offset ?? 0);
    throw new SpecError(
      `YAML aliases expand too far (more than ${MAX_YAML_ALIASES} nodes through aliases): refused as a resource-exhaustion guard`,
      file,
      '#' + toPointer(alias?.tokens ?? []),
      at.line,
      at.col,
    );
  }
  return {
    data,
    locate(tokens) {
      let node: unknown = doc.contents;
      let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
      for (const token of tokens) {
        if (isAlias(node)) node = node.resolve(doc);
        if (isMap(node)) {
          const pair = node.items.find(
            (p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === token,
          );
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

/** Turns the YAML parser's message into one line a spec author can act on, placed where the fix goes. */
function describeYamlError(
  error: YAMLError,
  source: string,
  doc: Document,
): { reason: string; offset: number } {
  const message = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'invalid YAML';
  const [start, end] = error.pos;
  switch (error.code) {
    case 'MISSING_CHAR': {
      if (/quote/.test(message)) {
        // The parser notices at the end of the file; the fix belongs where the string opens.
        const opening = scalarStartAt(doc, end - 1) ?? start;
        return { reason: `invalid YAML: a quoted string is never closed (${message})`, offset: opening };
      }
      break;
    }
    case 'DUPLICATE_KEY': {
      const key = /^[^:\n]*/
        .exec(source.slice(start))?.[0]
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2');
      return { reason: `invalid YAML: duplicate key${key ? ` "${key}"` : ''} (${message})`, offset: start };
    }
    case 'KEY_OVER_1024_CHARS': {
      const length = /^[^:\n]*/.exec(source.slice(start))?.[0].length ?? 0;
      return {
        reason: `invalid YAML: a key ${length > 1024 ? `${length} characters long` : 'too long'} (a plain key may be at most 1024 characters before its ':'; is a line missing its ':' or a quote?)`,
        offset: start,
      };
    }
    case 'BAD_INDENT':
      return { reason: `invalid YAML: bad indentation (${message})`, offset: firstNonBlank(source, start) };
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      // An over-indented `key:` line is read as part of the value above it: point at that line.
      const multiline = doc.errors.find((e) => e.code === 'MULTILINE_IMPLICIT_KEY') ?? error;
      const lastLine = source.lastIndexOf('\n', multiline.pos[1] - 1) + 1;
      if (lastLine > multiline.pos[0]) {
        return {
          reason:
            'invalid YAML: bad indentation (this line is indented deeper than the key above, so it runs into that value)',
          offset: firstNonBlank(source, lastLine),
        };
      }
      break;
    }
  }
  const reserved = error.code === 'BAD_SCALAR_START' ? /character (\S)$/.exec(message)?.[1] : undefined;
  if (reserved)
    return { reason: `invalid YAML: a value that starts with ${reserved} must be quoted`, offset: start };
  const plain = Object.hasOwn(PLAIN_WORDS, error.code) ? PLAIN_WORDS[error.code] : undefined;
  return { reason: `invalid YAML: ${plain ?? message}`, offset: start };
}

/** What the YAML parser's errors mean, said as a spec author would fix them (its own words are about its grammar). */
const PLAIN_WORDS: Partial<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY:
    'a list item or mapping where a key goes (is this line indented like the key above it, or is a ":" missing?)',
  MULTILINE_IMPLICIT_KEY: 'a key runs over more than one line (is a ":" missing, or a quote not closed?)',
  TAB_AS_INDENT: 'a tab indents this line; YAML indents with spaces only',
  BAD_SCALAR_START: 'a value that starts with this character must be quoted',
  BAD_DQ_ESCAPE:
    'a backslash in a double-quoted string starts no escape YAML knows (write \\\\, or use single quotes)',
  MULTIPLE_DOCS:
    'more than one YAML document in the file (a "---" line starts another); a spec is one document',
  BLOCK_IN_FLOW: 'a "- " list or "key:" mapping inside [ ] or { } (write the whole value one way)',
  UNEXPECTED_TOKEN:
    'text the YAML reader cannot place here (a stray character, or a bracket or quote not closed?)',
  TAG_RESOLVE_FAILED: 'a value with a "!" tag YAML cannot read',
  MULTIPLE_ANCHORS: 'a value with two anchors (&name); one is allowed',
  MULTIPLE_TAGS: 'a value with two tags (!tag); one is allowed',
  NON_STRING_KEY: 'a key that is a list or mapping; keys are plain text',
};

/** The first alias in the document (where an alias bomb starts to expand), found without recursion. */
function firstAlias(doc: Document): { offset: number; tokens: string[] } | undefined {
  const { isAlias, isMap, isScalar, isSeq } = loadYaml();
  const queue: { node: unknown; tokens: string[] }[] = [{ node: doc.contents, tokens: [] }];
  for (let i = 0; i < queue.length; i++) {
    const { node, tokens } = queue[i]!;
    if (isAlias(node)) return { offset: node.range?.[0] ?? 0, tokens };
    if (isMap(node))
      for (const p of node.items)
        queue.push({
          node: p.value,
          tokens: [...tokens, isScalar(p.key) ? String(p.key.value) : String(p.key)],
        });
    else if (isSeq(node))
      node.items.forEach((item, index) => queue.push({ node: item, tokens: [...tokens, String(index)] }));
  }
  return undefined;
}

/** JSON.parse's own message (the file is meant as JSON), at the offset it names. */
function describeJsonError(error: Error, yamlError: YAMLError): { reason: string; offset: number } {
  const position = /at position (\d+)/.exec(error.message);
  const reason = error.message.replace(/\s*(in JSON )?at position \d+.*$/, '');
  return { reason: `invalid JSON: ${reason}`, offset: position ? Number(position[1]) : yamlError.pos[0] };
}

function firstNonBlank(source: string, offset: number): number {
  let i = offset;
  while (i < source.length && (source[i] === ' ' || source[i] === '\t')) i++;
  return i < source.length && source[i] !== '\n' && source[i] !== '\r' ? i : offset;
}

/**
 * The JSON pointer tokens of the deepest value whose text holds `offset`, in a partly parsed document.
 * A key that holds it is not followed: in a broken file that key is often text the parser swallowed.
 */
function pointerAt(doc: Document, offset: number): string[] {
  const { isMap, isScalar, isSeq } = loadYaml();
  const tokens: string[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => contains(p.value, offset));
      if (!pair) break;
      tokens.push(isScalar(pair.key) ? String(pair.key.value) : String(pair.key));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => contains(item, offset));
      if (index === -1) break;
      tokens.push(String(index));
      node = node.items[index];
    } else break;
  }
  return tokens;
}

/** The start of the scalar (key or value) whose text holds `offset`. */
function scalarStartAt(doc: Document, offset: number): number | undefined {
  const { isMap, isScalar, isSeq } = loadYaml();
  let node: unknown = doc.contents;
  while (node) {
    if (isScalar(node)) return contains(node, offset) ? node.range?.[0] : undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => contains(p.key, offset) || contains(p.value, offset));
      node = pair ? (contains(pair.key, offset) ? pair.key : pair.value) : undefined;
    } else if (isSeq(node)) node = node.items.find((item) => contains(item, offset));
    else return undefined;
  }
  return undefined;
}

function contains(node: unknown, offset: number): boolean {
  const range = (node as Node | null | undefined)?.range;
  return !!range && range[0] <= offset && offset < Math.max(range[2], range[1] + 1);
}
