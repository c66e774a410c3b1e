import { posix } from 'node:path';
import ts from 'typescript';
import { PACKAGE_COMPILER_OPTIONS } from '../emit/package-files.ts';

/** A generated package failed to type-check: a generator bug, reported with the file and line. */
export class CompileError extends Error {
  override readonly name = 'CompileError';
}

/**
 * Compiles a package's `src/` into `dist/` (ESM JavaScript and `.d.ts`) in memory, type-checking
 * it under the strict settings the package ships. Returns the new files by package path.
 */
export function compilePackage(files: Map<string, string>, label: string, check = true): Map<string, string> {
  const root = '/pkg';
  const sources = new Map<string, string>();
  for (const [path, text] of files) if (path.startsWith('src/') && path.endsWith('.ts')) sources.set(posix.join(root, path), text);
  const parsed = ts.convertCompilerOptionsFromJson(
    { ...PACKAGE_COMPILER_OPTIONS, rootDir: `${root}/src`, outDir: `${root}/dist` },
    root,
  );
  const options: ts.CompilerOptions = { ...parsed.options, noEmitOnError: true };
  const host = ts.createCompilerHost(options, true);
  const defaultRead = host.readFile.bind(host);
  const defaultExists = host.fileExists.bind(host);
  const defaultGet = host.getSourceFile.bind(host);
  host.readFile = (name) => sources.get(name) ?? defaultRead(name);
  host.fileExists = (name) => sources.has(name) || defaultExists(name);
  const dirs = new Set<string>();
  for (const name of sources.keys()) for (let d = posix.dirname(name); d !== '/'; d = posix.dirname(d)) dirs.add(d);
  const defaultDirExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => dirs.has(name) || (defaultDirExists ? defaultDirExists(name) : false);
  host.realpath = (name) => name;
  host.getSourceFile = (name, version, onError, create) => {
    const text = sources.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, version, true) : defaultGet(name, version, onError, create);
  };
  const out = new Map<string, string>();
  host.writeFile = (name, text) => {
    out.set(posix.relative(root, name), text);
  };
  const program = ts.createProgram({ rootNames: [...sources.keys()].sort(), options, host });
  const diagnostics = check ? ts.getPreEmitDiagnostics(program) : [];
  if (diagnostics.length > 0) {
    const first = diagnostics.slice(0, 5).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      const file = d.file ? posix.relative(root, d.file.fileName) : '';
      return `${file}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    throw new CompileError(`generated ${label} does not type-check (${diagnostics.length} errors):\n${first.join('\n')}`);
  }
  const result = program.emit();
  if (result.emitSkipped) throw new CompileError(`generated ${label} could not be compiled`);
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
