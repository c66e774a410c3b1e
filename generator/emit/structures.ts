/**
 * TypeScript declarations as plain data, and their printer: the subset of ts-morph's structures
 * the emitters build (same names and shapes), printed to text directly. ts-morph printed the same
 * structures by creating a source file, which parses the text with its own bundled TypeScript:
 * on GitHub's spec that parse and ts-morph's writer took 2.2 s of the emit stage, and loading
 * ts-morph 0.5 s of every run.
 *
 * Layout is left to the format stage, which re-indents code and JSDoc comments; what the printer
 * decides, as ts-morph did, is the text, the comments and where blank lines go. Nothing is
 * indented, so multi-line text (template literals included) is written exactly as given.
 */

export const StructureKind = {
  ImportDeclaration: 'import',
  ExportDeclaration: 'export',
  TypeAlias: 'type-alias',
  Interface: 'interface',
  Function: 'function',
  VariableStatement: 'variable-statement',
  Class: 'class',
  Method: 'method',
} as const;
export type StructureKind = (typeof StructureKind)[keyof typeof StructureKind];

export const VariableDeclarationKind = { Const: 'const', Let: 'let' } as const;
export type VariableDeclarationKind = (typeof VariableDeclarationKind)[keyof typeof VariableDeclarationKind];

export const Scope = { Private: 'private', Protected: 'protected', Public: 'public' } as const;
export type Scope = (typeof Scope)[keyof typeof Scope];

/** A structure without its `kind`, where the context says what it is. */
export type OptionalKind<T extends { kind: unknown }> = Omit<T, 'kind'> & { kind?: T['kind'] };

export interface JSDocTagStructure {
  tagName: string;
  text?: string | undefined;
}

/** A doc comment: text (one line prints as `/** text *\/`), or a description and tags. */
export type JSDocStructure = string | { description?: string | undefined; tags?: JSDocTagStructure[] | undefined };

interface Documented {
  docs?: JSDocStructure[] | undefined;
}

interface Exportable {
  isExported?: boolean | undefined;
}

export interface TypeParameterStructure {
  name: string;
  isConst?: boolean | undefined;
  constraint?: string | undefined;
  default?: string | undefined;
}

export interface ParameterStructure {
  name: string;
  type?: string | undefined;
  initializer?: string | undefined;
  hasQuestionToken?: boolean | undefined;
  isReadonly?: boolean | undefined;
  scope?: Scope | undefined;
}

/** What a function, method or constructor declares: its signature, and its body's statements. */
interface Signature extends Documented {
  typeParameters?: (TypeParameterStructure | string)[] | undefined;
  parameters?: ParameterStructure[] | undefined;
  returnType?: string | undefined;
}

/** Statements of a body: one text, or texts and declarations in order. */
export type Statements = string | (string | StatementStructures)[];

export interface ImportSpecifierStructure {
  name: string;
  alias?: string | undefined;
  isTypeOnly?: boolean | undefined;
}

export interface ImportDeclarationStructure {
  kind: typeof StructureKind.ImportDeclaration;
  moduleSpecifier: string;
  isTypeOnly?: boolean | undefined;
  namespaceImport?: string | undefined;
  namedImports?: (string | ImportSpecifierStructure)[] | undefined;
}

export interface ExportDeclarationStructure {
  kind: typeof StructureKind.ExportDeclaration;
  moduleSpecifier?: string | undefined;
  isTypeOnly?: boolean | undefined;
  namedExports?: (string | ImportSpecifierStructure)[] | undefined;
}

export interface TypeAliasDeclarationStructure extends Documented, Exportable {
  kind: typeof StructureKind.TypeAlias;
  name: string;
  typeParameters?: (TypeParameterStructure | string)[] | undefined;
  type: string;
}

export interface PropertySignatureStructure extends Documented {
  name: string;
  type?: string | undefined;
  hasQuestionToken?: boolean | undefined;
  isReadonly?: boolean | undefined;
}

export interface InterfaceDeclarationStructure extends Documented, Exportable {
  kind: typeof StructureKind.Interface;
  name: string;
  typeParameters?: (TypeParameterStructure | string)[] | undefined;
  extends?: string[] | undefined;
  properties?: PropertySignatureStructure[] | undefined;
}

