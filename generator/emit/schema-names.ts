import type ts from 'typescript';
import { typescript } from './libraries.ts';
import {
  exportModifiers,
  findSchemas,
  memberText,
  referByName,
  referToDeclaration,
  replaceSchemas,
} from './schema-ast.ts';

/**
 * Gives every schema of openapi-typescript's `components` a top-level declaration of its own name:
 * an interface for an object type, a type alias for anything else. References to
 * `components['schemas']['X']` become `X`, and the members of `components.schemas` name these
 * declarations. Editors and compiler messages then show `Tweet` and `TweetsLookupResponse` where
 * they showed `components["schemas"]["Tweet"]` or a 500-character object type.
 *
 * `readonlyArrays`: schemas (the params objects) whose top-level array properties become
 * `readonly T[]`, so a caller may pass an `as const` tuple or any readonly array.
 *
 * `declaredElsewhere`: schemas another module declares (the closed enums of `enums.ts`): their
 * member names the imported type and no declaration is made here. `unnamed`: schemas that get no
 * top-level name (open enums, whose read side admits any string while `enums.ts` declares the
 * listed values): references keep `components['schemas']['X']`.
 */
export function nameSchemas(
  nodes: readonly ts.Node[],
  readonlyArrays: ReadonlySet<string>,
  declaredElsewhere: ReadonlySet<string> = new Set(),
  unnamed: ReadonlySet<string> = new Set(),
): ts.Node[] {
  const found = findSchemas(nodes);
  if (!found) return [...nodes];
  const f = typescript.factory;
  const byName = (type: ts.TypeNode): ts.TypeNode =>
    referByName(type, (name) => IDENTIFIER.test(name) && !unnamed.has(name));
  // Names already declared at the top (schemas on a reference cycle, see `aliasCycles`).
  const declared = new Set(
    nodes.flatMap((n) =>
      typescript.isTypeAliasDeclaration(n) || typescript.isInterfaceDeclaration(n) ? [n.name.text] : [],
    ),
  );
  const declarations: ts.Statement[] = [];
  const members = found.literal.members.map((member) => {
    if (!typescript.isPropertySignature(member) || !member.type) return member;
    const name = memberText(member.name);
    if (declared.has(name) || unnamed.has(name) || !IDENTIFIER.test(name)) return member;
    if (declaredElsewhere.has(name)) return referToDeclaration(member, name);
    let type = byName(member.type);
    if (readonlyArrays.has(name)) type = readonlyTopLevelArrays(type);
    const declaration = typescript.isTypeLiteralNode(type)
      ? f.createInterfaceDeclaration(exportModifiers(), name, undefined, undefined, type.members)
      : f.createTypeAliasDeclaration(exportModifiers(), name, undefined, type);
    const comments = typescript.getSyntheticLeadingComments(member);
    if (comments) typescript.setSyntheticLeadingComments(declaration, comments);
    declarations.push(declaration);
    const reference = referToDeclaration(member, name);
    typescript.setSyntheticLeadingComments(reference, undefined);
    return reference;
  });
  // The aliases already at the top (schemas on a cycle) refer by name too.
  const renamed = nodes.map((n) =>
    typescript.isTypeAliasDeclaration(n)
      ? f.updateTypeAliasDeclaration(n, n.modifiers, n.name, n.typeParameters, byName(n.type))
      : n,
  );
  return replaceSchemas(renamed, found, members, declarations);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A params object's array properties as `readonly T[]` (also inside `Body & { ... }`). */
function readonlyTopLevelArrays(type: ts.TypeNode): ts.TypeNode {
  const f = typescript.factory;
  const readonlyArray = (node: ts.TypeNode): ts.TypeNode => {
    if (typescript.isArrayTypeNode(node) || typescript.isTupleTypeNode(node))
      return f.createTypeOperatorNode(typescript.SyntaxKind.ReadonlyKeyword, node);
    if (typescript.isUnionTypeNode(node))
      return f.updateUnionTypeNode(node, f.createNodeArray(node.types.map(readonlyArray)));
    if (typescript.isParenthesizedTypeNode(node))
      return f.updateParenthesizedType(node, readonlyArray(node.type));
    return node;
  };
  if (typescript.isTypeLiteralNode(type)) {
    return f.updateTypeLiteralNode(
      type,
      f.createNodeArray(
        type.members.map((m) =>
          typescript.isPropertySignature(m) && m.type
            ? f.updatePropertySignature(m, m.modifiers, m.name, m.questionToken, readonlyArray(m.type))
            : m,
        ),
      ),
    );
  }
  if (typescript.isIntersectionTypeNode(type))
    return f.updateIntersectionTypeNode(type, f.createNodeArray(type.types.map(readonlyTopLevelArrays)));
  return type;
}
