/**
 * Where each value of a JSON text starts, for messages about a spec read by JSON.parse. Reading the
 * text again with the YAML parser to find them was most of an `xgen diff` between X's two reference
 * specs (which places every change); scanning the characters is a small fraction of that
 * (bench/RESULTS.md, "Measurements behind design choices"). Positions are those the YAML parser gives: a member at its key's opening quote,
 * an array item at its first character, a missing pointer at its nearest existing parent.
 *
 * Only the objects and arrays a pointer passes through are read, each once: their members' (or
 * items') offsets are kept, the values beside the path are skipped without being looked into.
 * Indexing every value of X's 0.7 MB spec up front (a map per object) cost about 80 ms of CPU for
 * the two dozen notes a generation places.
 */

/** A member of an object: where its key and its value start. */
interface Member {
  key: number;
  value: number;
}

/** A locator of JSON pointer tokens in `source`, which JSON.parse has read (so it is valid JSON). */
export function jsonLocator(source: string): (tokens: readonly string[]) => { line: number; column: number } {
  const root = skipSpace(source, 0);
  const objects = new Map<number, Map<string, Member>>();
  const arrays = new Map<number, number[]>();
  let lineStarts: number[] | undefined;
  return (tokens) => {
    // Where the value at the pointer so far is reported, and where it starts.
    let at = root;
    let value = root;
    for (const token of tokens) {
      const c = source[value];
      if (c === '{') {
        let members = objects.get(value);
        if (!members) objects.set(value, (members = membersOf(source, value)));
        const member = members.get(token);
        if (!member) break;
        at = member.key;
        value = member.value;
      } else if (c === '[') {
        let items = arrays.get(value);
        if (!items) arrays.set(value, (items = itemsOf(source, value)));
        const item = items[Number(token)];
        if (item === undefined) break;
        at = item;
        value = item;
      } else break;
    }
    lineStarts ??= starts(source);
    return position(lineStarts, at);
  };
}

/** The members of the object that opens at `open`, by name (a repeated name: its last member, as JSON.parse keeps). */
function membersOf(source: string, open: number): Map<string, Member> {
  const members = new Map<string, Member>();
  let i = skipSeparators(source, open + 1);
  while (i < source.length && source[i] === '"') {
    const end = stringEnd(source, i);
    const raw = source.slice(i + 1, end - 1);
    const name = raw.includes('\\') ? (JSON.parse(source.slice(i, end)) as string) : raw;
    // Past the colon to the value.
    const value = skipSpace(source, skipSpace(source, end) + 1);
    members.set(name, { key: i, value });
    i = skipSeparators(source, valueEnd(source, value));
  }
  return members;
}

/** Where each item of the array that opens at `open` starts. */
function itemsOf(source: string, open: number): number[] {
  const items: number[] = [];
  let i = skipSeparators(source, open + 1);
  while (i < source.length && source[i] !== ']') {
    items.push(i);
    i = skipSeparators(source, valueEnd(source, i));
  }
  return items;
}

/** The characters that open, close or quote inside a container: all a skipped value is scanned for. */
const STRUCTURE = /["[\]{}]/g;

/** The offset just past the value that starts at `start`. */
function valueEnd(source: string, start: number): number {
  const c = source[start];
  if (c === '"') return stringEnd(source, start);
  if (c !== '{' && c !== '[') {
    // A number, true, false or null: up to the next delimiter.
    let i = start;
    while (i < source.length && !',}] \n\r\t'.includes(source[i]!)) i++;
    return i;
  }
  // A container: to its closing bracket, strings jumped over whole (the regular expression finds
  // the next character that matters faster than a loop over each, in code not yet optimised).
  let depth = 0;
  STRUCTURE.lastIndex = start;
  for (let match = STRUCTURE.exec(source); match; match = STRUCTURE.exec(source)) {
    const found = match[0];
    if (found === '"') STRUCTURE.lastIndex = stringEnd(source, match.index);
    else if (found === '{' || found === '[') depth++;
    else if (--depth === 0) return match.index + 1;
  }
  return source.length;
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

/** Past white space and commas: to the next member, item or closing bracket. */
function skipSeparators(source: string, from: number): number {
  let i = from;
  while (
    i < source.length &&
    (source[i] === ' ' || source[i] === '\n' || source[i] === '\r' || source[i] === '\t' || source[i] === ',')
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
