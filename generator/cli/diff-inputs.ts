import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.ts';
import { MAX_SPEC_BYTES } from '../load/limits.ts';
import { isUrl } from '../urls.ts';

/*
 * What `xgen diff` compares, as files the loader reads. The loader takes regular files only (a FIFO
 * or a device could never end); the two ways people diff against git are read here instead, into a
 * temporary folder: a process substitution (`<(git show HEAD~1:spec/x.yaml)`, a FIFO) or `-` (stdin),
 * read once up to the spec size limit; and `--base <ref>`, the spec at a git revision with every file
 * its `$ref`s reach (`git show <ref>:<path>`). Locations in the report name what the user gave
 * (`HEAD~1:spec/x.yaml:12:5`, `/dev/fd/63:12:5`), not the temporary copy.
 */

/** The two specs to compare, and the text to print instead of each temporary path. */
export interface DiffInputs {
  old: string;
  new: string;
  /** Temporary path -> what the user named; applied to every line printed. */
  shown: [from: string, to: string][];
  /** Removes the temporary folder. */
  dispose(): void;
}

/** Reads the command line's specs (positionals, `--base`) into paths the loader reads. */
export function diffInputs(positionals: readonly string[], base: string | undefined): DiffInputs {
  if (base !== undefined && positionals.length !== 1)
    throw new UsageError(
      'diff --base <ref> takes one spec, the working file to compare with its version at <ref>',
    );
  if (positionals.filter((p) => p === '-').length > 1)
    throw new UsageError('diff reads stdin (-) for one spec only');
  let folder: string | undefined;
  const temporary = (): string => (folder ??= mkdtempSync(join(tmpdir(), 'xgen-diff-')));
  const shown: [string, string][] = [];
  const dispose = (): void => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (base !== undefined) {
      const next = positionals[0] ?? '';
      if (next === '-' || isUrl(next) || !existsSync(next) || !statSync(next).isFile())
        throw new UsageError(`diff --base: ${next} is not a file in a git repository`);
      const dir = join(temporary(), 'base');
      const old = specAtRevision(base, next, dir);
      shown.push([dir + sep, `${base}:`]);
      return { old, new: next, shown: withRelative(shown), dispose };
    }
    const [old = '', next = ''] = positionals.map((spec, side) => {
      if (spec === '-') return copied(readAll(0, '-'), join(temporary(), `${side}`), '<stdin>', shown);
      if (isUrl(spec)) return spec;
      if (!existsSync(spec)) throw new UsageError(`${spec}: file not found`);
      // A FIFO (a process substitution) is read once, here; a device or a folder is left to the loader to refuse.
      if (!statSync(spec).isFIFO()) return spec;
      const fd = openSync(spec, 'r');
      try {
        return copied(readAll(fd, spec), join(temporary(), `${side}`), spec, shown);
      } finally {
        closeSync(fd);
      }
    });
    return { old, new: next, shown: withRelative(shown), dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** Writes a spec read from a stream into `dir/spec`; its locations print as `label`. */
function copied(text: string, dir: string, label: string, shown: [string, string][]): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'spec');
  writeFileSync(file, text);
  shown.push([file, label]);
  return file;
}

/** Both forms a path prints in (the loader shows a path inside the working folder relative to it). */
function withRelative(shown: [string, string][]): [string, string][] {
  return shown.flatMap(([from, to]) => {
    const rel = relative(process.cwd(), from);
    return rel && !rel.startsWith('..') && rel !== from
      ? [[from, to] as [string, string], [rel + (from.endsWith(sep) ? sep : ''), to] as [string, string]]
      : [[from, to]];
  });
}

/** A stream's whole text (stdin, a FIFO), refused past the spec size limit. */
function readAll(fd: number, name: string): string {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(1 << 16);
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A non-blocking stdin with nothing yet: wait for it.
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') break;
      throw new UsageError(`${name}: cannot read (${code ?? 'error'})`);
    }
    if (read === 0) break;
    chunks.push(chunk.subarray(0, read));
    total += read;
    if (total > MAX_SPEC_BYTES)
      throw new UsageError(`${name}: more than ${MAX_SPEC_BYTES / 1024 / 1024} MB, the most a spec may be`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes the spec `file` as it was at git revision `ref`, and every file its `$ref`s reach at that
 * revision, under `dir` at their paths in the repository; returns the spec's path there.
 */
function specAtRevision(ref: string, file: string, dir: string): string {
  const absolute = realpathSync(resolve(file));
  const top = git(
    ['rev-parse', '--show-toplevel'],
    dirname(absolute),
    `${file} is not in a git repository`,
  ).trim();
  const root = realpathSync(top);
  const start = relative(root, absolute).split(sep).join('/');
  const pending = [start];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const path = pending.pop() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    let text: string;
    try {
      text = execFileSync('git', ['show', `${ref}:${path}`], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: MAX_SPEC_BYTES + 1,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      // The spec itself must be there; a file it refers to that is not is for the loader to report, located.
      if (path !== start) continue;
      const said = String((error as { stderr?: unknown }).stderr ?? '')
        .trim()
        .split('\n')[0];
      throw new UsageError(`diff --base ${ref}: no ${path} at ${ref}${said ? ` (git: ${said})` : ''}`);
    }
    const target = join(dir, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    for (const referred of externalRefs(text)) {
      const next = posix.normalize(posix.join(posix.dirname(path), referred));
      if (!next.startsWith('../')) pending.push(next);
    }
  }
  return join(dir, ...start.split('/'));
}

/** The files a spec's text `$ref`s (YAML or JSON), without their pointers; URLs left out. */
export function externalRefs(text: string): string[] {
  const files = new Set<string>();
  for (const match of text.matchAll(/["']?\$ref["']?\s*:\s*["']?([^"'#\s,}]+)/g)) {
    const target = decodeURI(match[1] ?? '');
    if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) files.add(target);
  }
  return [...files];
}

function git(args: string[], cwd: string, failure: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    throw new UsageError(`diff --base: ${failure}`);
  }
}
