import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { SpecError } from '../errors.ts';
import { parseSpecFile, type SourceFile } from './parse.ts';
import { isUrl, shownUrl } from '../urls.ts';
import { documentUrl } from './remote.ts';
import { getAtPointer, parsePointer, toPointer } from './pointer.ts';

/** Where a value lives: a file (absolute path) and the pointer tokens inside it. */
export interface Location {
  file: string;
  tokens: string[];
}

export interface ResolvedRef<T = unknown> extends Location {
  value: T;
}

/**
 * The root spec and every file its `$ref`s reach, loaded once each. Resolves references
 * relative to the file that holds them and names any place by file:line:column.
 */
export class DocumentSet {
  readonly rootFile: string;
  private readonly files = new Map<string, SourceFile>();
  private readonly warned = new Map<string, SpecError>();
  /** The notes, each once, by file, pointer and reason. */
  private readonly noted = new Map<string, SpecError>();
  /** Files read beside the spec that shape it (overlays), by absolute path. */
  private readonly inputs = new Map<string, SourceFile>();
  /**
   * Where each `$ref` text written in a file leads (the file and the pointer's tokens), by file and
   * text: a spec writes the same reference many times, and the stages follow each one again.
   * The value is looked up afresh every time.
   */
  private readonly targets = new Map<string, { file: string; tokens: string[]; key: string }>();

  /**
   * `remote`: for a spec given by http(s) URL, the text of each document fetched (remote.ts), by URL;
   * its `$ref`s then resolve against the URL, on the same origin only.
   */
  constructor(
    rootPath: string,
    rootText?: string,
    private readonly remote?: ReadonlyMap<string, string>,
  ) {
    this.rootFile = isUrl(rootPath) ? documentUrl(rootPath) : resolve(rootPath);
    this.files.set(
      this.rootFile,
      parseSpecFile(this.display(this.rootFile), rootText ?? this.remoteText(this.rootFile)),
    );
  }

  /** A fetched document's text; undefined for a path. */
  private remoteText(file: string): string | undefined {
    if (!isUrl(file)) return undefined;
    const text = this.remote?.get(file);
    if (text === undefined) throw new SpecError('file not found', this.display(file), '');
    return text;
  }

  /** Every file read so far (absolute path and text, root first): what the generated output depends on. */
  get loadedFiles(): { file: string; text: string }[] {
    return [...this.files, ...this.inputs].map(([file, source]) => ({ file, text: source.text }));
  }

  /** Reads a file that shapes the spec without being part of it (an overlay): it counts as an input. */
  readInput(path: string): SourceFile {
    const file = resolve(path);
    const source = parseSpecFile(this.display(file));
    this.inputs.set(file, source);
    return source;
  }

  /** A warning located in a file read with `readInput`. */
  warnIn(source: SourceFile, reason: string, tokens: readonly string[]): void {
    const pos = source.locate(tokens);
    const warning = new SpecError(reason, source.file, '#' + toPointer(tokens), pos.line, pos.column);
    if (!this.warned.has(warning.message)) this.warned.set(warning.message, warning);
  }

  get root(): unknown {
    return this.source(this.rootFile).data;
  }

  /** The path to show in messages: relative to the working directory when shorter. */
  display(file: string): string {
    if (isUrl(file)) return shownUrl(file);
    const rel = relative(process.cwd(), file);
    return rel && !rel.startsWith('..') && rel.length < file.length ? rel : file;
  }

  source(file: string): SourceFile {
    let loaded = this.files.get(file);
    if (!loaded) {
      loaded = parseSpecFile(this.display(file), this.remoteText(file));
      this.files.set(file, loaded);
    }
    return loaded;
  }

  /** A SpecError pointing at a location. */
  error(reason: string, at: Location): SpecError {
    const source = this.files.get(at.file);
    const pos = source?.locate(at.tokens);
    return new SpecError(reason, this.display(at.file), '#' + toPointer(at.tokens), pos?.line, pos?.column);
  }

  /**
   * Records a located warning: something the spec gets wrong whose meaning the generator could
   * recover, with what it assumed. Each is kept once (the same text from two places is one warning).
   */
  warn(reason: string, at: Location): void {
    const warning = this.error(reason, at);
    if (!this.warned.has(warning.message)) this.warned.set(warning.message, warning);
  }

  /**
   * Records a located note: something the generator inferred from a valid spec (a `*.fields`
   * parameter's pairing with the objects it selects). Shown as warnings are, each once, but not a
   * problem of the spec, so `--strict` does not refuse it (as with inferred pagination and streams).
   */
  note(reason: string, at: Location): void {
    // Kept by file, pointer and reason (which decide its message): the same note made again, as
    // each operation sharing a parameter makes it, is not located again.
    const key = `${at.file}\0${toPointer(at.tokens)}\0${reason}`;
    if (!this.noted.has(key)) this.noted.set(key, this.error(reason, at));
  }

  /** The warnings so far, by file, line and column (then text): the same order on every run. */
  get warnings(): SpecError[] {
    return byPlace([...this.warned.values()]);
  }

  /** The notes so far, in the warnings' order. */
  get notes(): SpecError[] {
    return byPlace([...this.noted.values()]);
  }

  /** Follows one `$ref` written at `from`; throws a located SpecError when it leads nowhere. */
  resolveRef(ref: string, from: Location): ResolvedRef {
    const { file, tokens, value } = this.follow(ref, from.file, () => from.tokens);
    return { file, tokens, value };
  }

