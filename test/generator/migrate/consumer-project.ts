/**
 * A consumer's repository as `xgen migrate` meets it: an xgen config generating one package into
 * `generated/api` from `spec.yaml`, the package linked as `node_modules/@test/api` (as a workspace or
 * `file:` dependency links it), a strict tsconfig over `src/`, and the consumer's code there.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { compilerEnv, findNativeCompiler } from '../../../generator/compile/native.ts';
import type { PackageConfig } from '../../../generator/config.ts';
import { generateAll } from '../../../generator/generate.ts';
import { parseSnapshot } from '../../../generator/diff/snapshot.ts';
import { deepConsumer } from './deep-consumer.ts';
import { deriveConsumer, type DerivedProgram } from './derived-consumer.ts';
import { REPORT_TEXT } from '../../../generator/cli/report.ts';
import { type CliRun, runCli } from '../../helpers/cli.ts';

export const PACKAGE = '@test/api';
export const CLIENT = 'ApiClient';

/** The package config of a consumer project in `dir`. */
export function packageConfig(dir: string): PackageConfig {
  return {
    spec: join(dir, existsSync(join(dir, 'spec.json')) ? 'spec.json' : 'spec.yaml'),
    out: join(dir, 'generated', 'api'),
    name: PACKAGE,
    client: CLIENT,
    templates: {},
  };
}

