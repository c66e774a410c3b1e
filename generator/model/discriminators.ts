import { isObject } from '../load/index.ts';
import { refName, type SchemaRegistry } from './schemas.ts';
import type { JsonSchema } from './types.ts';

/**
 * Makes every discriminated union of the spec explicit, whichever form OpenAPI allows it in, so that
 * each is a TypeScript union narrowed by its tag:
 * - a `oneOf`/`anyOf` with a discriminator: its mapping is completed with the implicit values, each
 *   member's schema name as the spec writes it (the model may have recased it: `Oauth1Problem`);
 * - a base schema with a discriminator whose children are `allOf: [$ref Base, …]` (X's `Problem`,
 *   `Media`): the base keeps its shape (field selection and `$ref`s read it as an object), and a
 *   union of its children is added beside it, `<Base>Union` (the base's discriminator tells them
 *   apart); returned by base name;
 * - X's `propertyName: '../event_type'`: the tag is a sibling of the property that holds the union,
 *   so the object holding both becomes a union of that object by tag value (`event_type:
 *   'post.create'` with a `Post` payload); the union itself loses the discriminator, which names no
 *   property of its members.
 * Runs on the components before anything reads them.
 */
export function explicitDiscriminators(registry: SchemaRegistry): Map<string, string> {
  const unions = new Map<string, string>();
  const schemas = registry.all();
  const childrenOf = (base: string): string[] =>
    schemas
      .filter(
        (s) =>
          Array.isArray(s.schema.allOf) &&
          s.schema.allOf.some((part) => isObject(part) && part.$ref === ref(base)),
      )
      .map((s) => s.name);
  for (const named of schemas) {
    const discriminator = named.schema.discriminator;
    if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string') continue;
    const listed = memberRefs(named.schema);
    const members = listed ?? childrenOf(named.name);
    if (members.length === 0) continue;
    const mapping = completeMapping(discriminator.mapping, members, registry);
    if (discriminator.propertyName.startsWith('../')) {
      const { discriminator: _relative, ...rest } = named.schema;
      named.schema = rest;
      tagParents(registry, named.name, discriminator.propertyName.slice(3), mapping);
      continue;
    }
    named.schema = { ...named.schema, discriminator: { ...discriminator, mapping } };
    if (listed) continue;
    // The children in mapping order (a child mapped by several values once), then any other child.
    const order = [...new Set([...Object.values(mapping).map(refName), ...members])].filter((m) =>
      members.includes(m),
    );
    // No discriminator of its own: the children already carry their tag values through the base's.
    const description = unionDescription(named.name, discriminator.propertyName);
    const name = registry.hoist(
      `${named.name}Union`,
      { description, oneOf: order.map((m) => ({ $ref: ref(m) })) },
      'inline',
      description,
    );
    unions.set(named.name, name);
  }
  return unions;
}

function ref(name: string): string {
  return `#/components/schemas/${name}`;
}

function unionDescription(base: string, property: string): string {
  return `One of the kinds of \`${base}\`, told apart by \`${property}\`.`;
}

/** The schema names a `oneOf` (or `anyOf`) lists by `$ref`, or undefined when it has neither. */
function memberRefs(schema: JsonSchema): string[] | undefined {
  const list = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (!list) return undefined;
  return list.flatMap((m) => (isObject(m) && typeof m.$ref === 'string' ? [refName(m.$ref)] : []));
}

/** The stated mapping, with each member it leaves out mapped by its schema name as the spec writes it. */
function completeMapping(
  stated: unknown,
  members: string[],
  registry: SchemaRegistry,
): Record<string, string> {
  const mapping: Record<string, string> = {};
  if (isObject(stated))
    for (const [value, target] of Object.entries(stated))
      if (typeof target === 'string') mapping[value] = target;
  const mapped = new Set(Object.values(mapping).map(refName));
  for (const member of members) if (!mapped.has(member)) mapping[registry.specKey(member)] = ref(member);
  return mapping;
}

/**
 * Every object (a named schema or one inside it) with a property `$ref`-ing `union` and a sibling
 * property `tag` becomes a `oneOf` of that object per member: `tag` holds the values that map to
 * the member, the property holds the member.
 */
function tagParents(
  registry: SchemaRegistry,
  union: string,
  tag: string,
  mapping: Record<string, string>,
): void {
  const valuesByMember = new Map<string, string[]>();
  for (const [value, target] of Object.entries(mapping))
    valuesByMember.set(refName(target), [...(valuesByMember.get(refName(target)) ?? []), value]);
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isObject(node)) return node;
    const out = Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : rewrite(v),
      ]),
    ) as JsonSchema;
    const properties = isObject(out.properties) ? (out.properties as Record<string, JsonSchema>) : undefined;
    if (!properties || !isObject(properties[tag])) return out;
    const holder = Object.keys(properties).find(
      (key) => isObject(properties[key]) && properties[key].$ref === ref(union),
    );
    if (holder === undefined) return out;
    const { description, title, ...shape } = out;
    const variants = [...valuesByMember].map(([member, values]) => ({
      ...shape,
      properties: {
        ...properties,
        [tag]: { ...properties[tag], ...(values.length === 1 ? { const: values[0] } : { enum: values }) },
        [holder]: { ...properties[holder], $ref: ref(member) },
      },
    }));
    return {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      oneOf: variants,
    };
  };
  for (const named of registry.all()) {
    if (named.name === union) continue;
    named.schema = rewrite(named.schema) as JsonSchema;
  }
}