  /**
   * `resolveRef` for a walk that works out where it is only when needed: `tokens` gives the
   * pointer tokens of the object holding the `$ref` in `file`, and is asked only for an error.
   * The result's `key` names the target (its file and pointer), the same for every `$ref` to it.
   */
  follow(ref: string, file: string, tokens: () => readonly string[]): ResolvedRef & { key: string } {
    const cacheKey = `${file}\n${ref}`;
    let target = this.targets.get(cacheKey);
    if (!target) {
      target = this.target(ref, { file, tokens: [...tokens(), '$ref'] });
      this.targets.set(cacheKey, target);
    }
    const value = getAtPointer(this.source(target.file).data, target.tokens);
    if (value === undefined) {
      const label = target.file === file ? '' : this.display(target.file);
      throw this.error(
        `$ref "${ref}" does not resolve: ${missingStep(this.source(target.file).data, target.tokens, label)}`,
        { file, tokens: [...tokens(), '$ref'] },
      );
    }
    return { file: target.file, tokens: [...target.tokens], value, key: target.key };
  }

  /** The file and pointer tokens a `$ref` written at `refAt` names, that file loaded; a located SpecError when it cannot lead anywhere. */
  private target(ref: string, refAt: Location): { file: string; tokens: string[]; key: string } {
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? '' : ref.slice(hash + 1);
    const remote = isUrl(refAt.file);
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart) && !(remote && isUrl(filePart))) {
      throw this.error(`remote $ref "${ref}" is not supported: only local files and #/ pointers`, refAt);
    }
    const file = !filePart
      ? refAt.file
      : remote
        ? this.sameOrigin(ref, filePart, refAt.file, refAt)
        : resolve(dirname(refAt.file), decodeURI(filePart));
    try {
      if (file !== refAt.file && !remote) this.checkInsideRootFolder(ref, file, refAt);
      this.source(file);
    } catch (error) {
      if (error instanceof SpecError && error.reason === 'file not found') {
        throw this.error(`$ref "${ref}" points to a file that does not exist (${this.display(file)})`, refAt);
      }
      // A file that cannot be read (a directory, a device, too large) is named at the $ref that leads to it.
      if (error instanceof SpecError && !error.pointer && error.line === undefined) {
        throw this.error(`$ref "${ref}" cannot be followed: ${this.display(file)}: ${error.reason}`, refAt);
      }
      throw error;
    }
    let tokens: string[];
    try {
      tokens = parsePointer(pointer);
    } catch {
      throw this.error(`$ref "${ref}" is not a valid JSON pointer`, refAt);
    }
    return { file, tokens, key: `${file}#${toPointer(tokens)}` };
  }

  /** The document a `$ref` in a fetched document names: on the root's origin only. */
  private sameOrigin(ref: string, filePart: string, from: string, refAt: Location): string {
    let target: URL;
    try {
      target = new URL(filePart, from);
    } catch {
      throw this.error(`$ref "${ref}" is not a valid URL reference`, refAt);
    }
    const origin = new URL(this.rootFile).origin;
    if (target.origin !== origin)
      throw this.error(
        `$ref "${ref}" points to another origin (${target.origin}): only documents on ${origin} are fetched`,
        refAt,
      );
    return documentUrl(target.href);
  }

  /**
   * A `$ref` may only reach files under the root spec's folder (after following symlinks):
   * a spec is not a way to read `/etc/passwd` or a file beside the project.
   */
  private checkInsideRootFolder(ref: string, file: string, refAt: Location): void {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      throw this.error(`$ref "${ref}" points to a file that does not exist (${this.display(file)})`, refAt);
    }
    const folder = realFolder(dirname(this.rootFile));
    const rel = relative(folder, real);
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw this.error(
        `$ref "${ref}" points outside the spec's folder (${real}): only files under ${this.display(folder) || '.'} are read`,
        refAt,
      );
    }
  }

  /**
   * Follows `$ref` chains until a value that is not a reference. A cycle of references is an
   * error, or with `cycle: 'unknown'` (schemas, where any value is a meaning) a warning and the
   * empty schema, read where the chain started.
   */
  deref(value: unknown, at: Location, options: { cycle?: 'error' | 'unknown' } = {}): ResolvedRef {
    let current: ResolvedRef = { ...at, value };
    const seen = new Set<string>();
    while (isRef(current.value)) {
      const key = current.file + '#' + toPointer(current.tokens);
      if (seen.has(key)) {
        if (options.cycle !== 'unknown') throw this.error('$ref cycle that never reaches a value', current);
        this.warn('$ref cycle that never reaches a value: read as any value (unknown)', at);
        return { ...at, value: {} };
      }
      seen.add(key);
      current = this.resolveRef(current.value.$ref, current);
    }
    return current;
  }
}

function byPlace(list: SpecError[]): SpecError[] {
  return list.sort(
    (a, b) =>
      compareText(a.file, b.file) ||
      (a.line ?? 1) - (b.line ?? 1) ||
      (a.column ?? 1) - (b.column ?? 1) ||
      compareText(a.message, b.message),
  );
}

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/**
 * Says which step of a pointer finds nothing: `#/components/schemas has no "Pet"`, or with the
 * file named when the reference leads into another one (`schemas.yaml has no "Pet"`).
 */
function missingStep(root: unknown, tokens: readonly string[], file: string): string {
  for (let i = 0; i < tokens.length; i++) {
    const parent = getAtPointer(root, tokens.slice(0, i));
    if (getAtPointer(parent, [tokens[i] ?? '']) === undefined) {
      const where = i === 0 && file ? file : `${file}#${toPointer(tokens.slice(0, i))}`;
      return typeof parent === 'object' && parent !== null
        ? `${where} has no "${tokens[i]}"`
        : `${where} is not an object`;
    }
  }
  return 'nothing there';
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isRef(value: unknown): value is { $ref: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string'
  );
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