/** Creates a consumer project in `dir` for `spec` (not generated yet) with its code `files` (path in the project -> text). */
export function createProject(dir: string, spec: string, files: Record<string, string>): void {
  mkdirSync(join(dir, 'node_modules', '@test'), { recursive: true });
  const specFile = spec.endsWith('.json') ? 'spec.json' : 'spec.yaml';
  cpSync(spec, join(dir, specFile));
  writeFileSync(
    join(dir, 'xgen.config.yaml'),
    `packages:\n  - spec: ${specFile}\n    out: generated/api\n    name: '${PACKAGE}'\n    client: ${CLIENT}\n`,
  );
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
  for (const { dir, spec } of projects) if (spec) cpSync(spec, packageConfig(dir).spec);
  const lines: string[] = [];
  await generateAll(
    projects.map((p) => packageConfig(p.dir)),
    { check: false, log: (line) => lines.push(line), warn: () => {}, text: REPORT_TEXT },
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

/**
 * The tsc that checks a project: TypeScript 5.9 in this process (what users run, and the compiler
 * whose error places the tests compare migrate's listing with), or TypeScript 7's native tsc, about a
 * sixth of 5.9's processor time on a consumer of X's package (1.7 against 11.6 s), for the rounds that
 * derive a consumer compiling against X's package, which ask only whether it compiles (TypeScript 7
 * places some errors elsewhere: "No overload matches this call"). On a small package 5.9 costs less
 * (0.07 s a check once lib files are parsed, against 0.17 s for the native process). Without a native
 * build, 5.9 does both.
 */
export type Checker = 'tsc 5.9' | 'native';

/** Type-checks the project with tsc (its tsconfig.json) and returns its errors. */
export function compileProject(dir: string, checker: Checker = 'tsc 5.9'): CompileError[] {
  return compileProjects([dir], checker).get(dir) ?? [];
}

/**
 * Type-checks each project on its own (one program for all would share one copy of the package:
 * tsc takes packages of the same name and version for one).
 */
export function compileProjects(
  dirs: readonly string[],
  checker: Checker = 'tsc 5.9',
): Map<string, CompileError[]> {
  const native = checker === 'native' ? findNativeCompiler() : undefined;
  return new Map(
    dirs.map((dir) => [dir, native && 'exe' in native ? compileNative(native.exe, dir) : compileOne(dir)]),
  );
}

/** The project's errors by the native tsc (`--pretty false`: `file(line,col): error TSn: message`, its chain indented below). */
function compileNative(exe: string, dir: string): CompileError[] {
  const run = spawnSync(exe, ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false', '--singleThreaded'], {
    cwd: dir,
    encoding: 'utf8',
    env: compilerEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || (run.status !== 0 && run.status !== 1 && run.status !== 2))
    throw new Error(`tsc did not run in ${dir}: ${run.error?.message ?? run.stderr}`);
  const errors: CompileError[] = [];
  for (const line of run.stdout.split(/\r?\n/)) {
    const located = /^(.+?)\((\d+),(\d+)\): error TS\d+: (.*)$/.exec(line);
    const global = located ? undefined : /^error TS\d+: (.*)$/.exec(line);
    const last = errors[errors.length - 1];
    if (located) {
      const file = relative(dir, resolve(dir, located[1] as string));
      errors.push({ at: `${file}:${located[2]}:${located[3]}`, message: located[4] as string });
    } else if (global) errors.push({ at: '', message: global[1] as string });
    else if (last && line.startsWith(' ') && line.trim() !== '') last.message += ` ${line.trim()}`;
  }
  if (run.status !== 0 && errors.length === 0)
    throw new Error(`tsc failed in ${dir} without a diagnostic: ${run.stdout}${run.stderr}`);
  return errors;
}

/**
 * TypeScript's own declaration files (lib.dom.d.ts is 1.9 MB), parsed once a process for every
 * program, as a language service's document registry shares them: they never change.
 */
const LIB_DIR = dirname(ts.getDefaultLibFilePath({}));
const libFiles = new Map<string, ts.SourceFile | undefined>();

/** The project's errors by TypeScript 5.9 in this process. */
function compileOne(dir: string): CompileError[] {
  const read = ts.readConfigFile(join(dir, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dir);
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, ...rest) => {
    if (!fileName.startsWith(LIB_DIR)) return getSourceFile(fileName, version, ...rest);
    const key = `${fileName} ${JSON.stringify(version)}`;
    let file = libFiles.get(key);
    if (!file) libFiles.set(key, (file = getSourceFile(fileName, version, ...rest)));
    return file;
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? relative(dir, d.file.fileName) : '';
    return {
      at: where ? `${file}:${where.line + 1}:${where.character + 1}` : file,
      message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    };
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

/** A consumer project of `spec` in `dir`, generated, with its derivedProgram; returns the program. */
export async function derivedProject(dir: string, spec: string): Promise<DerivedProgram> {
  createProject(dir, spec, {});
  await generateProjects([{ dir }]);
  return derivedProgram(dir);
}

/**
 * The program of the consumer project `dir` (its package generated), derived from the package (see
 * derived-consumer.ts) and compiling against it: what a params literal cannot express is passed
 * whole, and a type name the package does not export is left out. Returns the program.
 */
export function derivedProgram(dir: string): DerivedProgram {
  const snapshot = parseSnapshot(read(dir, 'generated/api/api-snapshot.json'));
  if (!snapshot) throw new Error('no snapshot generated');
  const givenParams = new Set<string>();
  const skipTypes = new Set<string>();
  for (let round = 0; ; round++) {
    const program = deriveConsumer(snapshot, { specifier: PACKAGE, client: CLIENT, givenParams, skipTypes });
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'consumer.ts'), program.text);
    const errors = compileProject(dir, 'native');
    if (errors.length === 0) return program;
    if (round === 2)
      throw new Error(
        `the derived consumer does not compile against its package: ${errors
          .slice(0, 5)
          .map((e) => `${e.at} ${e.message}`)
          .join('; ')}`,
      );
    for (const error of errors) {
      const line = Number(error.at.split(':')[1]);
      const type = program.typeLines.get(line);
      if (type) skipTypes.add(type);
      const op = program.ranges.find((r) => line >= r.from && line <= r.to)?.operationId;
      if (op) givenParams.add(op);
    }
  }
}

/** A consumer project of `spec` in `dir`, generated, with its deepProgram; returns the program. */
export async function deepProject(dir: string, spec: string): Promise<DerivedProgram> {
  createProject(dir, spec, {});
  await generateProjects([{ dir }]);
  return deepProgram(dir);
}

/**
 * The program of the consumer project `dir` (its package generated) that calls every operation in
 * three idioms and reads results 3 steps deep (see deep-consumer.ts), compiling against the package:
 * params no literal fits are passed whole, and a read the package's own types reject is commented out.
 */
export function deepProgram(dir: string): DerivedProgram {
  const snapshot = parseSnapshot(read(dir, 'generated/api/api-snapshot.json'));
  if (!snapshot) throw new Error('no snapshot generated');
  const givenParams = new Set<string>();
  const skipLines = new Set<number>();
  for (let round = 0; ; round++) {
    const program = deepConsumer(snapshot, { specifier: PACKAGE, client: CLIENT, givenParams, skipLines });
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'consumer.ts'), program.text);
    const errors = compileProject(dir, 'native');
    if (errors.length === 0) return program;
    if (round === 3)
      throw new Error(
        `the deep consumer does not compile against its package: ${errors
          .slice(0, 5)
          .map((e) => `${e.at} ${e.message}`)
          .join('; ')}`,
      );
    const lines = program.text.split('\n');
    for (const error of errors) {
      const line = Number(error.at.split(':')[1]);
      const text = lines[line - 1] ?? '';
      const op = program.ranges.find((r) => line >= r.from && line <= r.to)?.operationId;
      if (
        op &&
        /\bawait\b|for await|read<string>\(client|read<string>\([a-z]/.test(text) &&
        !/^\s*(const v|read<(?!string>\((client|[a-z]+\(core)))/.test(text)
      )
        givenParams.add(op);
      else skipLines.add(line);
    }
  }
}

/** `xgen migrate` in the consumer project `dir`, with its tsconfig and its xgen config, as a user runs it there. */
export function migrateProject(dir: string): Promise<CliRun> {
  return runCli([
    'migrate',
    '--project',
    join(dir, 'tsconfig.json'),
    '--config',
    join(dir, 'xgen.config.yaml'),
  ]);
}
