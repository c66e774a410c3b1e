/**
 * ts-morph's structures, as the emitters build them, and the one place they are printed:
 * `printSourceFile`, through ts-morph's `printStructure`, which writes a structure's text without
 * creating or parsing a source file; the format stage lays it out.
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type { ImportDeclarationStructure, OptionalKind, SourceFileStructure } from 'ts-morph';
import { comment, wrapText } from './source.ts';

export type {
  ImportDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
  SourceFileStructure,
  StatementStructures,
} from 'ts-morph';

/*
 * Loaded by `require`: ts-morph ships CommonJS, and an ESM import of CommonJS first scans the file
 * for its export names (as for TypeScript in libraries.ts). Only this module loads it, so that the
 * schema-types thread, which needs none of it, does not.
 */
const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const { Scope, StructureKind, VariableDeclarationKind } = tsMorph;
export type Scope = TsMorph.Scope;
export type StructureKind = TsMorph.StructureKind;
export type VariableDeclarationKind = TsMorph.VariableDeclarationKind;

/** The names an import declaration brings in: `'A'`, or `{ name: 'A', isTypeOnly: true }` for one type among values. */
export type ImportedNames = NonNullable<TsMorph.ImportDeclarationStructure['namedImports']>;

/** `import { names } from 'module'`: the one way an emitter writes an import. */
export function importFrom(module: string, names: ImportedNames): ImportDeclarationStructure {
  return { kind: StructureKind.ImportDeclaration, moduleSpecifier: module, namedImports: names };
}

/** `import type { names } from 'module'`. */
export function importTypesFrom(module: string, names: ImportedNames): ImportDeclarationStructure {
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: module,
    isTypeOnly: true,
    namedImports: names,
  };
}

/** `import * as name from 'module'`. */
export function importNamespace(module: string, name: string): ImportDeclarationStructure {
  return { kind: StructureKind.ImportDeclaration, moduleSpecifier: module, namespaceImport: name };
}

/** The printed source of a file. */
export function printStructures(structure: Omit<SourceFileStructure, 'kind'>): string {
  return tsMorph.printStructure(
    { ...structure, kind: StructureKind.SourceFile },
    { indentNumberOfSpaces: 2, useSingleQuote: true },
  );
}

/**
 * Prints a source file from a ts-morph structure: the one place emitted TypeScript is printed.
 * Top-level statements are printed one by one and laid out as a careful writer would: the imports
 * together, then a blank line after them and between every two declarations. The pieces are joined
 * once at the end: the separator between two depends only on the ends of the pieces beside it, so no
 * growing text is ever looked at or copied again (`text += ` after `text.endsWith` flattened the
 * whole file once per statement: quadratic in the file).
 */
export function printSourceFile(structure: OptionalKind<SourceFileStructure>): string {
  escapeAndWrapDocComments(structure);
  const statements =
    typeof structure.statements === 'string' || typeof structure.statements === 'function'
      ? [structure.statements]
      : (structure.statements ?? []);
  const pieces: string[] = [];
  const leading = structure.leadingTrivia === undefined ? '' : String(structure.leadingTrivia);
  if (leading !== '') pieces.push(leading);
  // What the text so far ends with: its last two characters (pieces may be shorter than two).
  let tail = leading.slice(-2);
  let previousWasImport = false;
  // The rest first: an import keeps only the names the rest of the file refers to.
  const printedRest = statements.map((statement) =>
    isImportDeclaration(statement)
      ? undefined
      : printStructures({ statements: [withJoinedSpecifiers(statement)] }),
  );
  const referenced = referencedNames(statements, printedRest);
  for (const [index, statement] of statements.entries()) {
    const isImport = isImportDeclaration(statement);
    const kept = isImport ? usedImport(statement, referenced) : statement;
    if (kept === undefined) continue;
    const printed = printedRest[index] ?? printStructures({ statements: [withJoinedSpecifiers(kept)] });
    if (tail !== '' && tail !== '\n\n' && !(isImport && previousWasImport)) {
      const separator = tail.endsWith('\n') ? '\n' : '\n\n';
      pieces.push(separator);
      tail = (tail + separator).slice(-2);
    }
    if (printed !== '') {
      pieces.push(printed);
      tail = (tail + printed).slice(-2);
    }
    previousWasImport = isImport;
  }
  if (tail !== '' && !tail.endsWith('\n')) pieces.push('\n');
  return pieces.join('');
}

/**
 * Every doc comment of the structure (descriptions and tag texts) goes through `comment`, whoever
 * built it: a safety net under the emitters, which call `docText`/`comment` themselves.
 */
function escapeAndWrapDocComments(node: unknown): void {
  if (Array.isArray(node)) node.forEach(escapeAndWrapDocComments);
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    for (const key of ['description', 'text']) {
      if ('tagName' in record || key === 'description') {
        // An example's code keeps its lines; prose is wrapped.
        if (typeof record[key] === 'string')
          record[key] =
            record.tagName === 'example'
              ? comment(record[key] as string)
              : wrapText(comment(record[key] as string));
      }
    }
    for (const [key, value] of Object.entries(record))
      if (key !== 'initializer' && key !== 'type') escapeAndWrapDocComments(value);
  }
}

