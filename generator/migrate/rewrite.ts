/** The rewrite of one consumer source file for the renames of generated packages: the edits, rule by rule. */
import { ts } from 'ts-morph';
import { isIdentifier } from '../model/names.ts';
import type { Shape } from '../diff/shapes.ts';
import { PackageLookup } from './package-lookup.ts';
import type { MigrationTarget } from './target.ts';

/** One replacement of a source text range. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The edits one pass finds in a source file: every use, typed by a generated package, of a name
 * or value the package renamed. Each rule fires only where the old name no longer type-checks
 * against the new package (a property the type lacks, an export the module lacks, a value the
 * enum lacks), so code already migrated, or names a later version brought back, are left alone.
 * Rules that need the new names to resolve (params keys once the call is renamed) fire on the
 * next pass.
 */
export class Rewriter {
  private readonly edits = new Map<number, Edit>();
  private readonly lookup: PackageLookup;
  private readonly names: RenamedNames;

  constructor(
    private readonly checker: ts.TypeChecker,
    targets: readonly MigrationTarget[],
  ) {
    this.lookup = new PackageLookup(checker, targets);
    this.names = renamedNames(targets);
  }

  editsOf(file: ts.SourceFile): Edit[] {
    this.edits.clear();
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) this.memberAccess(node);
      else if (ts.isElementAccessExpression(node)) this.elementAccess(node);
      else if (ts.isBindingElement(node)) this.bindingElement(node);
      else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword)
        this.inCheck(node);
      else if (ts.isIndexedAccessTypeNode(node)) this.indexedAccessType(node);
      else if (ts.isCallExpression(node)) this.operationCall(node);
      else if (ts.isImportDeclaration(node)) this.importDeclaration(node, file);
      else if (ts.isQualifiedName(node)) this.qualifiedName(node);
      else if (ts.isImportTypeNode(node)) this.importType(node);
      else if (ts.isObjectLiteralExpression(node)) {
        this.typedParams(node);
        this.objectFields(node);
      } else if (ts.isStringLiteral(node)) this.enumLiteral(node);
      ts.forEachChild(node, visit);
    };
    visit(file);
    return [...this.edits.values()].sort((a, b) => a.start - b.start);
  }

  private edit(node: ts.Node, text: string): void {
    const start = node.getStart();
    if (!this.edits.has(start)) this.edits.set(start, { start, end: node.getEnd(), text });
  }

  /** `client.<group>.<method>` with a group or method the package no longer has; `post.note_tweet` (or `post?.note_tweet`) of a renamed field. */
  private memberAccess(node: ts.PropertyAccessExpression): void {
    if (!this.names.member.has(node.name.text)) return;
    if (this.checker.getSymbolAtLocation(node.name)) return;
    if (ts.isIdentifier(node.name)) {
      const to = this.lookup.fieldRename(this.checker.getTypeAtLocation(node.expression), node.name.text);
      if (to !== undefined) {
        if (isIdentifier(to)) this.edit(node.name, to);
        return;
      }
    }
    const client = this.lookup.clientOf(node.expression);
    if (client) {
      const parent = node.parent;
      const group = node.name.text;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
        const rename = this.lookup.operationRename(client, group, parent.name.text);
        if (rename) {
          if (rename.group !== group) this.edit(node.name, rename.group);
          if (rename.method !== parent.name.text) this.edit(parent.name, rename.method);
          return;
        }
      }
      // The group alone (`const posts = client.tweets`): only when all of it moved to one group.
      const groups = new Set<string>();
      for (const [id, op] of Object.entries(client.old.operations)) {
        if (op.group !== group) continue;
        const now = client.next.operations[client.renames.operations.get(id)?.to.id ?? id];
        groups.add(now?.group ?? '');
      }
      const [only] = [...groups];
      if (groups.size === 1 && only && only !== group) this.edit(node.name, only);
      return;
    }
    // `client.<group>.<method>` where the group is still there but the method moved.
    const inner = node.expression;
    if (ts.isPropertyAccessExpression(inner)) {
      const owner = this.lookup.clientOf(inner.expression);
      if (!owner) return;
      const rename = this.lookup.operationRename(owner, inner.name.text, node.name.text);
      if (!rename) return;
      if (rename.group !== inner.name.text) this.edit(inner.name, rename.group);
      if (rename.method !== node.name.text) this.edit(node.name, rename.method);
      return;
    }
    // `api.oldFunction` through `import * as api from '<package>/functions'`.
    if (ts.isIdentifier(node.name)) this.namespaceMember(inner, node.name);
  }

  /** `post['note_tweet']` of a renamed field. */
  private elementAccess(node: ts.ElementAccessExpression): void {
    const key = node.argumentExpression;
    if (!ts.isStringLiteralLike(key) || !this.names.fields.has(key.text)) return;
    const to = this.lookup.fieldRename(this.checker.getTypeAtLocation(node.expression), key.text);
    if (to !== undefined) this.edit(key, quoted(key, to));
  }

  /** `const { note_tweet } = post` (or `{ note_tweet: note }`, or a parameter destructured) of a renamed field. */
  private bindingElement(node: ts.BindingElement): void {
    const pattern = node.parent;
    if (!ts.isObjectBindingPattern(pattern) || node.dotDotDotToken) return;
    const key = node.propertyName ?? node.name;
    if (!ts.isIdentifier(key) && !ts.isStringLiteralLike(key)) return;
    if (!this.names.fields.has(key.text)) return;
    const to = this.lookup.fieldRename(this.checker.getTypeAtLocation(pattern), key.text);
    if (to === undefined) return;
    if (node.propertyName)
      this.edit(key, ts.isStringLiteralLike(key) ? quoted(key, to) : propertyKey(to, undefined));
    // Shorthand: the local keeps its name, code below it reads it as before.
    else this.edit(key, `${propertyKey(to, undefined)}: ${key.getText()}`);
  }

  /** `'note_tweet' in post` of a renamed field: it compiles either way, and would be false on every object. */
  private inCheck(node: ts.BinaryExpression): void {
    const key = node.left;
    if (!ts.isStringLiteralLike(key) || !this.names.fields.has(key.text)) return;
    const to = this.lookup.fieldRename(this.checker.getTypeAtLocation(node.right), key.text);
    if (to !== undefined) this.edit(key, quoted(key, to));
  }

  /** `Post['note_tweet']` in a type written by hand. */
  private indexedAccessType(node: ts.IndexedAccessTypeNode): void {
    const index = node.indexType;
    if (!ts.isLiteralTypeNode(index) || !ts.isStringLiteral(index.literal)) return;
    if (!this.names.fields.has(index.literal.text)) return;
    const to = this.lookup.fieldRename(this.checker.getTypeFromTypeNode(node.objectType), index.literal.text);
    if (to !== undefined) this.edit(index.literal, quoted(index.literal, to));
  }

  /** An object literal typed by an object type of a package (`const post: Post = { note_tweet: … }`): its renamed fields. */
  private objectFields(node: ts.ObjectLiteralExpression): void {
    const named = (p: ts.ObjectLiteralElementLike): boolean =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) &&
      this.names.fields.has(p.name.text);
    if (!node.properties.some(named)) return;
    const contextual = this.checker.getContextualType(node);
    if (!contextual) return;
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const name = property.name;
      if (!ts.isIdentifier(name) && !ts.isStringLiteralLike(name)) continue;
      const to = this.lookup.fieldRename(contextual, name.text);
      if (to === undefined) continue;
      if (ts.isShorthandPropertyAssignment(property))
        this.edit(property, `${propertyKey(to, undefined)}: ${name.text}`);
      else this.edit(name, ts.isStringLiteralLike(name) ? quoted(name, to) : propertyKey(to, undefined));
    }
  }

  private namespaceMember(namespace: ts.Node, name: ts.Identifier): void {
    const module = this.lookup.moduleOf(namespace);
    if (!module) return;
    const next = this.lookup.exportRename(module.target, module.module, name.text);
    if (next) this.edit(name, next);
  }

  /** `ns.OldType` and `import('pkg').OldType` in type positions. */
  private qualifiedName(node: ts.QualifiedName): void {
    if (!this.names.exports.has(node.right.text)) return;
    // An unresolved name in a type resolves to the checker's `unknown` symbol, which has no declarations.
    if (this.checker.getSymbolAtLocation(node.right)?.declarations?.length) return;
    this.namespaceMember(node.left, node.right);
  }

  /** `import('<package>').OldType`. */
  private importType(node: ts.ImportTypeNode): void {
    const name =
      node.qualifier && ts.isIdentifier(node.qualifier)
        ? node.qualifier
        : node.qualifier && ts.isQualifiedName(node.qualifier)
          ? leftmost(node.qualifier)
          : undefined;
    if (!name || !this.names.exports.has(name.text)) return;
    if (this.checker.getSymbolAtLocation(name)?.declarations?.length) return;
    const argument = node.argument;
    if (!ts.isLiteralTypeNode(argument) || !ts.isStringLiteral(argument.literal)) return;
    this.namespaceMember(argument.literal, name);
  }

  /** A params object typed by a package's params type (`const saved: ListPetsParams = { ... }`). */
  private typedParams(node: ts.ObjectLiteralExpression): void {
    if (!this.names.anyParams) return;
    const contextual = this.checker.getContextualType(node);
    const symbol = contextual?.aliasSymbol ?? contextual?.getSymbol();
    const target = this.lookup.targetOfDeclarations(symbol);
    if (!target || !symbol) return;
    const id = target.paramsTypes.get(symbol.getName());
    if (id !== undefined) this.params(node, target, id);
  }

  /**
   * `import { OldName } from '<package>'`: the import and every use of it in the file take the new
   * name; with an alias (`OldName as Mine`) only the imported name changes. When the new name is
   * already taken in the file, the import keeps the old local name (`NewName as OldName`).
   */
  private importDeclaration(node: ts.ImportDeclaration, file: ts.SourceFile): void {
    const bindings = node.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return;
    const module = this.lookup.moduleOf(node.moduleSpecifier);
    if (!module) return;
    for (const specifier of bindings.elements) {
      const imported = specifier.propertyName ?? specifier.name;
      if (!ts.isIdentifier(imported)) continue;
      const next = this.lookup.exportRename(module.target, module.module, imported.text);
      if (!next) continue;
      if (specifier.propertyName) {
        this.edit(specifier.propertyName, next);
        continue;
      }
      const local = this.checker.getSymbolAtLocation(specifier.name);
      const taken = this.checker
        .getSymbolsInScope(file, ts.SymbolFlags.Value | ts.SymbolFlags.Type | ts.SymbolFlags.Alias)
        .some((s) => s.getName() === next);
      if (taken || !local) {
        this.edit(specifier.name, `${next} as ${imported.text}`);
        continue;
      }
      this.edit(specifier.name, next);
      const rename = (n: ts.Node): void => {
        if (ts.isIdentifier(n) && n.text === imported.text && n !== specifier.name) {
          const parent = n.parent;
          if (ts.isShorthandPropertyAssignment(parent) && parent.name === n) {
            if (this.checker.getShorthandAssignmentValueSymbol(parent) === local)
              this.edit(n, `${imported.text}: ${next}`);
          } else if (this.checker.getSymbolAtLocation(n) === local) this.edit(n, next);
        }
        ts.forEachChild(n, rename);
      };
      rename(file);
    }
  }

  /** A call of an operation (`client.tweets.list(...)`, `client.call('oldId', ...)`, a `/functions` export): its id and params. */
  private operationCall(node: ts.CallExpression): void {
    if (!this.names.anyCalls) return;
    const callee = node.expression;
    // client.call('oldId', ...)
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'call') {
      const target = this.lookup.clientOf(callee.expression);
      const first = node.arguments[0];
      if (target && first && ts.isStringLiteralLike(first)) {
        let id = first.text;
        if (!target.next.operations[id]) {
          const to = target.renames.operations.get(id)?.to.id;
          if (to) {
            this.edit(first, quoted(first, to));
            id = to;
          }
        }
        if (target.next.operations[id]) this.params(node.arguments[1], target, id);
        return;
      }
    }
    const op = this.lookup.operationOfCall(node);
    if (op) this.params(node.arguments[op.paramsIndex], op.target, op.id);
  }

  /** A params object: renamed keys, and renamed enum values in what they hold. */
  private params(argument: ts.Expression | undefined, target: MigrationTarget, id: string): void {
    const object = this.objectLiteral(argument);
    if (!object) return;
    const op = target.next.operations[id];
    if (!op) return;
    const keys = target.renames.params.get(id);
    for (const property of object.properties) {
      if (ts.isShorthandPropertyAssignment(property)) {
        const to = op.params[property.name.text] ? undefined : keys?.get(property.name.text);
        if (to) this.edit(property, `${propertyKey(to, undefined)}: ${property.name.text}`);
        continue;
      }
      if (!ts.isPropertyAssignment(property)) continue;
      const name = property.name;
      if (!ts.isIdentifier(name) && !ts.isStringLiteralLike(name)) continue;
      let key = name.text;
      const to = op.params[key] ? undefined : keys?.get(key);
      if (to) {
        this.edit(name, propertyKey(to, ts.isStringLiteralLike(name) ? name : undefined));
        key = to;
      }
      const param = op.params[key];
      if (param) this.enumValues(property.initializer, param.type, target);
    }
  }

  /** The object literal a params argument is, or the one a local `const` it names was initialised with. */
  private objectLiteral(argument: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
    if (!argument) return undefined;
    if (ts.isObjectLiteralExpression(argument)) return argument;
    if (
      ts.isAsExpression(argument) ||
      ts.isSatisfiesExpression(argument) ||
      ts.isParenthesizedExpression(argument)
    )
      return this.objectLiteral(argument.expression);
    if (!ts.isIdentifier(argument)) return undefined;
    const declaration = this.checker.getSymbolAtLocation(argument)?.valueDeclaration;
    if (
      !declaration ||
      !ts.isVariableDeclaration(declaration) ||
      declaration.type ||
      !declaration.initializer
    )
      return undefined;
    if (declaration.getSourceFile() !== argument.getSourceFile() || ts.isIdentifier(declaration.initializer))
      return undefined;
    return this.objectLiteral(declaration.initializer);
  }

  /** Enum values the new package renamed, where a params value holds them (`'tweet.fields': ['retweet_count']`). */
  private enumValues(value: ts.Expression, shape: Shape, target: MigrationTarget): void {
    const allowed = enumOf(shape, target);
    if (!allowed) return;
    const values = ts.isArrayLiteralExpression(value) ? value.elements : [value];
    for (const element of values) {
      if (!ts.isStringLiteralLike(element) || allowed.has(element.text)) continue;
      const candidates = [...(target.renames.enumValues.get(element.text) ?? [])].filter((v) =>
        allowed.has(v),
      );
      if (candidates.length === 1) this.edit(element, quoted(element, candidates[0] as string));
    }
  }

  /** A string literal whose contextual type is an enum of a package (a union of string literals) that lacks its value. */
  private enumLiteral(node: ts.StringLiteral): void {
    const parent = node.parent;
    if (
      ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      (ts.isPropertyAssignment(parent) && parent.name === node)
    )
      return;
    if (ts.isLiteralTypeNode(parent) || ts.isExternalModuleReference(parent)) return;
    if (!this.names.values.has(node.text)) return;
    const contextual = this.checker.getContextualType(node);
    if (!contextual) return;
    const target =
      this.lookup.targetOfDeclarations(contextual.aliasSymbol) ??
      this.lookup.targetOfDeclarations(contextual.getSymbol());
    if (!target || !contextual.isUnion()) return;
    const values = new Set(
      contextual.types.filter((t) => t.isStringLiteral()).map((t) => (t as ts.StringLiteralType).value),
    );
    if (values.size === 0 || values.has(node.text)) return;
    const candidates = [...(target.renames.enumValues.get(node.text) ?? [])].filter((v) => values.has(v));
    if (candidates.length === 1) this.edit(node, quoted(node, candidates[0] as string));
  }
}

