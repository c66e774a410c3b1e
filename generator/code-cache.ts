import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join, resolve } from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';
import zlib from 'node:zlib';
import { defaultCacheDir } from './cache-folder.ts';
import { markUsed, removeLeastRecentlyUsed, writeEntry } from './lru-folder.ts';

/*
 * A V8 code cache for the big CommonJS files xgen's threads load (the two copies of TypeScript that
 * openapi-typescript and ts-morph use, ts-morph and its common part, handlebars' compiler): compiling
 * them is most of a thread's start-up. Node 22.1+ has this built in (`module.enableCompileCache`);
 * on Node 20 the `Module.prototype._compile` of those files alone compiles them through `vm.Script`
 * with the cached data, and runs them exactly as Node would (same module object, require and
 * arguments), so a plain `require` from any library gets the same module. It caches compiled
 * dependency code, never results: output is the same with or without it, warm or cold, so
 * `--no-cache` leaves it on and `XGEN_CODE_CACHE=off` turns it off.
 *
 * An entry is named by the hash of the file's path, then the hash of its size, times and inode, V8's
 * version and the architecture, so that no other file, Node or V8 ever reads it; it carries a check sum of its data
 * (a damaged entry is a miss), and V8 refuses data made with other flags or for another text.
 * Entries are read as the files load; new ones are made once the thread's work is done (functions
 * compiled lazily while working are then in them) and written by the main thread, in one
 * synchronous step, to a temporary file renamed into place: a signal, a concurrent run or an exit
 * never sees half an entry or leaves a temporary file. Any problem (unreadable, corrupt, refused,
 * unwritable) is a miss: the file is compiled as usual.
 *
 * The folder stays bounded: an entry read is touched, and writing new entries removes those of the
 * same paths made for other builds of the files (a reinstall changes every file's times), then the
 * least recently used beyond MAX_BYTES (each checkout or install has entries of its own paths), and
 * temporary files a killed run left. Only files named as entries are ever removed.
 */

/** A file is cached from this size on: below it an entry saves next to nothing (measured: 37 files of 20-100 KB, about 20 ms a run). */
const MIN_BYTES = 20_000;

/** The most the folder's entries may hold after a write (a run of xgen writes about 15 MB of them when cold). */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * An entry's file name: for a file's V8 data, the hash of the file's path, then the hash of
 * everything else in its key; for compiled text, the hash of its key.
 */
const ENTRY = /^(?:([0-9a-f]{16})-[0-9a-f]{24}\.v8|[0-9a-f]{40}\.js)$/;

/** A temporary file of `saveCodeCache`, and how old one must be to be a killed run's. */
const TEMPORARY = /^(?:[0-9a-f]{16}-[0-9a-f]{24}\.v8|[0-9a-f]{40}\.js)\.\d+-\d+\.tmp$/;
const TEMPORARY_AGE_MS = 60 * 60 * 1000;

/** The first line of every entry: the format, then the check sum of the data after it. */
const MAGIC = 'xgen-code-cache-1';

/** A compiled file whose cache is to be (re)written, with the entry's file name. */
interface Made {
  entry: string;
  script: vm.Script;
}

/** A cache entry to write: its file name in the cache folder and V8's data. */
export interface CodeCacheEntry {
  entry: string;
  data: Uint8Array;
}

/** What this thread's cache did, for `XGEN_PROFILE` and the tests. */
export interface CodeCacheStats {
  /** Files compiled from their entry. */
  loaded: number;
  /** Files compiled without one (none, corrupt or refused by V8): their entry is made after the work. */
  compiled: number;
}

let folder: string | undefined;
/** Node's own compile cache is on (Node 22.1+): it keeps no counts. */
let builtInOn = false;
const made: Made[] = [];
const stats: CodeCacheStats = { loaded: 0, compiled: 0 };
/** What the other threads' caches did, as they told this one. */
const others: CodeCacheStats = { loaded: 0, compiled: 0 };

/**
 * Where the code cache lives: XGEN_CODE_CACHE when it is a path, else `code/` in the folder of
 * xgen's result cache (XGEN_CACHE_DIR, else `$XDG_CACHE_HOME/xgen`, else `~/.cache/xgen`;
 * `%LOCALAPPDATA%\xgen\cache` on Windows); undefined when XGEN_CODE_CACHE is `off` (or `0`, `false`).
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const setting = env.XGEN_CODE_CACHE;
  if (setting && ['off', '0', 'false'].includes(setting.toLowerCase())) return undefined;
  if (setting && setting !== 'on' && setting !== '1' && setting !== 'true') return resolve(setting);
  return join(defaultCacheDir(env), 'code');
}

/**
 * Turns the code cache on for this thread (once; call it before the libraries load). Node's own
 * compile cache where there is one, else the `_compile` of the big files.
 */
