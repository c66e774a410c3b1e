import ts from 'typescript';

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
  const components = nodes.find((n): n is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(n) && n.name.text === 'components');
  const schemasMember = components?.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && memberText(m.name) === 'schemas');
  const literal = schemasMember?.type && ts.isTypeLiteralNode(schemasMember.type) ? schemasMember.type : undefined;
  if (!components || !schemasMember || !literal) return [...nodes];
  const f = ts.factory;
  // Names already declared at the top (schemas on a reference cycle, see `aliasCycles`).
  const declared = new Set(nodes.flatMap((n) => (ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n) ? [n.name.text] : [])));
  const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
  const declarations: ts.Statement[] = [];
  const members = literal.members.map((member) => {
    if (!ts.isPropertySignature(member) || !member.type) return member;
    const name = memberText(member.name);
    if (declared.has(name) || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return member;
    let type = byName(member.type);
    if (readonlyArrays.has(name)) type = readonlyTopLevelArrays(type);
    const declaration = ts.isTypeLiteralNode(type)
      ? f.createInterfaceDeclaration(exported, name, undefined, undefined, type.members)
      : f.createTypeAliasDeclaration(exported, name, undefined, type);
    const comments = ts.getSyntheticLeadingComments(member);
    if (comments) ts.setSyntheticLeadingComments(declaration, comments);
    declarations.push(declaration);
    const reference = f.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, f.createTypeReferenceNode(name));
    ts.setSyntheticLeadingComments(reference, undefined);
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
  return nodes.flatMap((n) => (n === components ? [newComponents, ...declarations] : [n.kind === ts.SyntaxKind.TypeAliasDeclaration ? rename(n as ts.TypeAliasDeclaration) : n]));

  function rename(alias: ts.TypeAliasDeclaration): ts.TypeAliasDeclaration {
    return f.updateTypeAliasDeclaration(alias, alias.modifiers, alias.name, alias.typeParameters, byName(alias.type));
  }
}

/** The type with every `components['schemas']['X']` written `X`. */
function byName(type: ts.TypeNode): ts.TypeNode {
  const transformer: ts.TransformerFactory<ts.TypeNode> = (context) => (root) => {
    const visit = (node: ts.Node): ts.Node => {
      const name = schemaRefName(node);
      if (name !== undefined && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return ts.factory.createTypeReferenceNode(name);
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(root, visit) as ts.TypeNode;
  };
  return ts.transform(type, [transformer]).transformed[0] ?? type;
}

/** A params object's array properties as `readonly T[]` (also inside `Body & { ... }`). */
function readonlyTopLevelArrays(type: ts.TypeNode): ts.TypeNode {
  const f = ts.factory;
  const readonlyArray = (node: ts.TypeNode): ts.TypeNode => {
    if (ts.isArrayTypeNode(node) || ts.isTupleTypeNode(node)) return f.createTypeOperatorNode(ts.SyntaxKind.ReadonlyKeyword, node);
    if (ts.isUnionTypeNode(node)) return f.updateUnionTypeNode(node, f.createNodeArray(node.types.map(readonlyArray)));
    if (ts.isParenthesizedTypeNode(node)) return f.updateParenthesizedType(node, readonlyArray(node.type));
    return node;
  };
  if (ts.isTypeLiteralNode(type)) {
    return f.updateTypeLiteralNode(
      type,
      f.createNodeArray(
        type.members.map((m) => (ts.isPropertySignature(m) && m.type ? f.updatePropertySignature(m, m.modifiers, m.name, m.questionToken, readonlyArray(m.type)) : m)),
      ),
    );
  }
  if (ts.isIntersectionTypeNode(type)) return f.updateIntersectionTypeNode(type, f.createNodeArray(type.types.map(readonlyTopLevelArrays)));
  return type;
}

function memberText(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

/** `X` when the node is `components['schemas']['X']`. */
function schemaRefName(node: ts.Node): string | undefined {
  if (!ts.isIndexedAccessTypeNode(node)) return undefined;
  const outer = node.objectType;
  if (!ts.isIndexedAccessTypeNode(outer)) return undefined;
  const root = outer.objectType;
  if (!ts.isTypeReferenceNode(root) || !ts.isIdentifier(root.typeName) || root.typeName.text !== 'components') return undefined;
  const section = literalText(outer.indexType);
  return section === 'schemas' ? literalText(node.indexType) : undefined;
}

function literalText(node: ts.TypeNode): string | undefined {
  return ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;
}
