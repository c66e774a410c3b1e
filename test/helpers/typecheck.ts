import { resolve } from 'node:path';
import ts from 'typescript';

/** Compiler settings of a demanding consumer. */
export const CONSUMER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: false,
};

/**
 * Type-checks programs and returns their diagnostics as `file:line: message` lines.
 * An unused `// @ts-expect-error` is itself an error, so a program with none passes only
 * when every marked line still fails to compile.
 */
export function typecheck(files: string[], options: ts.CompilerOptions = CONSUMER_OPTIONS): string[] {
  const program = ts.createProgram({ rootNames: files.map((f) => resolve(f)), options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? d.file.fileName.replace(`${process.cwd()}/`, '') : '';
    return `${file}${where ? `:${where.line + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}