export function enableCodeCache(): void {
  if (folder !== undefined) return;
  const dir = codeCacheDir();
  if (dir === undefined) return;
  folder = dir;
  const builtIn = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (builtIn) {
    try {
      builtIn(dir);
      builtInOn = true;
    } catch {
      // A cache Node cannot open is no cache.
    }
    return;
  }
  const proto = Module.prototype as unknown as { _compile: Compile };
  const original = proto._compile;
  proto._compile = function (this: NodeModule, content: string, filename: string, ...rest: unknown[]) {
    // Only CommonJS (`format` is 'module' for a file Node loads as ES module through require).
    const commonJs = rest[0] === undefined || rest[0] === 'commonjs';
    if (content.length < MIN_BYTES || !/\.c?js$/.test(filename) || !commonJs)
      return original.call(this, content, filename, ...rest);
    const wrapper = compile(content, filename);
    if (!wrapper) return original.call(this, content, filename, ...rest);
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  };
}

type Compile = (this: NodeModule, content: string, filename: string, ...rest: unknown[]) => unknown;

/** The module wrapper of a file, compiled with its entry when there is a good one; undefined to let Node compile it. */
function compile(content: string, filename: string): ((...args: unknown[]) => unknown) | undefined {
  try {
    const entry = entryName(filename);
    const cachedData = read(entry);
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      // A dynamic import() in the file resolves as it would in a file Node compiled.
      importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
    });
    if (cachedData && !script.cachedDataRejected) stats.loaded++;
    else {
      stats.compiled++;
      made.push({ entry, script });
    }
    return script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  } catch {
    // A syntax error is Node's to report, as it always does.
    return undefined;
  }
}

/**
 * The entry of a file: named by its path, size, times and inode (a file rewritten in any way has
 * another change time), V8's version and the architecture. Hashing the text instead would cost a
 * tenth of a second for TypeScript's two copies.
 */
