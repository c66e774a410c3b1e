/**
 * A consumer's repository as `xgen migrate` meets it: an xgen config generating one package into
 * `generated/api` from `spec.yaml`, the package linked as `node_modules/@test/api` (as a workspace or
 * `file:` dependency links it), a strict tsconfig over `src/`, and the consumer's code there.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import type { PackageConfig } from '../../../generator/config.ts';
import { generateAll } from '../../../generator/generate.ts';

export const PACKAGE = '@test/api';
export const CLIENT = 'ApiClient';

/** The package config of a consumer project in `dir`. */
export function packageConfig(dir: string): PackageConfig {
  return { spec: join(dir, 'spec.yaml'), out: join(dir, 'generated', 'api'), name: PACKAGE, client: CLIENT, templates: {} };
}

/** Creates a consumer project in `dir` for `spec` (not generated yet) with its code `files` (path in the project -> text). */
export function createProject(dir: string, spec: string, files: Record<string, string>): void {
  mkdirSync(join(dir, 'node_modules', '@test'), { recursive: true });
  cpSync(spec, join(dir, 'spec.yaml'));
  writeFileSync(join(dir, 'xgen.config.yaml'), `packages:\n  - spec: spec.yaml\n    out: generated/api\n    name: '${PACKAGE}'\n    client: ${CLIENT}\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
        },
        include: ['src'],
      },
      null,
      2,
    ) + '\n',
  );
  symlinkSync(join('..', '..', 'generated', 'api'), join(dir, 'node_modules', '@test', 'api'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Generates (or regenerates, from `spec` when given) the package of each project, all in one run as `npm run generate` would. */
export async function generateProjects(projects: { dir: string; spec?: string }[]): Promise<string[]> {
  for (const { dir, spec } of projects) if (spec) cpSync(spec, join(dir, 'spec.yaml'));
  const lines: string[] = [];
  await generateAll(
    projects.map((p) => packageConfig(p.dir)),
    { check: false, log: (line) => lines.push(line), warn: () => {} },
  );
  return lines;
}

/** Copies a generated project (its package already generated) to `to`, relinking the package. */
export function copyProject(from: string, to: string): void {
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

/** A compile error of the project: `file:line:col` (file relative to the project) and the message. */
export interface CompileError {
  at: string;
  message: string;
}

/** Type-checks the project with tsc (its tsconfig.json) and returns its errors. */
export function compileProject(dir: string): CompileError[] {
  return compileProjects([dir]).get(dir) ?? [];
}

/**
 * Type-checks each project on its own (one program for all would share one copy of the package:
 * tsc takes packages of the same name and version for one).
 */
export function compileProjects(dirs: readonly string[]): Map<string, CompileError[]> {
  return new Map(dirs.map((dir) => [dir, compileOne(dir)]));
}

function compileOne(dir: string): CompileError[] {
  const read = ts.readConfigFile(join(dir, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dir);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? relative(dir, d.file.fileName) : '';
    return { at: where ? `${file}:${where.line + 1}:${where.character + 1}` : file, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') };
  });
}

/** The `file:line:col` of each use `xgen migrate` listed as left to migrate by hand (paths relative to the project). */
export function reportedLocations(lines: readonly string[], dir: string, cwd: string): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    const match = /^(.+?):(\d+):(\d+): /.exec(line);
    if (match) out.add(`${relative(dir, join(cwd, match[1] as string))}:${match[2]}:${match[3]}`);
  }
  return out;
}

export function read(dir: string, path: string): string {
  return readFileSync(join(dir, path), 'utf8');
}
