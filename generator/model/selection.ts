import { type DocumentSet, isObject } from '../load/index.ts';
import { pascalCase, shadowsGlobalType, typeName } from './names.ts';
import { inferFieldSelection } from './selection-inference.ts';
import { fieldType, fieldValues, propertiesOf } from './selection-schema.ts';
import { refName, type SchemaRegistry } from './schemas.ts';
import type {
  JsonSchema,
  NarrowedMember,
  NarrowingTypeParameter,
  OperationModel,
  SelectionModel,
} from './types.ts';

type ReadOperation = Omit<OperationModel, 'methodName' | 'group' | 'functionName' | 'resultTypes'>;

/**
 * Decides what field selection means for types (seed 2.10): for each object a `*.fields` parameter
 * selects (`x-field-selection`), a generic selection type with its defaults and the fields that
 * stay optional when asked (`x-sometimes-absent`); and for each operation whose result holds such
 * objects (`data`, or `includes` members that its `x-expansions` can fill), where they are.
 * Where the spec does not state it, the pairing is inferred (selection-inference.ts).
 * Sets `narrowing` on those operations; returns the selections, shared between operations.
 */
export function readSelections(
  operations: ReadOperation[],
  registry: SchemaRegistry,
  docs: DocumentSet,
): SelectionModel[] {
  const selections: SelectionModel[] = [];
  const byKey = new Map<string, SelectionModel>();
  for (const op of operations) {
    if (op.browserStep || op.success.encoding !== 'json') continue;
    const inferred = inferFieldSelection(op, registry, docs);
    // Object schema name -> the selection that applies to it in this operation.
    const chosen = new Map<string, { name: string; param: string }>();
    const inferredParams = new Set<string>();
    for (const entry of [...op.fieldSelection, ...inferred.entries]) {
      const object = registry.get(typeName(entry.object));
      const properties = object && propertiesOf(object.schema);
      const param =
        op.params.find((p) => p.name === entry.param && p.in === 'query') ??
        op.params.find((p) => p.name === entry.param);
      if (!object || !properties || !param || chosen.has(object.name)) continue;
      const field = fieldType(param.checks);
      const names = Object.keys(properties);
      const selectable = fieldValues(field, registry);
      const required = Array.isArray(object.schema.required) ? object.schema.required : [];
      // A property the parameter cannot name is outside the mechanism: one the schema requires is
      // always there (a default in all but name), any other may come back or not, whatever is asked.
      const unnamed = selectable
        ? names.filter((n) => !selectable.has(n) && !entry.defaults.includes(n))
        : [];
      const defaults = [
        ...entry.defaults.filter((d) => d in properties),
        ...unnamed.filter((n) => required.includes(n)),
      ];
      const unselectable = unnamed.filter((n) => !required.includes(n));
      const defaultsUnknown = entry.inferred?.defaultsKnown === false;
      const key = JSON.stringify([
        object.name,
        entry.param,
        defaults,
        field,
        defaultsUnknown,
        entry.inferred !== undefined,
      ]);
      let selection = byKey.get(key);
      if (!selection) {
        const asked = names.filter((n) => !unselectable.includes(n));
        // A default field is always returned, so it is never one the API may leave out.
        const sometimesAbsent = asked.filter(
          (n) =>
            !defaults.includes(n) && isObject(properties[n]) && properties[n]['x-sometimes-absent'] === true,
        );
        selection = {
          name: registry.claimName(`${object.name}Selection`),
          object: object.name,
          param: entry.param,
          field,
          defaults,
          sometimesAbsent,
          unselectable,
          // Precomputed so that the selection types intersect unions instead of filtering each request's keys.
          presentWhenAsked: asked.filter((n) => !sometimesAbsent.includes(n)),
          nonDefaults: asked.filter((n) => !defaults.includes(n)),
          ...(defaultsUnknown ? { defaultsUnknown } : {}),
          ...(entry.inferred ? { inferred: true } : {}),
        };
        byKey.set(key, selection);
        selections.push(selection);
      }
      chosen.set(object.name, { name: selection.name, param: param.key });
      if (entry.inferred) inferredParams.add(param.key);
    }
    const members =
      chosen.size > 0
        ? narrowedMembers(op.success.typeName, chosen, includesKeys(op) ?? inferred.includes, registry, 0)
        : [];
    members.push(...flaggedMembers(op, registry));
    if (members.length === 0) continue;
    const base = pascalCase(op.id);
    const name = registry.isTaken(`${base}Response`)
      ? registry.claimName(`${base}Result`)
      : registry.claimName(`${base}Response`);
    const used = new Set(members.flatMap(paramsOfMember));
    const inferredFrom = [...inferredParams].filter((p) => used.has(p));
    const paramsTypeName = registry.claimName(`${op.paramsType}Of`);
    const pageTypeName =
      op.pagination && pageExtendsBody(op, members, registry) ? registry.claimName(`${base}Page`) : undefined;
    op.narrowing = {
      typeName: name,
      body: op.success.typeName,
      members,
      paramsTypeName,
      typeParameters: typeParameters(members, registry),
      ...(pageTypeName ? { pageTypeName } : {}),
      ...(inferredFrom.length > 0 ? { inferredFrom } : {}),
    };
  }
  return selections;
}