function entryName(filename: string): string {
  const { size, mtimeNs, ctimeNs, ino, dev } = statSync(filename, { bigint: true });
  const key = [process.versions.v8, process.arch, filename, size, mtimeNs, ctimeNs, ino, dev].join('\0');
  return `${sha256(filename).slice(0, 16)}-${sha256(key).slice(0, 24)}.v8`;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The check sum an entry carries: crc32 where Node has it (20.15+: a fraction of a millisecond a megabyte), else sha256. */
function checkSum(data: Uint8Array): string {
  const { crc32 } = zlib as unknown as { crc32?: (data: Uint8Array) => number };
  return crc32
    ? `crc32 ${crc32(data).toString(16)}`
    : `sha256 ${createHash('sha256').update(data).digest('hex')}`;
}

/** A good entry's data, else undefined (missing, another format, or not the data its sum says). */
function read(entry: string, dir: string = folder!): Buffer | undefined {
  let bytes: Buffer;
  const path = join(dir, entry);
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  markUsed(path);
  const end = bytes.indexOf(10);
  if (end < 0 || end > 200) return undefined;
  const data = bytes.subarray(end + 1);
  return bytes.toString('latin1', 0, end) === `${MAGIC} ${checkSum(data)}` ? data : undefined;
}

/** The `require` Node gives a module's code: resolving from that module, loading through it. */
function requireFor(module: NodeModule): NodeJS.Require {
  const internals = Module as unknown as {
    _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: unknown): string;
    _resolveLookupPaths(request: string, parent: NodeModule): string[] | null;
    _extensions: NodeJS.RequireExtensions;
    _cache: NodeJS.Dict<NodeModule>;
  };
  const require = ((id: string) => module.require(id)) as NodeJS.Require;
  const resolveFile = ((request: string, options?: unknown) =>
    internals._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  resolveFile.paths = (request: string) => internals._resolveLookupPaths(request, module);
  require.resolve = resolveFile;
  require.main = process.mainModule;
  require.extensions = internals._extensions;
  require.cache = internals._cache;
  return require;
}

/**
 * The entries this thread is to write, made now (after its work, so that the functions it compiled
 * since are in them); each file once. Empty when the cache is off, built in, or every file loaded
 * from its entry.
 */
export function takeCodeCache(): CodeCacheEntry[] {
  const entries: CodeCacheEntry[] = [];
  for (const { entry, script } of made.splice(0)) {
    try {
      entries.push({ entry, data: script.createCachedData() });
    } catch {
      // Nothing to keep for this file.
    }
  }
  return entries;
}

/** Whether this thread has entries to make (`takeCodeCache` would return some). */
export function codeCacheToTake(): boolean {
  return made.length > 0;
}

/**
 * Writes entries made by `takeCodeCache` (on any thread) into the cache folder, each in one
 * synchronous step (a temporary file renamed over the entry). Never throws: an entry that cannot be
 * written is left out.
 */
export function saveCodeCache(entries: readonly CodeCacheEntry[]): void {
  const dir = codeCacheDir();
  if (dir === undefined || entries.length === 0) return;
  for (const { entry, data } of entries) {
    const sum = Buffer.from(`${MAGIC} ${checkSum(data)}\n`, 'latin1');
    writeEntry(join(dir, entry), Buffer.concat([sum, data]), `${process.pid}-${threadId}`);
  }
  pruneCodeCache(
    dir,
    entries.map(({ entry }) => entry),
  );
}

/**
 * Keeps the folder bounded after `written` were saved (see the top of this file): removes the
 * entries of the same paths made for other builds of the files, then the least recently used
 * beyond `maxBytes`, and temporary files older than an hour; never one of `written`, never a file
 * not named as an entry. Never throws.
 */
export function pruneCodeCache(dir: string, written: readonly string[], maxBytes = MAX_BYTES): void {
  const keep = new Set(written);
  const paths = new Set(written.map((entry) => ENTRY.exec(entry)?.[1]).filter(Boolean));
  const remove = (name: string) => rmSync(join(dir, name), { force: true });
  try {
    const now = Date.now();
    const kept: string[] = [];
    for (const name of readdirSync(dir)) {
      const entry = ENTRY.exec(name);
      if (!entry && !TEMPORARY.test(name)) continue;
      if (!entry) {
        if (now - statSync(join(dir, name)).mtimeMs > TEMPORARY_AGE_MS) remove(name);
      } else if (!keep.has(name) && entry[1] !== undefined && paths.has(entry[1])) remove(name);
      else kept.push(name);
    }
    removeLeastRecentlyUsed(dir, kept, { maxBytes }, keep);
  } catch {
    // A folder that cannot be listed or an entry another run removed first: left as it is.
  }
}

/** The file name of a text entry: the hash of its key, which names everything the text is made from. */
function textEntryName(key: string): string {
  return `${sha256(key).slice(0, 40)}.js`;
}

/**
 * Code compiled from a text that is not a module (a handlebars template's precompiled form), kept
 * in the same folder and format as the V8 entries: undefined when the cache is off, or the entry
 * is missing or damaged. `key` names all the compiled text depends on (the compiler's version,
 * its options, the source).
 */
export function readCompiledText(key: string): string | undefined {
  const dir = codeCacheDir();
  if (dir === undefined) return undefined;
  return read(textEntryName(key), dir)?.toString('utf8');
}

/** Keeps compiled text for `readCompiledText`, as `saveCodeCache` keeps V8's data; never throws. */
export function writeCompiledText(key: string, text: string): void {
  saveCodeCache([{ entry: textEntryName(key), data: Buffer.from(text, 'utf8') }]);
}

/** What this thread's code cache did so far. */
export function codeCacheStats(): CodeCacheStats {
  return { ...stats };
}

/** Counts what another thread's cache did (it told this one with its first answer). */
export function addCodeCacheStats({ loaded, compiled }: CodeCacheStats): void {
  others.loaded += loaded;
  others.compiled += compiled;
}

/**
 * The line `XGEN_PROFILE` ends with (not a stage's, so not `xgen profile:`): how many big files
 * every thread compiled from the code cache and how many it compiled cold (a first run), or that
 * the cache is off.
 */
export function codeCacheLine(): string {
  const dir = codeCacheDir();
  if (dir === undefined) return 'xgen code cache off';
  if (builtInOn) return `xgen code cache: Node's compile cache (${dir})`;
  const loaded = stats.loaded + others.loaded;
  const compiled = stats.compiled + others.compiled;
  const state = compiled === 0 && loaded > 0 ? 'warm' : loaded === 0 ? 'cold' : 'partly warm';
  return `xgen code cache ${state}: ${loaded} files loaded from it, ${compiled} compiled (${dir})`;
}
