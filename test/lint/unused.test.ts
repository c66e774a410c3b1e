/**
 * Unused imports and locals fail `npm run lint`: in our code (tsc with tsconfig.json's
 * noUnusedLocals and noUnusedParameters) and in the generated packages (`lint:generated`, tsc over
 * generated/ with the same two flags): a planted unused import is an error in both.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
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

test('npm run lint:generated fails on a generated package with an unused import', () => {
  const copy = tempDir('unused-generated');
  try {
    cpSync(join(ROOT, 'generated'), join(copy, 'generated'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const problems = join(copy, 'generated', 'core-v2', 'src', 'problems.ts');
    writeFileSync(problems, `import type { Tweet } from './models.js';\n${readFileSync(problems, 'utf8')}`);
    const run = spawnSync('npm', ['run', '--silent', 'lint:generated'], { cwd: copy, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    assert.is.not(run.status, 0, output);
    assert.match(
      output,
      "generated/core-v2/src/problems.ts(1,1): error TS6133: 'Tweet' is declared but its value is never read.",
    );
  } finally {
    removeDir(copy);
  }
});

test.run();
