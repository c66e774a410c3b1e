import type ts from 'typescript';
import { typescript } from './libraries.ts';

/**
 * Gives every schema of openapi-typescript's `components` a top-level declaration of its own name:
 * an interface for an object type, a type alias for anything else. References to
 * `components['schemas']['X']` become `X`, and the members of `components.schemas` name these
 * declarations. Editors and compiler messages then show `Tweet` and `TweetsLookupResponse` where
 * they showed `components["schemas"]["Tweet"]` or a 500-character object type.
 *
 * `readonlyArrays`: schemas (the params objects) whose top-level array properties become
 * `readonly T[]`, so a caller may pass an `as const` tuple or any readonly array.
 */
export function nameSchemas(nodes: readonly ts.Node[], readonlyArrays: ReadonlySet<string>): ts.Node[] {
  const components = nodes.find((n): n is ts.InterfaceDeclaration => typescript.isInterfaceDeclaration(n) && n.name.text === 'components');
  const schemasMember = components?.members.find((m): m is ts.PropertySignature => typescript.isPropertySignature(m) && memberText(m.name) === 'schemas');
  const literal = schemasMember?.type && typescript.isTypeLiteralNode(schemasMember.type) ? schemasMember.type : undefined;
  if (!components || !schemasMember || !literal) return [...nodes];
  const f = typescript.factory;
  // Names already declared at the top (schemas on a reference cycle, see `aliasCycles`).
  const declared = new Set(nodes.flatMap((n) => (typescript.isTypeAliasDeclaration(n) || typescript.isInterfaceDeclaration(n) ? [n.name.text] : [])));
  const exported = [f.createModifier(typescript.SyntaxKind.ExportKeyword)];
  const declarations: ts.Statement[] = [];
  const members = literal.members.map((member) => {
    if (!typescript.isPropertySignature(member) || !member.type) return member;
    const name = memberText(member.name);
    if (declared.has(name) || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return member;
    let type = byName(member.type);
    if (readonlyArrays.has(name)) type = readonlyTopLevelArrays(type);
    const declaration = typescript.isTypeLiteralNode(type)
      ? f.createInterfaceDeclaration(exported, name, undefined, undefined, type.members)
      : f.createTypeAliasDeclaration(exported, name, undefined, type);
    const comments = typescript.getSyntheticLeadingComments(member);
    if (comments) typescript.setSyntheticLeadingComments(declaration, comments);
    declarations.push(declaration);
    const reference = f.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, f.createTypeReferenceNode(name));
    typescript.setSyntheticLeadingComments(reference, undefined);
    return reference;
  });
  const newSchemas = f.updatePropertySignature(schemasMember, schemasMember.modifiers, schemasMember.name, schemasMember.questionToken, f.updateTypeLiteralNode(literal, f.createNodeArray(members)));
  const newComponents = f.updateInterfaceDeclaration(
    components,
    components.modifiers,
    components.name,
    components.typeParameters,
    components.heritageClauses,
    components.members.map((m) => (m === schemasMember ? newSchemas : m)),
  );
  return nodes.flatMap((n) => (n === components ? [newComponents, ...declarations] : [n.kind === typescript.SyntaxKind.TypeAliasDeclaration ? rename(n as ts.TypeAliasDeclaration) : n]));

  function rename(alias: ts.TypeAliasDeclaration): ts.TypeAliasDeclaration {
    return f.updateTypeAliasDeclaration(alias, alias.modifiers, alias.name, alias.typeParameters, byName(alias.type));
  }
}

/** The type with every `components['schemas']['X']` written `X`. */
function byName(type: ts.TypeNode): ts.TypeNode {
  const transformer: ts.TransformerFactory<ts.TypeNode> = (context) => (root) => {
    const visit = (node: ts.Node): ts.Node => {
      const name = schemaRefName(node);
      if (name !== undefined && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return typescript.factory.createTypeReferenceNode(name);
      return typescript.visitEachChild(node, visit, context);
    };
    return typescript.visitNode(root, visit) as ts.TypeNode;
  };
  return typescript.transform(type, [transformer]).transformed[0] ?? type;
}

/** A params object's array properties as `readonly T[]` (also inside `Body & { ... }`). */
function readonlyTopLevelArrays(type: ts.TypeNode): ts.TypeNode {
  const f = typescript.factory;
  const readonlyArray = (node: ts.TypeNode): ts.TypeNode => {
    if (typescript.isArrayTypeNode(node) || typescript.isTupleTypeNode(node)) return f.createTypeOperatorNode(typescript.SyntaxKind.ReadonlyKeyword, node);
    if (typescript.isUnionTypeNode(node)) return f.updateUnionTypeNode(node, f.createNodeArray(node.types.map(readonlyArray)));
    if (typescript.isParenthesizedTypeNode(node)) return f.updateParenthesizedType(node, readonlyArray(node.type));
    return node;
  };
  if (typescript.isTypeLiteralNode(type)) {
    return f.updateTypeLiteralNode(
      type,
      f.createNodeArray(
        type.members.map((m) => (typescript.isPropertySignature(m) && m.type ? f.updatePropertySignature(m, m.modifiers, m.name, m.questionToken, readonlyArray(m.type)) : m)),
      ),
    );
  }
  if (typescript.isIntersectionTypeNode(type)) return f.updateIntersectionTypeNode(type, f.createNodeArray(type.types.map(readonlyTopLevelArrays)));
  return type;
}

export function memberText(name: ts.PropertyName): string {
  return typescript.isIdentifier(name) || typescript.isStringLiteral(name) || typescript.isNumericLiteral(name) ? name.text : name.getText();
}

/** `X` when the node is `components['schemas']['X']`. */
export function schemaRefName(node: ts.Node): string | undefined {
  if (!typescript.isIndexedAccessTypeNode(node)) return undefined;
  const outer = node.objectType;
  if (!typescript.isIndexedAccessTypeNode(outer)) return undefined;
  const root = outer.objectType;
  if (!typescript.isTypeReferenceNode(root) || !typescript.isIdentifier(root.typeName) || root.typeName.text !== 'components') return undefined;
  const section = literalText(outer.indexType);
  return section === 'schemas' ? literalText(node.indexType) : undefined;
}

export function literalText(node: ts.TypeNode): string | undefined {
  return typescript.isLiteralTypeNode(node) && typescript.isStringLiteral(node.literal) ? node.literal.text : undefined;
}
