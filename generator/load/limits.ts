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
    throw new SpecError(code === 'ENOENT' || code === 'ENOTDIR' ? 'file not found' : `cannot read file (${code ?? 'error'})`, file, '');
  }
  if (kind) throw new SpecError(`not a regular file (${kind})`, file, '');
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new SpecError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`, file, '');
  }
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_SPEC_BYTES) throw tooLarge(file);
    // Read up to the limit whatever the size said: a file may grow while it is read.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, MAX_SPEC_BYTES + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > MAX_SPEC_BYTES) throw tooLarge(file);
    }
    const bytes = Buffer.concat(chunks);
    const kind = binaryKind(bytes);
    if (kind) throw new SpecError(notASpecReason(kind), file, '');
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function tooLarge(file: string): SpecError {
  return new SpecError(`file is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MB: refused`, file, '');
}

function fileKind(stat: import('node:fs').Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * The pointer tokens of the first value nested deeper than MAX_NESTING, or undefined. Walks with
 * its own stack, so the check itself cannot overflow.
 */
export function tooDeep(data: unknown): string[] | undefined {
  const stack: { value: unknown; tokens: string[] }[] = [{ value: data, tokens: [] }];
  while (stack.length > 0) {
    const { value, tokens } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (tokens.length >= MAX_NESTING) return tokens;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof child === 'object' && child !== null) stack.push({ value: child, tokens: [...tokens, key] });
    }
  }
  return undefined;
}

/**
 * The offset where flow brackets (`{` `[`, outside quoted strings) first nest deeper than
 * MAX_NESTING, or undefined. Run on the text before a parser sees it: JSON.parse and the YAML
 * parser read such text with deep recursion (the YAML parser runs out of memory on 100,000).
 */
export function bracketsTooDeep(text: string): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"') quote = c;
    else if (c === "'" && /[\s,:[{]/.test(text[i - 1] ?? ' ')) quote = c;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_NESTING) return i;
    } else if (c === '}' || c === ']') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

export function nestingReason(): string {
  return `nesting deeper than ${MAX_NESTING} levels: refused (no real spec nests this deep)`;
}