type Statement = Exclude<
  SourceFileStructure['statements'],
  string | undefined | TsMorph.WriterFunction
>[number];
type ImportStatement = Extract<Statement, { kind: TsMorph.StructureKind.ImportDeclaration }>;

function isImportDeclaration(statement: Statement): statement is ImportStatement {
  return typeof statement === 'object' && statement.kind === StructureKind.ImportDeclaration;
}

/**
 * Every identifier-like word of the printed statements that are neither imports nor re-exports
 * (`export { A } from`), which name what they export without using it.
 */
function referencedNames(
  statements: readonly Statement[],
  printed: readonly (string | undefined)[],
): Set<string> {
  const words = new Set<string>();
  for (const [index, text] of printed.entries()) {
    const statement = statements[index]!;
    if (text === undefined) continue;
    if (
      typeof statement === 'object' &&
      statement.kind === StructureKind.ExportDeclaration &&
      statement.moduleSpecifier
    )
      continue;
    for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  }
  return words;
}

/**
 * An import with only the names `referenced` holds, or undefined when it keeps none: an emitter
 * need not know which of the names it offers a file uses, and the package never imports a name
 * for nothing (tsc's noUnusedLocals would fail it). Default, namespace and side-effect imports stay.
 */
function usedImport(
  statement: ImportStatement,
  referenced: ReadonlySet<string>,
): ImportStatement | undefined {
  const named = statement.namedImports;
  if (!Array.isArray(named) || named.length === 0 || statement.defaultImport || statement.namespaceImport)
    return statement;
  // The local name of a plain specifier (`A`, `type A`, `A as B`); undefined for any other, which stays.
  const local = (specifier: (typeof named)[number]): string | undefined => {
    if (typeof specifier === 'string') return /^(?:type\s+)?([A-Za-z_$][\w$]*)$/.exec(specifier)?.[1];
    if (typeof specifier !== 'object' || typeof specifier.name !== 'string') return undefined;
    const name = specifier.alias?.trim() || specifier.name;
    return /^[A-Za-z_$][\w$]*$/.test(name) ? name : undefined;
  };
  const kept = named.filter((specifier) => {
    const name = local(specifier);
    return name === undefined || referenced.has(name);
  });
  if (kept.length === named.length) return statement;
  return kept.length > 0 ? { ...statement, namedImports: kept } : undefined;
}

/**
 * An import or export declaration whose names are all plain (`A`, `type A`, `A as B`), with
 * them written as one list: the text ts-morph prints for them one by one, where it makes a writer
 * per name and scans each with TypeScript's scanner for where its comma goes (about 1 ms an
 * import of the models or schemas, half of X's 135 imports' share of the emit thread's time).
 * Any other statement is left as it is.
 */
function withJoinedSpecifiers(statement: Statement): Statement {
  if (typeof statement !== 'object') return statement;
  if (statement.kind === StructureKind.ImportDeclaration) {
    const joined = joinedSpecifiers(statement.namedImports);
    return joined ? { ...statement, namedImports: joined } : statement;
  }
  if (statement.kind === StructureKind.ExportDeclaration) {
    const joined = joinedSpecifiers(statement.namedExports);
    return joined ? { ...statement, namedExports: joined } : statement;
  }
  return statement;
}

/** `A, type B, C as D`, as a writer function; undefined when a name is not plain (a comment, a writer of its own) or there are none. */
function joinedSpecifiers(specifiers: unknown): TsMorph.WriterFunction | undefined {
  if (!Array.isArray(specifiers) || specifiers.length === 0) return undefined;
  const names: string[] = [];
  for (const specifier of specifiers as unknown[]) {
    const name = typeof specifier === 'string' ? specifier : specifierText(specifier);
    if (name === undefined || !PLAIN_SPECIFIER.test(name)) return undefined;
    names.push(name);
  }
  const text = names.join(', ');
  return (writer) => writer.write(text);
}

/** A specifier written as text: `type A as B`; undefined when it has more than a name, an alias and a type-only mark. */
function specifierText(specifier: unknown): string | undefined {
  if (typeof specifier !== 'object' || specifier === null) return undefined;
  if (!Object.keys(specifier).every((key) => SPECIFIER_KEYS.has(key))) return undefined;
  const { name, alias, isTypeOnly } = specifier as { name?: unknown; alias?: unknown; isTypeOnly?: unknown };
  if (typeof name !== 'string' || (alias !== undefined && typeof alias !== 'string')) return undefined;
  return `${isTypeOnly ? 'type ' : ''}${name}${alias?.trim() ? ` as ${alias}` : ''}`;
}

const SPECIFIER_KEYS = new Set(['name', 'alias', 'isTypeOnly', 'kind']);
const IDENTIFIER = String.raw`[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]*`;
/** `A`, `type A`, `A as B`: a specifier whose comma ts-morph puts at its end. */
const PLAIN_SPECIFIER = new RegExp(`^(?:type )?${IDENTIFIER}(?: as ${IDENTIFIER})?$`, 'u');
