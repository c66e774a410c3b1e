/**
 * The examples a generated package shows its users: every `@example` of its doc comments and every
 * ` ```ts ` block of its README, each made into a program a consumer could write, for one
 * type-check of them all.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One example, where it was found and its code. */
export interface Example {
  /** `src/resources/users.ts:120` or `README.md:88`. */
  origin: string;
  code: string;
}

/** The code of every `@example` tag in the package's sources, up to the next tag or the comment's end. */
export function docExamples(packageDir: string): Example[] {
  const out: Example[] = [];
  for (const file of sourceFiles(join(packageDir, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
      const lines = match[0]
        .split('\n')
        .map((l) => l.replace(/^\s*\/?\*+\/?\s?/, '').replace(/\s*\*\/$/, ''));
      const startLine = text.slice(0, match.index).split('\n').length;
      let current: { at: number; code: string[] } | undefined;
      const flush = (): void => {
        if (current)
          out.push({
            origin: `${relative(packageDir, file)}:${startLine + current.at}`,
            code: current.code.join('\n').trim(),
          });
        current = undefined;
      };
      lines.forEach((line, i) => {
        if (/^@\w/.test(line)) {
          flush();
          if (line.startsWith('@example')) current = { at: i, code: [line.slice('@example'.length).trim()] };
        } else current?.code.push(line);
      });
      flush();
    }
  }
  return out;
}

/** Every ` ```ts ` block of a Markdown file, with the line it starts on. */
export function markdownExamples(file: string, base: string): Example[] {
  const out: Example[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i]!)) continue;
    const start = i;
    const code: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) code.push(lines[i]!);
    out.push({ origin: `${relative(base, file)}:${start + 1}`, code: code.join('\n') });
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory()
        ? sourceFiles(path)
        : name.endsWith('.ts') && !name.endsWith('.d.ts')
          ? [path]
          : [];
    });
}

/** The value names a module exports (`export { a, b as c }`, `export function`, `export class`, `export const`). */
export function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name &&
      exported(statement)
    ) {
      names.push(statement.name.text);
    } else if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.push(d.name.text);
    }
  }
  return names;
}

function exported(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/**
 * An example as a module a user would write: what it uses of the package imported (as a user
 * who copies it has), and the `client` or `core` it calls declared where it does not make one.
 */
export function asModule(
  code: string,
  pkg: {
    name: string;
    client: string;
    exports: string[];
    functionExports: string[];
    /** What the package's `testing` entry exports, for its own examples. */
    testingExports?: string[];
  },
): string {
  const imported = new Set(
    [...code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]!.split(',').map((s) =>
        s
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      ),
    ),
  );
  const uses = (name: string): boolean =>
    !imported.has(name) && new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\b`).test(code);
  const fromIndex = pkg.exports.filter(uses);
  const fromFunctions = pkg.functionExports.filter((n) => !pkg.exports.includes(n) && uses(n));
  const fromTesting = (pkg.testingExports ?? []).filter(
    (n) => !pkg.exports.includes(n) && !fromFunctions.includes(n) && uses(n),
  );
  const head: string[] = [];
  const declares = (name: string): boolean => new RegExp(`\\b(const|let|var)\\s+${name}\\b`).test(code);
  if (/\bclient\./.test(code) && !declares('client')) {
    if (!fromIndex.includes(pkg.client)) fromIndex.push(pkg.client);
    head.push(`declare const client: ${pkg.client};`);
  }
  if (/\bcore\b/.test(code) && !declares('core')) {
    head.unshift(`import type { ClientCore } from '${pkg.name}/functions';`);
    head.push('declare const core: ClientCore;');
  }
  if (fromIndex.length > 0) head.unshift(`import { ${fromIndex.sort().join(', ')} } from '${pkg.name}';`);
  if (fromFunctions.length > 0)
    head.unshift(`import { ${fromFunctions.sort().join(', ')} } from '${pkg.name}/functions';`);
  if (fromTesting.length > 0)
    head.unshift(`import { ${fromTesting.sort().join(', ')} } from '${pkg.name}/testing';`);
  return `${head.join('\n')}\n${code}\nexport {};\n`;
}