/** The members a page adds to its body (the runtime's `PageMembers`, templates/runtime/pagination.ts). */
export const PAGE_MEMBERS: readonly string[] = [
  'items',
  'nextToken',
  'previousToken',
  'rateLimit',
  'hasNextPage',
  'getNextPage',
  'getPreviousPage',
];

/**
 * Whether a page interface can extend the narrowed result: it is an interface (no flag), and the body
 * declares its properties plainly (no `allOf`, `oneOf`, `anyOf`) and none a page adds.
 */
function pageExtendsBody(
  op: ReadOperation,
  members: readonly NarrowedMember[],
  registry: SchemaRegistry,
): boolean {
  if (members.some((m) => m.flag)) return false;
  const body = registry.get(op.success.typeName)?.schema;
  if (!body || body.allOf !== undefined || body.oneOf !== undefined || body.anyOf !== undefined) return false;
  const properties = propertiesOf(body);
  return (
    properties !== undefined &&
    !PAGE_MEMBERS.some((m) => m in properties) &&
    !isObject(body.additionalProperties) &&
    body.additionalProperties !== true
  );
}

/**
 * One type parameter per parameter whose value decides the result, in the order the result's
 * members name them, each named after its parameter (`tweet.fields` -> `TweetFields`) unless a type
 * the declarations refer to has that name (a model's, or a global one it would hide).
 */
function typeParameters(
  members: readonly NarrowedMember[],
  registry: SchemaRegistry,
): NarrowingTypeParameter[] {
  const out: NarrowingTypeParameter[] = [];
  const visit = (list: readonly NarrowedMember[]): void => {
    for (const m of list) {
      const param = m.flag?.param ?? m.selection?.param;
      if (param !== undefined && !out.some((t) => t.param === param)) {
        const base = pascalCase(param);
        let name = base;
        for (
          let n = 2;
          registry.isTaken(name) || shadowsGlobalType(name) || out.some((t) => t.name === name);
          n++
        )
          name = `${base}${n}`;
        out.push({ param, name, kind: m.flag ? 'flag' : 'list' });
      }
      if (m.object) visit(m.object.members);
    }
  };
  visit(members);
  return out;
}

/**
 * Properties of the result that a boolean parameter adds when true (`x-adds-field` on the parameter,
 * the ads `with_total_count` adding `total_count`): present when it is `true`, absent when not sent.
 */
function flaggedMembers(op: ReadOperation, registry: SchemaRegistry): NarrowedMember[] {
  const body = registry.get(op.success.typeName)?.schema;
  const properties = body && propertiesOf(body);
  if (!properties) return [];
  const members: NarrowedMember[] = [];
  for (const param of op.params) {
    const field = param.schema['x-adds-field'];
    // A property the schema requires is always there, whatever the flag.
    const required = Array.isArray(body.required) && body.required.includes(field);
    if (typeof field !== 'string' || param.checks.type !== 'boolean' || !(field in properties) || required)
      continue;
    if (members.some((m) => m.property === field)) continue;
    members.push({ property: field, required: false, array: false, flag: { param: param.key } });
  }
  return members;
}

/** The `includes` keys the operation's `x-expansions` can fill; undefined when it has no such parameter. */
function includesKeys(op: ReadOperation): Set<string> | undefined {
  const map = op.params.map((p) => p.schema['x-expansions']).find(isObject);
  if (!map) return undefined;
  return new Set(
    Object.values(map).flatMap((v) => (isObject(v) && typeof v.includes === 'string' ? [v.includes] : [])),
  );
}

/**
 * The properties of a body that hold selected objects: an object or array of one directly, or
 * one level down in an object whose members expansions fill (X's `includes`).
 */
function narrowedMembers(
  bodyName: string,
  chosen: ReadonlyMap<string, { name: string; param: string }>,
  expandable: ReadonlySet<string> | undefined,
  registry: SchemaRegistry,
  depth: number,
): NarrowedMember[] {
  const body = registry.get(bodyName)?.schema;
  const properties = body && propertiesOf(body);
  if (!body || !properties) return [];
  const required = Array.isArray(body.required) ? body.required : [];
  const members: NarrowedMember[] = [];
  for (const [property, schema] of Object.entries(properties)) {
    if (!isObject(schema)) continue;
    const array = schema.type === 'array' && isObject(schema.items);
    const ref = array ? (schema.items as JsonSchema).$ref : schema.$ref;
    if (typeof ref !== 'string') continue;
    const target = refName(ref);
    const selection = chosen.get(target);
    const base = { property, required: required.includes(property), array };
    if (selection) {
      if (depth === 0 || expandable?.has(property)) members.push({ ...base, selection });
    } else if (depth === 0 && !array && expandable) {
      const inner = narrowedMembers(target, chosen, expandable, registry, 1);
      const all = propertiesOf(registry.get(target)?.schema ?? {}) ?? {};
      if (inner.length > 0)
        members.push({
          ...base,
          object: { schema: target, members: inner, others: Object.keys(all).length > inner.length },
        });
    }
  }
  return members;
}

/** The params keys whose values decide a member's objects. */
function paramsOfMember(m: NarrowedMember): string[] {
  return m.selection ? [m.selection.param] : (m.object?.members ?? []).flatMap(paramsOfMember);
}