export interface FunctionDeclarationStructure extends Signature, Exportable {
  kind: typeof StructureKind.Function;
  name: string;
  overloads?: Signature[] | undefined;
  statements?: Statements | undefined;
}

export interface VariableDeclarationStructure {
  name: string;
  type?: string | undefined;
  initializer?: string | undefined;
}

export interface VariableStatementStructure extends Documented, Exportable {
  kind: typeof StructureKind.VariableStatement;
  declarationKind?: VariableDeclarationKind | undefined;
  declarations: VariableDeclarationStructure[];
}

export interface PropertyDeclarationStructure extends Documented {
  name: string;
  type?: string | undefined;
  initializer?: string | undefined;
  isReadonly?: boolean | undefined;
  hasQuestionToken?: boolean | undefined;
  scope?: Scope | undefined;
}

export interface ConstructorDeclarationStructure extends Signature {
  statements?: Statements | undefined;
}

export interface MethodDeclarationStructure extends Signature {
  kind?: typeof StructureKind.Method;
  name: string;
  scope?: Scope | undefined;
  overloads?: Signature[] | undefined;
  statements?: Statements | undefined;
}

export interface ClassDeclarationStructure extends Documented, Exportable {
  kind: typeof StructureKind.Class;
  name: string;
  properties?: PropertyDeclarationStructure[] | undefined;
  ctors?: ConstructorDeclarationStructure[] | undefined;
  methods?: MethodDeclarationStructure[] | undefined;
}

export type StatementStructures =
  | ImportDeclarationStructure
  | ExportDeclarationStructure
  | TypeAliasDeclarationStructure
  | InterfaceDeclarationStructure
  | FunctionDeclarationStructure
  | VariableStatementStructure
  | ClassDeclarationStructure;

export interface SourceFileStructure {
  leadingTrivia?: string | undefined;
  statements?: Statements | undefined;
}

/** The printed source of a file. */
export function printStructures(structure: SourceFileStructure): string {
  const writer = new Writer();
  if (structure.leadingTrivia) writer.write(structure.leadingTrivia);
  printStatements(writer, structure.statements);
  writer.newLineIfLastNot();
  return writer.toString();
}

/**
 * Text with what the blank-line rules read: the last character that is not whitespace, how many
 * line breaks end the text, and whether nothing but whitespace came since a block opened.
 */
class Writer {
  readonly #chunks: string[] = [];
  #lastNonWhitespace = '';
  #trailingNewLines = 0;
  #empty = true;
  #firstLineOfBlock = true;

  write(text: string): this {
    if (text === '') return this;
    this.#chunks.push(text);
    this.#empty = false;
    const trimmed = text.trimEnd();
    if (trimmed !== '') this.#lastNonWhitespace = trimmed[trimmed.length - 1]!;
    const tail = /\n*$/.exec(text.replace(/[ \t]+$/, ''))![0].length;
    this.#trailingNewLines = trimmed === '' ? this.#trailingNewLines + tail : tail;
    if (text.includes('\n')) this.#firstLineOfBlock = false;
    return this;
  }

  newLine(): this {
    return this.write('\n');
  }

  newLineIfLastNot(): this {
    return this.#trailingNewLines === 0 && !this.#empty ? this.newLine() : this;
  }

