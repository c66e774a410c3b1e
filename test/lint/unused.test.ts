/**
 * Unused imports and locals fail `npm run lint` (tsc with tsconfig.json's noUnusedLocals and
 * noUnusedParameters) in our code, and fail generation in generated code (the compile stage builds
 * each package with PACKAGE_COMPILER_OPTIONS, which say the same): a planted unused import is an
 * error under both settings.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { PACKAGE_COMPILER_OPTIONS } from '../../generator/package-compiler-options.ts';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';

/** The diagnostics' codes of a two-file program whose main file imports a name it never uses. */
function codesOf(options: ts.CompilerOptions, source: string): number[] {
  const dir = tempDir('unused');
  try {
    writeFileSync(join(dir, 'names.ts'), 'export const used = 1;\nexport const unused = 2;\n');
    writeFileSync(join(dir, 'main.ts'), source);
    const program = ts.createProgram([join(dir, 'main.ts')], { ...options, noEmit: true, types: [] });
    return ts.getPreEmitDiagnostics(program).map((d) => d.code);
  } finally {
    removeDir(dir);
  }
}

const PLANTED = "import { unused, used } from './names.ts';\n\nexport const value = used;\n";
const PLANTED_LOCAL = 'export function f(a: number, b: number): number {\n  const c = 1;\n  return a;\n}\n';
const CLEAN = "import { used } from './names.ts';\n\nexport const value = used;\n";

test("the project's tsconfig.json fails an unused import, local and parameter", () => {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  assert.ok(codesOf(options, PLANTED).includes(6133), 'the unused import is an error');
  const local = codesOf(options, PLANTED_LOCAL);
  assert.is(local.filter((c) => c === 6133).length, 2, 'the unused local and parameter are errors');
  assert.equal(codesOf(options, CLEAN), []);
});

test("a generated package's compiler options fail an unused import", () => {
  const { options } = ts.convertCompilerOptionsFromJson(
    { ...PACKAGE_COMPILER_OPTIONS, allowImportingTsExtensions: true, rootDir: undefined },
    ROOT,
  );
  assert.ok(codesOf(options, PLANTED).includes(6133), 'the unused import is an error');
  assert.equal(codesOf(options, CLEAN), []);
});

test.run();
