import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ts } from 'ts-morph';

/**
 * What the project's tsconfig leaves unset, set as TypeScript 5 sets it. ts-morph 28 carries
 * TypeScript 6, whose defaults differ where a check would report errors the user's own compiler
 * does not: `strict` is on by default, and no `@types` package is included unless `types` names it.
 * migrate type-checks the project as the user does, so it lists only what the renames broke.
 */
export function typescript5Defaults(tsconfig: string): ts.CompilerOptions {
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) return {};
  const options = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(tsconfig)).options;
  const out: ts.CompilerOptions = { ignoreDeprecations: '6.0' };
  if (options.strict === undefined) out.strict = false;
  if (options.types === undefined)
    out.types = typePackages(options.typeRoots ?? defaultTypeRoots(dirname(resolve(tsconfig))));
  return out;
}

/** `node_modules/@types` in the folder and every folder above it: TypeScript 5's default type roots. */
function defaultTypeRoots(dir: string): string[] {
  const roots: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    const root = join(at, 'node_modules', '@types');
    if (existsSync(root)) roots.push(root);
    if (dirname(at) === at) return roots;
  }
}

/** Every package in the type roots: what TypeScript 5 includes when `types` is unset. */
function typePackages(roots: readonly string[]): string[] {
  const names = new Set<string>();
  for (const root of roots) {
    try {
      for (const entry of readdirSync(root, { withFileTypes: true }))
        if ((entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith('.'))
          names.add(entry.name);
    } catch {
      // An unreadable type root adds nothing, as with tsc.
    }
  }
  return [...names].sort();
}
