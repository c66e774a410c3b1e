import type ts from 'typescript';
import { openapiTS, typescript } from './libraries.ts';
import {
  deprecationText,
  isFalseSchema,
  SCHEMA_KEYS,
  SCHEMA_LIST_KEYS,
  SCHEMA_MAP_KEYS,
} from '../model/schemas.ts';
import type { ApiModel, JsonSchema } from '../model/types.ts';
import {
  exportModifiers,
  findSchemas,
  memberText,
  propertyName,
  referByName,
  referToDeclaration,
  replaceSchemas,
  schemaRefName,
} from './schema-ast.ts';
import { plainDocs } from './schema-docs.ts';
import { nameSchemas } from './schema-names.ts';
import { printStatements, withoutEmptyRoots } from './schema-print.ts';
import { GENERATED_HEADER, OBJECT_MEMBERS, wrapText } from './source.ts';

/** The members TypeScript's `Object` interface declares (every object type has them). */
const TS_OBJECT_MEMBERS = new Set([
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
]);

const UNSPECIFIED_NOTE = 'Unspecified by the API: the shape is kept open and may hold more fields.';

/** What the schema types are made from: the part of the model sent to the thread that makes them. */
export type SchemaTypesInput = Pick<ApiModel, 'schemas' | 'enums' | 'title' | 'version' | 'hasMoney'>;

/**
 * `schemas.ts`: the `components` interface from openapi-typescript, fed a document made from the
 * model's named schemas (never the raw spec). Money fields become the branded `Micros` type.
 */
export function emitSchemaTypes(model: SchemaTypesInput, openapiVersion: '3.0' | '3.1'): string {
  const schemas: Record<string, JsonSchema> = {};
  for (const named of model.schemas)
    schemas[named.name] = annotate(named.schema, named.unspecified, named.origin);
  const document = {
    openapi: openapiVersion === '3.0' ? '3.0.3' : '3.1.0',
    info: { title: model.title, version: model.version },
    paths: {},
    components: { schemas },
  };
  const openEnum = openEnumType(model);
  const nodes = openapiTS(document as never, {
    silent: true,
    alphabetize: false,
    defaultNonNullable: false,
    // `type: object` with no properties is any object, not one that has none.
    emptyObjectsUnknown: true,
    postTransform: openEnum,
    transform(schema) {
      const node = schema as Record<string, unknown>;
      if (node['x-money'] === 'micros') return typescript.factory.createTypeReferenceNode('Micros');
      // `false` (written `{ not: {} }` in the model): no value is allowed, so `prop?: never`.
      if (isFalseSchema(node))
        return typescript.factory.createKeywordTypeNode(typescript.SyntaxKind.NeverKeyword);
      // File contents (multipart parts, octet-stream bodies) are bytes, not strings.
      if (node.format === 'binary' && (node.type === 'string' || node.type === undefined))
        return typescript.factory.createTypeReferenceNode('Blob');
      // An object that allows no property at all (`emptyObjectsUnknown` opens every other empty object).
      if (
        node.type === 'object' &&
        node.additionalProperties === false &&
        !node.properties &&
        !node.patternProperties &&
        !node.allOf &&
        !node.oneOf &&
        !node.anyOf
      ) {
        return typescript.factory.createTypeReferenceNode('Record', [
          typescript.factory.createKeywordTypeNode(typescript.SyntaxKind.StringKeyword),
          typescript.factory.createKeywordTypeNode(typescript.SyntaxKind.NeverKeyword),
        ]);
      }
      return undefined;
    },
    transformProperty(escaped) {
      const name = unescapeKey(memberText(escaped.name));
      const property =
        name === memberText(escaped.name)
          ? escaped
          : typescript.factory.updatePropertySignature(
              escaped,
              escaped.modifiers,
              propertyName(name),
              escaped.questionToken,
              escaped.type,
            );
      // An object without this (optional) property still has Object.prototype's member under the
      // name, and TypeScript checks every object literal against that: say so in the type.
      if (!property.questionToken || !property.type || !TS_OBJECT_MEMBERS.has(name)) return property;
      const inherited = typescript.factory.createIndexedAccessTypeNode(
        typescript.factory.createTypeReferenceNode('Object'),
        typescript.factory.createLiteralTypeNode(typescript.factory.createStringLiteral(name)),
      );
      return typescript.factory.updatePropertySignature(
        property,
        property.modifiers,
        property.name,
        property.questionToken,
        typescript.factory.createUnionTypeNode([property.type, inherited]),
      );
    },
  });
  const params = new Set(model.schemas.filter((s) => s.origin === 'params').map((s) => s.name));
  // A closed enum is declared once, in enums.ts (with its array of values): here it is imported.
  const closedEnums = model.enums.filter((e) => !e.open).map((e) => e.name);
  const openEnums = new Set(model.enums.filter((e) => e.open).map((e) => e.name));
  const schemaNodes = nameSchemas(
    aliasCycles(withoutEmptyRoots(nodes)),
    params,
    new Set(closedEnums),
    openEnums,
  );
  plainDocs(schemaNodes);
  const body = printStatements(schemaNodes);
  const enumList = closedEnums.sort((a, b) => a.localeCompare(b)).join(', ');
  const imports = [
    model.hasMoney ? "import type { Micros } from './runtime/money.js';\n" : '',
    // Imported only: `models.ts` passes this file's exports on whole, and `index.ts` exports the enums (values too) from `enums.ts`.
    closedEnums.length > 0 ? `import type { ${enumList} } from './enums.js';\n` : '',
  ].join('');
  return `/** ${GENERATED_HEADER} */\n\n${imports}${imports ? '\n' : ''}${body}\n`;
}

