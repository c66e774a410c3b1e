/**
 * Where each value of a JSON text starts, for messages about a spec read by JSON.parse. Reading the
 * text again with the YAML parser to find them was most of an `xgen diff` between X's two reference
 * specs (which places every change); one pass over the characters is a small fraction of that
 * (bench/RESULTS.md, "Measurements behind design choices"). Positions are those the YAML parser gives: a member at its key's opening quote,
 * an array item at its first character, a missing pointer at its nearest existing parent.
 */

interface Node {
  /** Offset of the key (members) or the value (items, the root). */
  start: number;
  members?: Map<string, Node>;
  items?: Node[];
}

/** A locator of JSON pointer tokens in `source`, which JSON.parse has read (so it is valid JSON). */
export function jsonLocator(source: string): (tokens: readonly string[]) => { line: number; column: number } {
  const root = index(source);
  let lineStarts: number[] | undefined;
  return (tokens) => {
    let node = root;
    for (const token of tokens) {
      const next = node.members
        ? node.members.get(token)
        : node.items
          ? node.items[Number(token)]
          : undefined;
      if (!next) break;
      node = next;
    }
    lineStarts ??= starts(source);
    return position(lineStarts, node.start);
  };
}

/** The tree of containers and where each member and item starts. */
function index(source: string): Node {
  let i = skipSpace(source, 0);
  const root: Node = { start: i };
  // The open containers, innermost last; a member's key waits here for its value.
  const stack: Node[] = [];
  let pendingKey: { name: string; node: Node } | undefined;
  const place = (valueStart: number): Node => {
    const parent = stack[stack.length - 1];
    if (!parent) return root;
    if (parent.items) {
      const item: Node = { start: valueStart };
      parent.items.push(item);
      return item;
    }
    const member = pendingKey!.node;
    parent.members!.set(pendingKey!.name, member);
    pendingKey = undefined;
    return member;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '{' || c === '[') {
      const node = place(i);
      if (c === '{') node.members = new Map();
      else node.items = [];
      stack.push(node);
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
    } else if (c === '"') {
      const end = stringEnd(source, i);
      const parent = stack[stack.length - 1];
      const afterString = skipSpace(source, end);
      if (parent?.members && source[afterString] === ':' && pendingKey === undefined) {
        const raw = source.slice(i + 1, end - 1);
        pendingKey = {
          name: raw.includes('\\') ? (JSON.parse(source.slice(i, end)) as string) : raw,
          node: { start: i },
        };
        i = afterString + 1;
        continue;
      }
      place(i);
      i = end;
    } else if (c === ',' || c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
    } else {
      // A number, true, false or null: up to the next delimiter.
      place(i);
      while (i < source.length && !',}] \n\r\t'.includes(source[i]!)) i++;
    }
  }
  return root;
}

/** The offset just past the string literal that opens at `start`. */
function stringEnd(source: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = source.indexOf('"', i);
    if (quote === -1) return source.length;
    let backslashes = 0;
    for (let j = quote - 1; source[j] === '\\'; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

function skipSpace(source: string, from: number): number {
  let i = from;
  while (
    i < source.length &&
    (source[i] === ' ' || source[i] === '\n' || source[i] === '\r' || source[i] === '\t')
  )
    i++;
  return i;
}

function starts(source: string): number[] {
  const out = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** 1-based line and column of an offset. */
function position(lineStarts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}
