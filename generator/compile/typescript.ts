import { compileInProcess } from './in-process.ts';
import { compileNative, findNativeCompiler } from './native.ts';

export { compileFoldersRemoved } from './native.ts';

/** Which compiler `compilePackage` uses: TypeScript 7's native `tsc`, or TypeScript 5.9 in this process. */
export type Compiler = 'native' | 'in-process';

/** Why the native compiler was not used, already told to the user (once per process). */
const told = new Set<string>();

/**
 * The compiler to use. `XGEN_NATIVE_TSC=off` chooses TypeScript 5.9 quietly; any other value is
 * taken as the path of a native `tsc` binary (for testing a missing one). Otherwise the native
 * compiler of the `typescript-native` dependency, when npm installed it for this platform.
 */
function choose(): { exe: string } | { unavailable: string } | 'off' {
  const setting = process.env.XGEN_NATIVE_TSC;
  if (setting === 'off') return 'off';
  if (setting) return { exe: setting };
  return findNativeCompiler();
}

function fallBack(reason: string): void {
  if (told.has(reason)) return;
  told.add(reason);
  process.stderr.write(
    `xgen: TypeScript 7's native compiler is not available: ${reason}. Compiling with TypeScript 5.9 instead (slower).\n`,
  );
}

/**
 * Compiles a package's `src/` into `dist/` (ESM JavaScript and `.d.ts`), type-checking it under the
 * strict settings the package ships; a package that does not type-check is a CompileError naming
 * the first errors. TypeScript 7's native `tsc` checks and emits a package several times as fast as
 * TypeScript 5.9 in-process (which is the fallback); their output is the same, byte for byte.
 * Returns the new files by package path, sorted.
 */
export async function compilePackage(
  files: Map<string, string>,
  label: string,
  check = true,
  compiler?: Compiler,
): Promise<Map<string, string>> {
  const chosen = compiler === 'in-process' ? 'off' : choose();
  if (chosen !== 'off' && 'exe' in chosen) {
    const result = await compileNative(chosen.exe, files, label, check);
    if ('files' in result) return result.files;
    if (compiler === 'native') throw new Error(result.unavailable);
    fallBack(result.unavailable);
  } else if (chosen !== 'off') {
    if (compiler === 'native') throw new Error(chosen.unavailable);
    fallBack(chosen.unavailable);
  }
  return compileInProcess(files, label, check);
}