/**
 * The names a rule can rewrite, from every target's renames: a node naming none of them needs no
 * question to the checker (each question re-checks what the type check did not keep, and on a large
 * consumer asking it of every property read costs as much as the type check itself).
 */
interface RenamedNames {
  /** Property names `memberAccess` may rewrite: old fields, groups and methods of moved operations, old exports. */
  member: Set<string>;
  /** Old field names (`renames.fields`). */
  fields: Set<string>;
  /** Old exported type and `/functions` names. */
  exports: Set<string>;
  /** Old enum values. */
  values: Set<string>;
  /** Whether a params object can change: a params key or an enum value renamed. */
  anyParams: boolean;
  /** Whether a call can change: an operation, a params key or an enum value renamed. */
  anyCalls: boolean;
}

function renamedNames(targets: readonly MigrationTarget[]): RenamedNames {
  const out: RenamedNames = {
    member: new Set(),
    fields: new Set(),
    exports: new Set(),
    values: new Set(),
    anyParams: false,
    anyCalls: false,
  };
  for (const target of targets) {
    const { renames } = target;
    for (const name of renames.fields.keys()) out.fields.add(name);
    for (const name of [...renames.types.keys(), ...renames.functions.keys()]) out.exports.add(name);
    for (const value of renames.enumValues.keys()) out.values.add(value);
    for (const [id, { from }] of renames.operations) {
      out.member.add(from.group).add(from.method);
      const old = target.old.operations[id];
      if (old) out.member.add(old.group).add(old.method);
    }
    // A group all of whose operations moved to another (`client.tweets` -> `client.posts`): by where
    // each went. An operation removed moves nothing (it keeps its group from being renamed).
    for (const [id, op] of Object.entries(target.old.operations)) {
      const now = target.next.operations[renames.operations.get(id)?.to.id ?? id];
      if (now && now.group !== op.group) out.member.add(op.group);
    }
    const params = [...renames.params.values()].some((keys) => keys.size > 0);
    if (params || renames.enumValues.size > 0) out.anyParams = true;
    if (out.anyParams || renames.operations.size > 0) out.anyCalls = true;
  }
  for (const name of [...out.fields, ...out.exports]) out.member.add(name);
  return out;
}

/** The values of an enum a params value takes (itself, or the items of an array), in the new snapshot. */
function enumOf(shape: Shape, target: MigrationTarget, depth = 0): Set<string> | undefined {
  if (depth > 8) return undefined;
  if ('ref' in shape) {
    const named = target.next.types[shape.ref]?.shape;
    return named ? enumOf(named, target, depth + 1) : undefined;
  }
  if (shape.kind === 'array') return enumOf(shape.items, target, depth + 1);
  if ('enum' in shape && shape.enum)
    return new Set(shape.enum.filter((v): v is string => typeof v === 'string'));
  return undefined;
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isIdentifier(name.left) ? name.left : leftmost(name.left);
}

/** A string literal's text with another value, in the same quotes. */
function quoted(node: ts.StringLiteralLike, value: string): string {
  const text = node.getText();
  const quote = text.charAt(0);
  if (quote === '`') return `\`${value.replace(/[`\\$]/g, (c) => `\\${c}`)}\``;
  return `${quote}${value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`;
}

/** An object key for a params key: bare when it can be, else quoted like `like` (single quotes by default). */
function propertyKey(key: string, like: ts.StringLiteralLike | undefined): string {
  if (like) return quoted(like, key);
  return isIdentifier(key) ? key : `'${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
