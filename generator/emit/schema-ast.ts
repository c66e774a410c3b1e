import type ts from 'typescript';
import { typescript } from './libraries.ts';

/*
 * The TypeScript factory, in the one place the schema types need it: openapi-typescript's output
 * is a list of TypeScript nodes, and the passes of schema-types.ts (aliasing schemas on a cycle,
 * naming every schema) rewrite its `components['schemas']` the same way, through these.
 */

/** openapi-typescript's `components` interface and its `schemas` member's type literal. */
export interface SchemasLiteral {
  components: ts.InterfaceDeclaration;
  member: ts.PropertySignature;
  literal: ts.TypeLiteralNode;
}

/** Where the schemas are in openapi-typescript's nodes, or undefined when there are none. */
export function findSchemas(nodes: readonly ts.Node[]): SchemasLiteral | undefined {
  const components = nodes.find(
    (n): n is ts.InterfaceDeclaration => typescript.isInterfaceDeclaration(n) && n.name.text === 'components',
  );
  const member = components?.members.find(
    (m): m is ts.PropertySignature => typescript.isPropertySignature(m) && memberText(m.name) === 'schemas',
  );
  const literal = member?.type && typescript.isTypeLiteralNode(member.type) ? member.type : undefined;
  return components && member && literal ? { components, member, literal } : undefined;
}

/** The nodes with the schemas' members replaced, and `declarations` placed right after `components`. */
export function replaceSchemas(
  nodes: readonly ts.Node[],
  found: SchemasLiteral,
  members: readonly ts.TypeElement[],
  declarations: readonly ts.Statement[],
): ts.Node[] {
  const f = typescript.factory;
  const { components, member, literal } = found;
  const schemas = f.updatePropertySignature(
    member,
    member.modifiers,
    member.name,
    member.questionToken,
    f.updateTypeLiteralNode(literal, f.createNodeArray(members)),
  );
  const updated = f.updateInterfaceDeclaration(
    components,
    components.modifiers,
    components.name,
    components.typeParameters,
    components.heritageClauses,
    components.members.map((m) => (m === member ? schemas : m)),
  );
  return nodes.flatMap((n) => (n === components ? [updated, ...declarations] : [n]));
}

/** A schema's member pointed at its top-level declaration: `X: X`. */
export function referToDeclaration(member: ts.PropertySignature, name: string): ts.PropertySignature {
  return typescript.factory.updatePropertySignature(
    member,
    member.modifiers,
    member.name,
    member.questionToken,
    typescript.factory.createTypeReferenceNode(name),
  );
}

/** The type with each `components['schemas']['X']` for which `named(X)` holds written `X`. */
export function referByName(type: ts.TypeNode, named: (name: string) => boolean): ts.TypeNode {
  // No transformation context (TypeScript's null one): type nodes need none of what
  // `typescript.transform` sets up anew for every call.
  const visit = (node: ts.Node): ts.Node => {
    const name = schemaRefName(node);
    if (name !== undefined && named(name)) return typescript.factory.createTypeReferenceNode(name);
    return typescript.visitEachChild(node, visit, undefined);
  };
  return visit(type) as ts.TypeNode;
}

/** `export` */
export function exportModifiers(): ts.ModifierLike[] {
  return [typescript.factory.createModifier(typescript.SyntaxKind.ExportKeyword)];
}

export function memberText(name: ts.PropertyName): string {
  return typescript.isIdentifier(name) ||
    typescript.isStringLiteral(name) ||
    typescript.isNumericLiteral(name)
    ? name.text
    : name.getText();
}

/** `X` when the node is `components['schemas']['X']`. */
export function schemaRefName(node: ts.Node): string | undefined {
  if (!typescript.isIndexedAccessTypeNode(node)) return undefined;
  const outer = node.objectType;
  if (!typescript.isIndexedAccessTypeNode(outer)) return undefined;
  const root = outer.objectType;
  if (
    !typescript.isTypeReferenceNode(root) ||
    !typescript.isIdentifier(root.typeName) ||
    root.typeName.text !== 'components'
  )
    return undefined;
  const section = literalText(outer.indexType);
  return section === 'schemas' ? literalText(node.indexType) : undefined;
}

function literalText(node: ts.TypeNode): string | undefined {
  return typescript.isLiteralTypeNode(node) && typescript.isStringLiteral(node.literal)
    ? node.literal.text
    : undefined;
}

/** A property name: bare when it is an identifier, quoted otherwise. */
export function propertyName(name: string): ts.PropertyName {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)
    ? typescript.factory.createIdentifier(name)
    : typescript.factory.createStringLiteral(name);
}