/**
 * The model's open enums admit any other string beside their values: `'a' | 'b' | string`. The
 * listed values stay in the source as documentation; to the compiler the type is `string`, which a
 * comparison or a `switch` narrows to the literal it was compared with (`string & {}` would keep
 * editor suggestions but never narrow).
 */
function openEnumType(
  model: SchemaTypesInput,
): (type: ts.TypeNode, options: { path?: string }) => ts.TypeNode | undefined {
  const paths = new Set(model.enums.filter((e) => e.open).map((e) => `#/components/schemas/${e.name}`));
  const f = typescript.factory;
  const anyString = f.createKeywordTypeNode(typescript.SyntaxKind.StringKeyword);
  return (type, options) => {
    if (options.path === undefined || !paths.has(options.path)) return undefined;
    return f.createUnionTypeNode([...(typescript.isUnionTypeNode(type) ? type.types : [type]), anyString]);
  };
}

/** What the doc comment of a schema hoisted from an operation says it is. */
const ORIGIN_NOTES: Partial<Record<string, string>> = {
  response: 'The body of a successful response.',
  body: 'A request body.',
};

/** Adds the doc notes the model decided on: unspecified shapes, where a hoisted schema comes from, and deprecations. */
function annotate(schema: JsonSchema, unspecified: boolean, origin: string | undefined): JsonSchema {
  const out = walk(schema);
  const notes = [
    out.description,
    unspecified && UNSPECIFIED_NOTE,
    origin !== undefined && ORIGIN_NOTES[origin],
  ].filter((n): n is string => typeof n === 'string' && n !== '');
  if (notes.length > 0) out.description = wrapText(notes.join('\n\n'));
  return out;
}

function walk(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [escapeKey(k), isRecord(v) ? walk(v) : v]),
      );
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((k) => (typeof k === 'string' ? escapeKey(k) : k));
    } else if (SCHEMA_KEYS.has(key) && isRecord(value)) {
      out[key] = walk(value);
    } else if (SCHEMA_MAP_KEYS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isRecord(v) ? walk(v) : v]));
    } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
      out[key] = value.map((v) => (isRecord(v) ? walk(v) : v));
    } else out[key] = value;
  }
  const ext = out['x-deprecation'];
  if (ext && typeof ext === 'object') {
    const text = deprecationText(ext as Record<string, string>);
    out.description = [out.description, text].filter(Boolean).join('\n\n');
    out.deprecated = true;
  }
  if (out['x-unspecified'] === true && out !== schema) {
    out.description = [out.description, UNSPECIFIED_NOTE].filter(Boolean).join('\n\n');
  }
  if (typeof out.description === 'string') out.description = wrapText(out.description);
  return out;
}

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * openapi-typescript validates its input with Redocly, which looks property names up in plain
 * objects and so trips over `valueOf`, `toString` and the other Object.prototype names. Such
 * property names travel escaped and are restored on the way out (`transformProperty`).
 */
const ESCAPE = '__xgen_escaped__';

function escapeKey(key: string): string {
  return OBJECT_MEMBERS.has(key) ? `${ESCAPE}${key}` : key;
}

function unescapeKey(key: string): string {
  return key.startsWith(ESCAPE) ? key.slice(ESCAPE.length) : key;
}

/**
 * TypeScript cannot resolve `components['schemas']['X']` inside X's own type unless an object
 * type stands between (`X: string | components['schemas']['X'][]` is an error; a property of
 * type X[] is fine). Schemas on such a cycle (JSON values, arrays of themselves, unions that
 * recurse through arrays) become top-level type aliases, which may recurse, and their member of
 * `components` names the alias. Every other schema is left as openapi-typescript wrote it.
 */
function aliasCycles(nodes: readonly ts.Node[]): ts.Node[] {
  const found = findSchemas(nodes);
  if (!found) return [...nodes];
  const members = found.literal.members.filter(
    (m): m is ts.PropertySignature => typescript.isPropertySignature(m) && m.type !== undefined,
  );
  const edges = new Map<string, Set<string>>();
  for (const member of members) {
    const refs = new Set<string>();
    const visit = (node: ts.Node): void => {
      const name = schemaRefName(node);
      if (name !== undefined) refs.add(name);
      // Inside an object type, references are resolved lazily: no cycle can form through one.
      else if (!typescript.isTypeLiteralNode(node)) typescript.forEachChild(node, visit);
    };
    if (member.type) visit(member.type);
    edges.set(memberText(member.name), refs);
  }
  const cyclic = cyclicNodes(edges);
  if (cyclic.size === 0) return [...nodes];
  const aliases: ts.TypeAliasDeclaration[] = [];
  const newMembers = found.literal.members.map((member) => {
    if (!typescript.isPropertySignature(member) || !member.type || !cyclic.has(memberText(member.name)))
      return member;
    const name = memberText(member.name);
    aliases.push(
      typescript.factory.createTypeAliasDeclaration(
        exportModifiers(),
        name,
        undefined,
        referByName(member.type, (n) => cyclic.has(n)),
      ),
    );
    return referToDeclaration(member, name);
  });
  return replaceSchemas(nodes, found, newMembers, aliases);
}

/** The nodes that lie on a cycle of the graph (Tarjan's strongly connected components). */
function cyclicNodes(edges: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out = new Set<string>();
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v)?.has(v)) for (const c of component) out.add(c);
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  return out;
}
