import { createRequire } from 'node:module';
import { posix } from 'node:path';
import type ts from 'typescript';
import { BUILD_COMPILER_OPTIONS } from '../package-compiler-options.ts';
import { CompileError } from '../errors.ts';

let loaded: typeof ts | undefined;

/**
 * TypeScript 5.9, loaded on first use by `require`: it is CommonJS, and an ESM import of it first
 * scans its 9 MB for export names, which doubles the load (bench/RESULTS.md, "Measurements behind
 * design choices").
 */
function typescript(): typeof ts {
  loaded ??= createRequire(import.meta.url)('typescript') as typeof ts;
  return loaded;
}

/**
 * Source files read from disk (the `lib.*.d.ts` files: lib.dom alone is 30,000 lines), kept for the
 * next package of the same run. Parsing and binding them is most of a program's set-up; a bound
 * source file can be shared by programs with the same options (the language service does the same),
 * and every package is compiled with the same options, which are part of the key anyway.
 */
const diskFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * Compiles a package's `src/` into `dist/` (ESM JavaScript and `.d.ts`) in memory with TypeScript 5.9,
 * type-checking it under the strict settings the package ships. Returns the new files by package path.
 * The fallback where TypeScript 7's native compiler is not available (see ./typescript.ts).
 */
export function compileInProcess(
  files: Map<string, string>,
  label: string,
  check = true,
): Map<string, string> {
  const ts = typescript();
  const root = '/pkg';
  const sources = new Map<string, string>();
  for (const [path, text] of files)
    if (path.startsWith('src/') && path.endsWith('.ts')) sources.set(posix.join(root, path), text);
  const parsed = ts.convertCompilerOptionsFromJson(
    // `paths` by absolute path: converted options have no config file to resolve a relative one against.
    {
      ...BUILD_COMPILER_OPTIONS,
      paths: { '#transport': [`${root}/src/runtime/fetch-transport.ts`] },
      rootDir: `${root}/src`,
      outDir: `${root}/dist`,
    },
    root,
  );
  // Diagnostics are collected below, from the checker and from the one declaration emit.
  const options: ts.CompilerOptions = { ...parsed.options, noEmitOnError: false };
  const optionsKey = JSON.stringify(options);
  const host = ts.createCompilerHost(options, true);
  const defaultRead = host.readFile.bind(host);
  const defaultExists = host.fileExists.bind(host);
  const defaultGet = host.getSourceFile.bind(host);
  host.readFile = (name) => sources.get(name) ?? defaultRead(name);
  host.fileExists = (name) => sources.has(name) || defaultExists(name);
  const dirs = new Set<string>();
  for (const name of sources.keys())
    for (let d = posix.dirname(name); d !== '/'; d = posix.dirname(d)) dirs.add(d);
  const defaultDirExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => dirs.has(name) || (defaultDirExists ? defaultDirExists(name) : false);
  host.realpath = (name) => name;
  host.getSourceFile = (name, version, onError, create) => {
    const text = sources.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, version, true);
    const key = `${optionsKey}\0${JSON.stringify(version)}\0${name}`;
    if (!diskFiles.has(key)) diskFiles.set(key, defaultGet(name, version, onError, create));
    return diskFiles.get(key);
  };
  const out = new Map<string, string>();
  host.writeFile = (name, text) => {
    out.set(posix.relative(root, name), text);
  };
  const program = ts.createProgram({ rootNames: [...sources.keys()].sort(), options, host });
  // What ts.getPreEmitDiagnostics returns, less the declaration diagnostics: those come from the
  // declaration emit below rather than from a second declaration transform of every file.
  const diagnostics = check
    ? [
        ...program.getConfigFileParsingDiagnostics(),
        ...program.getOptionsDiagnostics(),
        ...program.getSyntacticDiagnostics(),
        ...program.getGlobalDiagnostics(),
        ...program.getSemanticDiagnostics(),
      ]
    : [];
  if (diagnostics.length > 0) throw notTypeChecking(label, root, diagnostics);
  const result = program.emit();
  const emitErrors = check
    ? result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error)
    : [];
  if (emitErrors.length > 0) throw notTypeChecking(label, root, emitErrors);
  if (result.emitSkipped) throw new CompileError(`generated ${label} could not be compiled`);
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function notTypeChecking(label: string, root: string, diagnostics: readonly ts.Diagnostic[]): CompileError {
  const ts = typescript();
  const first = diagnostics.slice(0, 5).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? posix.relative(root, d.file.fileName) : '';
    return `${file}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  return new CompileError(
    `generated ${label} does not type-check (${diagnostics.length} errors):\n${first.join('\n')}`,
  );
}