  /** Ensures an empty line before what comes next (the formatter keeps one, never more). */
  blankLine(): this {
    while (this.#trailingNewLines < 2) this.newLine();
    return this;
  }

  isAtStartOfFirstLineOfBlock(): boolean {
    return this.#firstLineOfBlock && (this.#empty || this.#trailingNewLines > 0);
  }

  lastNonWhitespaceIsCloseBrace(): boolean {
    return this.#lastNonWhitespace === '}';
  }

  /** ` {`, the body on its own lines, `}`. */
  block(body: () => void): this {
    this.write(' {\n');
    this.#firstLineOfBlock = true;
    body();
    this.#firstLineOfBlock = false;
    return this.newLineIfLastNot().write('}');
  }

  toString(): string {
    return this.#chunks.join('');
  }
}

/**
 * Statements one per line; an empty line after one ending in `}` and before every function,
 * class and interface (what ts-morph did, so the formatter gets the blank lines it got).
 */
function printStatements(writer: Writer, statements: Statements | undefined): void {
  if (statements === undefined) return;
  if (typeof statements === 'string') {
    writer.write(statements);
    return;
  }
  for (const statement of statements) {
    if (writer.lastNonWhitespaceIsCloseBrace()) writer.blankLine();
    else if (!writer.isAtStartOfFirstLineOfBlock()) writer.newLineIfLastNot();
    if (typeof statement === 'string') {
      writer.write(statement);
      continue;
    }
    const spaced = statement.kind === StructureKind.Function || statement.kind === StructureKind.Class || statement.kind === StructureKind.Interface;
    if (spaced && !writer.isAtStartOfFirstLineOfBlock()) writer.blankLine();
    printStatement(writer, statement);
  }
}

function printStatement(writer: Writer, statement: StatementStructures): void {
  switch (statement.kind) {
    case StructureKind.ImportDeclaration:
      return void writer.write(importText(statement));
    case StructureKind.ExportDeclaration:
      return void writer.write(exportText(statement));
    case StructureKind.TypeAlias:
      printDocs(writer, statement.docs);
      return void writer.write(`${exported(statement)}type ${statement.name}${typeParametersText(statement.typeParameters)} = ${statement.type};`);
    case StructureKind.VariableStatement: {
      printDocs(writer, statement.docs);
      const declarations = statement.declarations.map((d) => `${d.name}${d.type ? `: ${d.type}` : ''}${initializerText(d.initializer)}`);
      return void writer.write(`${exported(statement)}${statement.declarationKind ?? VariableDeclarationKind.Let} ${declarations.join(', ')};`);
    }
    case StructureKind.Interface:
      return printInterface(writer, statement);
    case StructureKind.Function:
      for (const overload of statement.overloads ?? []) {
        printSignature(writer, `${exported(statement)}function ${statement.name}`, overload);
        writer.write(';').newLine();
      }
      printSignature(writer, `${exported(statement)}function ${statement.name}`, statement);
      return void writer.block(() => printStatements(writer, statement.statements));
    case StructureKind.Class:
      return printClass(writer, statement);
  }
}

function printInterface(writer: Writer, structure: InterfaceDeclarationStructure): void {
  printDocs(writer, structure.docs);
  const heritage = structure.extends?.length ? ` extends ${structure.extends.join(', ')}` : '';
  writer.write(`${exported(structure)}interface ${structure.name}${typeParametersText(structure.typeParameters)}${heritage}`);
  writer.block(() => {
    (structure.properties ?? []).forEach((property, i) => {
      if (i > 0) writer.newLine();
      printDocs(writer, property.docs);
      writer.write(`${property.isReadonly ? 'readonly ' : ''}${property.name}${property.hasQuestionToken ? '?' : ''}${property.type ? `: ${property.type}` : ''};`);
    });
  });
}

/** Properties one per line, then each constructor and method after an empty line. */
function printClass(writer: Writer, structure: ClassDeclarationStructure): void {
  printDocs(writer, structure.docs);
  writer.write(`${exported(structure)}class ${structure.name}`);
  writer.block(() => {
    (structure.properties ?? []).forEach((property, i) => {
      if (i > 0) writer.newLine();
      printDocs(writer, property.docs);
      const modifiers = `${property.scope ? `${property.scope} ` : ''}${property.isReadonly ? 'readonly ' : ''}`;
      writer.write(`${modifiers}${property.name}${property.hasQuestionToken ? '?' : ''}${property.type ? `: ${property.type}` : ''}${initializerText(property.initializer)};`);
    });
    const separate = (): void => {
      if (!writer.isAtStartOfFirstLineOfBlock()) writer.blankLine();
    };
    for (const ctor of structure.ctors ?? []) {
      separate();
      printSignature(writer, 'constructor', ctor);
      writer.block(() => printStatements(writer, ctor.statements));
    }
    for (const method of structure.methods ?? []) {
      separate();
      const name = `${method.scope ? `${method.scope} ` : ''}${method.name}`;
      for (const overload of method.overloads ?? []) {
        printSignature(writer, name, overload);
        writer.write(';').newLine();
      }
      printSignature(writer, name, method);
      writer.block(() => printStatements(writer, method.statements));
    }
  });
}

/** Docs, then `head<T>(params): Return`. */
function printSignature(writer: Writer, head: string, signature: Signature): void {
  printDocs(writer, signature.docs);
  const parameters = (signature.parameters ?? []).map((p) => {
    const modifiers = `${p.scope ? `${p.scope} ` : ''}${p.isReadonly ? 'readonly ' : ''}`;
    return `${modifiers}${p.name}${p.hasQuestionToken ? '?' : ''}${p.type ? `: ${p.type}` : ''}${initializerText(p.initializer)}`;
  });
  writer.write(`${head}${typeParametersText(signature.typeParameters)}(${parameters.join(', ')})${signature.returnType ? `: ${signature.returnType}` : ''}`);
}

/**
 * Each doc comment on its own lines: `/** text *\/` when it is one line, otherwise a line per line
 * of text after ` * `, the tags (`@name text`) right after the description.
 */
function printDocs(writer: Writer, docs: JSDocStructure[] | undefined): void {
  for (const doc of docs ?? []) {
    let text: string;
    if (typeof doc === 'string') text = doc;
    else {
      const tags = (doc.tags ?? []).map((tag) => `@${tag.tagName}${tag.text ? `${tag.text.startsWith('\n') ? '' : ' '}${tag.text}` : ''}`);
      text = [doc.description ?? '', tags.join('\n')].filter((part) => part !== '').join('\n');
    }
    const lines = text.split(/\r?\n/);
    const from = lines[0] === '' ? 1 : 0;
    if (lines.length <= 1) writer.write(`/** ${text}${text.endsWith(' ') ? '' : ' '}*/`);
    else writer.write(`/**\n${lines.slice(from).map((line) => ` *${line ? ` ${line}` : ''}\n`).join('')} */`);
    writer.newLine();
  }
}

function importText(structure: ImportDeclarationStructure): string {
  const named = structure.namedImports?.length ? ` { ${structure.namedImports.map(specifierText).join(', ')} }` : '';
  const namespace = structure.namespaceImport ? ` * as ${structure.namespaceImport}` : '';
  const from = named || namespace ? ' from' : '';
  return `import${structure.isTypeOnly ? ' type' : ''}${namespace}${named}${from} ${quoted(structure.moduleSpecifier)};`;
}

function exportText(structure: ExportDeclarationStructure): string {
  const named = structure.namedExports?.length ? ` { ${structure.namedExports.map(specifierText).join(', ')} }` : structure.moduleSpecifier ? ' *' : ' {}';
  return `export${structure.isTypeOnly ? ' type' : ''}${named}${structure.moduleSpecifier ? ` from ${quoted(structure.moduleSpecifier)}` : ''};`;
}

function specifierText(specifier: string | ImportSpecifierStructure): string {
  if (typeof specifier === 'string') return specifier;
  return `${specifier.isTypeOnly ? 'type ' : ''}${specifier.name}${specifier.alias ? ` as ${specifier.alias}` : ''}`;
}

function typeParametersText(parameters: (TypeParameterStructure | string)[] | undefined): string {
  if (!parameters?.length) return '';
  const texts = parameters.map((p) =>
    typeof p === 'string' ? p : `${p.isConst ? 'const ' : ''}${p.name}${p.constraint ? ` extends ${p.constraint}` : ''}${p.default ? ` = ${p.default}` : ''}`,
  );
  return `<${texts.join(', ')}>`;
}

function initializerText(initializer: string | undefined): string {
  return initializer && initializer.trim() !== '' ? ` = ${initializer}` : '';
}

function exported(structure: Exportable): string {
  return structure.isExported ? 'export ' : '';
}

/** A module specifier in single quotes (the emitters' specifiers are relative paths and package names). */
function quoted(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
