/**
 * What the load stage refuses to read, so that a hostile or broken spec gets a located SpecError
 * instead of exhausting memory or the stack in a later stage.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { SpecError } from '../errors.ts';
import { binaryKind, notASpecReason } from './file-kind.ts';

/** The largest spec file read (GitHub's published spec, among the largest there are, is 13 MB). */
export const MAX_SPEC_BYTES = 64 * 1024 * 1024;

/** The deepest nesting of objects and arrays a spec file may have (real specs stay under 20). */
export const MAX_NESTING = 200;

/**
 * YAML alias uses the parser expands before refusing (an alias bomb doubles its size per alias).
 * Shown in messages; passed to `yaml`'s `maxAliasCount`.
 */
export const MAX_YAML_ALIASES = 10_000;

/**
 * Refuses a spec document over MAX_SPEC_BYTES, wherever it comes from (a file, stdin redirected from
 * one, a URL): the one place that decides "too large" and the one message saying it. `size` is what
 * is known so far: the size a file or an answer states, or the bytes read.
 */
export function checkSpecSize(size: number, where: string): void {
  if (size > MAX_SPEC_BYTES)
    throw new SpecError(
      `larger than ${MAX_SPEC_BYTES / 1024 / 1024} MB, the most a spec document may be: refused`,
      where,
      '',
    );
}

/**
 * Reads a spec file's text: only a regular file, at most MAX_SPEC_BYTES. A FIFO, a device
 * (`/dev/zero` never ends) or a directory is refused before it is opened for reading.
 */
export function readSpecText(file: string): string {
  let kind: string | undefined;
  try {
    const stat = statSync(file);
    kind = stat.isFile() ? undefined : fileKind(stat);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SpecError(
      code === 'ENOENT' || code === 'ENOTDIR' ? 'file not found' : `cannot read file (${code ?? 'error'})`,
      file,
      '',
    );
  }
  if (kind) throw new SpecError(`not a regular file (${kind})`, file, '');
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new SpecError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`, file, '');
  }
  try {
    checkSpecSize(fstatSync(fd).size, file);
    // Read up to the limit whatever the size said: a file may grow while it is read.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, MAX_SPEC_BYTES + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      checkSpecSize(total, file);
    }
    const bytes = Buffer.concat(chunks);
    const kind = binaryKind(bytes);
    if (kind) throw new SpecError(notASpecReason(kind), file, '');
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function fileKind(stat: import('node:fs').Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * The pointer tokens of the first value (in document order) nested deeper than MAX_NESTING, or
 * undefined. The walk recurses at most MAX_NESTING levels, so the check itself cannot overflow,
 * and it makes the tokens only for the value it finds.
 */
export function tooDeep(data: unknown): string[] | undefined {
  return deepest(data, 0);
}

function deepest(value: unknown, depth: number): string[] | undefined {
  if (depth >= MAX_NESTING) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child !== 'object' || child === null) continue;
      const below = deepest(child, depth + 1);
      if (below) return [String(i), ...below];
    }
    return undefined;
  }
  for (const key in value as Record<string, unknown>) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    if (typeof child !== 'object' || child === null) continue;
    const below = deepest(child, depth + 1);
    if (below) return [key, ...below];
  }
  return undefined;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/**
 * The offset where flow brackets (`{` `[`, outside quoted strings) first nest deeper than
 * MAX_NESTING, or undefined. Run on the text before a parser sees it: JSON.parse and the YAML
 * parser read such text with deep recursion (the YAML parser runs out of memory on 100,000).
 * A double-quoted string is skipped to its closing quote at once (most of a JSON spec is strings).
 */
export function bracketsTooDeep(text: string): number | undefined {
  let depth = 0;
  // The next backslash at or after the current string's start, found once and reused (not looked
  // for again in every string: a text without one would be scanned to its end each time).
  let backslash = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DOUBLE_QUOTE) {
      // To the closing quote: a backslash escapes the next character.
      for (i++; ;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return undefined;
        if (backslash !== -2 && backslash < i) backslash = text.indexOf('\\', i);
        if (backslash === -1) backslash = -2;
        if (backslash === -2 || backslash > quote) {
          i = quote;
          break;
        }
        i = backslash + 2;
      }
    } else if (c === SINGLE_QUOTE && opensQuote(text.charCodeAt(i - 1))) {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return undefined;
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_NESTING) return i;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** Whether a `'` after this character opens a YAML single-quoted string: at the start, or after a space, `,`, `:`, `[` or `{` (NaN: the text's start). */
function opensQuote(previous: number): boolean {
  return (
    Number.isNaN(previous) ||
    previous === 0x20 ||
    previous === 0x2c ||
    previous === 0x3a ||
    previous === OPEN_BRACKET ||
    previous === OPEN_BRACE ||
    isSpace(previous)
  );
}

/** What `\s` matches besides the space itself. */
function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function nestingReason(): string {
  return `nesting deeper than ${MAX_NESTING} levels: refused (no real spec nests this deep)`;
}
