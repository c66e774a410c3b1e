import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import ts from 'typescript';
import { compilerEnv, findNativeCompiler } from '../../generator/compile/native.ts';

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
  // TypeScript's own lib files (lib.dom.d.ts...) are not checked again for each program: nothing a
  // package or consumer writes can make an error there that is not also reported where it is written
  // (a clashing global is an error at both declarations). Every other declaration file still is. It
  // was 0.35 s of the native tsc's 0.6 s of processor on a one-line consumer.
  skipDefaultLibCheck: true,
};

/** The options as a tsconfig.json writes them (enum names, `lib` entries without `lib.` and `.d.ts`). */
function tsconfigOptions(options: ts.CompilerOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...options };
  if (options.target !== undefined) out.target = ts.ScriptTarget[options.target];
  if (options.module !== undefined) out.module = ts.ModuleKind[options.module];
  if (options.moduleResolution !== undefined)
    out.moduleResolution = ts.ModuleResolutionKind[options.moduleResolution];
  if (options.lib) out.lib = options.lib.map((lib) => lib.replace(/^lib\./, '').replace(/\.d\.ts$/, ''));
  return out;
}

/**
 * Type-checks programs and returns their diagnostics as `file:line: message` lines (the file relative
 * to the working folder). An unused `// @ts-expect-error` is itself an error, so a program with none
 * passes only when every marked line still fails to compile.
 *
 * The check runs in TypeScript 7's native `tsc` (the `typescript-native` dependency, which xgen
 * compiles packages with), several times as fast as TypeScript 5.9 in this process; where it is
 * missing (no build for this platform), in TypeScript 5.9.
 */
export function typecheck(files: string[], options: ts.CompilerOptions = CONSUMER_OPTIONS): string[] {
  const native = findNativeCompiler();
  if (!('exe' in native)) return typecheckInProcess(files, options);
  const dir = mkdtempSync(join(tmpdir(), 'typecheck-'));
  try {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({ compilerOptions: tsconfigOptions(options), files: files.map((f) => resolve(f)) }),
    );
    const run = spawnSync(native.exe, ['-p', config, '--pretty', 'false'], {
      encoding: 'utf8',
      env: compilerEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error || (run.status !== 0 && run.status !== 2 && run.status !== 1))
      throw new Error(`tsc did not run: ${run.error?.message ?? run.stderr}`);
    return nativeDiagnostics(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * tsc's `--pretty false` output (`src/a.ts(3,7): error TS2322: message`, then the message chain
 * indented) as `typecheck` gives it: `src/a.ts:3: message` with the chain on the same line.
 */
function nativeDiagnostics(output: string): string[] {
  const found: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    const located = /^(.+?)\((\d+),\d+\): error TS\d+: (.*)$/.exec(line);
    const global = located ? undefined : /^error TS\d+: (.*)$/.exec(line);
    if (located) {
      const file = isAbsolute(located[1]!) ? located[1]! : resolve(located[1]!);
      found.push(`${file.replace(`${process.cwd()}/`, '')}:${located[2]}: ${located[3]}`);
    } else if (global) found.push(`: ${global[1]}`);
    else if (found.length > 0 && line.startsWith(' ') && line.trim() !== '')
      found[found.length - 1] += ` ${line}`;
  }
  return found;
}

/** `typecheck` in TypeScript 5.9, in this process. */
function typecheckInProcess(files: string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram({ rootNames: files.map((f) => resolve(f)), options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? d.file.fileName.replace(`${process.cwd()}/`, '') : '';
    return `${file}${where ? `:${where.line + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}
