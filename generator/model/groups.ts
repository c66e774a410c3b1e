import { UsageError } from '../errors.ts';
import { isObject } from '../load/index.ts';
import type { NameOverride } from './name-overrides.ts';
import {
  camelCase,
  kebabCase,
  methodNameInGroup,
  NameTable,
  pascalCase,
  SPECIAL_MEMBERS,
  words,
} from './names.ts';
import { isPlural, pathName } from './path-names.ts';
import type { GroupModel, OperationModel } from './types.ts';

type ReadOperation = Omit<OperationModel, 'methodName' | 'group' | 'functionName' | 'resultTypes'>;

/** What naming reads of an operation: nothing but the operation itself. */
export type NamingInput = Pick<
  ReadOperation,
  'id' | 'tags' | 'method' | 'path' | 'pagination' | 'streaming'
> & {
  success: Pick<ReadOperation['success'], 'typeName'>;
};

/** Client members a group cannot replace. */
const CLIENT_MEMBERS = ['call', 'options', 'request', ...SPECIAL_MEMBERS];
/** Resource members a method cannot replace: `core` is the resource's own field. */
const RESOURCE_MEMBERS = ['core', 'constructor', ...SPECIAL_MEMBERS];

/**
 * A bare verb left on a collection's path says the collection's form (`getPresets` under Presets,
 * `GET /presets`, is `presets.list`, beside the item's `presets.get`): the two forms of one resource
 * never want one name, whichever of them the spec has.
 */
const COLLECTION_FORMS: Record<string, string> = {
  get: 'list',
  delete: 'deleteMany',
  update: 'updateMany',
};

/** Whether the path ends at a collection (`/presets`), not an item (`/presets/{id}`) or a thing of one (`/usage`). */
function endsAtCollection(path: string): boolean {
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  return !/^\{.+\}$/.test(last) && isPlural(last);
}

/** The method a tag's rule gives one operation, from the operation alone. */
export function taggedMethodName(op: NamingInput, tag: string): string {
  const name = methodNameInGroup(op.id, tag);
  const form = COLLECTION_FORMS[name];
  return form &&
    isPlural(tag) &&
    endsAtCollection(op.path) &&
    !words(op.id).some((w) => /^(all|many)$/i.test(w))
    ? form
    : name;
}

/**
 * Whether the spec's tags group its operations: some operation has a tag, and not one tag for every
 * operation of a spec whose paths name several resources (a catch-all, like no tag at all).
 */
export function tagsGroup(ops: readonly NamingInput[], untagged: ReadonlySet<string>): boolean {
  const tags = new Set(ops.filter((o) => !untagged.has(o.id)).map((o) => o.tags[0]));
  if (tags.size === 0) return false;
  if (tags.size > 1 || ops.some((o) => untagged.has(o.id))) return true;
  const tops = new Set(ops.map((o) => pathName(o.method, o.path, '')?.groups[0]).filter(Boolean));
  return tops.size <= 1;
}

/** Where the rule puts one operation: its group chain (group properties, outermost first) and method. */
export interface Placement {
  groups: string[];
  method: string;
  /** The tag the group is named after, for a tag group. */
  tag?: string;
}

/**
 * Where each operation goes, before names are made unique: by its first tag, or by its path where
 * tags do not group (see tagsGroup), or where the config's `names:` says. Each placement is read
 * from the operation alone (and the config), never from which other operations exist.
 */
export function placeOperations(
  ops: readonly NamingInput[],
  untagged: ReadonlySet<string>,
  overrides: ReadonlyMap<string, NameOverride>,
  byTags = tagsGroup(ops, untagged),
): Map<string, Placement> {
  const placed = new Map<string, Placement>();
  for (const op of ops) {
    const override = overrides.get(op.id);
    if (override) {
      placed.set(op.id, { groups: [override.group], method: override.method });
      continue;
    }
    const reads = op.streaming ? 'stream' : op.pagination ? 'pages' : undefined;
    const fromPath = pathName(op.method, op.path, op.success.typeName, reads);
    if ((byTags && !untagged.has(op.id)) || !fromPath) {
      const tag = op.tags[0] ?? 'Default';
      placed.set(op.id, {
        groups: [camelCase(tag) || 'default'],
        method: untagged.has(op.id) ? camelCase(op.id) : taggedMethodName(op, tag),
        tag,
      });
    } else placed.set(op.id, fromPath);
  }
  return placed;
}

/**
 * The final `group.method` of each operation, by id. A name two operations of one group want (or a
 * member a resource has) goes to neither: each takes its operationId (words, never a number), unless
 * one of them published that name already (`published`, id -> `group.method`, the API snapshot on
 * disk), which keeps it. Numbers are left only for ids that differ in nothing but case.
 */
export function uniqueNames(
  ops: readonly NamingInput[],
  placed: ReadonlyMap<string, Placement>,
  overrides: ReadonlyMap<string, NameOverride>,
  published: ReadonlyMap<string, string> = new Map(),
): Map<string, { group: string; method: string }> {
  const byGroup = new Map<string, NamingInput[]>();
  const childNames = new Map<string, Set<string>>();
  for (const op of ops) {
    const groups = placed.get(op.id)!.groups;
    const key = groups.join('.');
    const list = byGroup.get(key);
    if (list) list.push(op);
    else byGroup.set(key, [op]);
    for (let i = 1; i < groups.length; i++) {
      const parent = groups.slice(0, i).join('.');
      const set = childNames.get(parent) ?? new Set<string>();
      set.add(groups[i]!.toLowerCase());
      childNames.set(parent, set);
    }
  }
  const out = new Map<string, { group: string; method: string }>();
  for (const [group, list] of byGroup) {
    const taken = new Set(
      [...RESOURCE_MEMBERS, ...(childNames.get(group) ?? [])].map((n) => n.toLowerCase()),
    );
    const wanted = new Map<string, NamingInput[]>();
    for (const op of list) {
      const key = placed.get(op.id)!.method.toLowerCase();
      wanted.set(key, [...(wanted.get(key) ?? []), op]);
    }
    const table = new NameTable(RESOURCE_MEMBERS);
    // The config's names first, then the uncontested, then the operationIds of the contested.
    const order = [...list].sort((a, b) => rank(a) - rank(b));
    function rank(op: NamingInput): number {
      if (overrides.has(op.id)) return 0;
      return contested(op) ? 2 : 1;
    }
    function contested(op: NamingInput): boolean {
      const name = placed.get(op.id)!.method;
      const rivals = wanted.get(name.toLowerCase())!;
      if (overrides.has(op.id)) return false;
      if (taken.has(name.toLowerCase())) return true;
      if (rivals.some((r) => r !== op && overrides.has(r.id))) return true;
      if (rivals.length === 1) return false;
      const holder = rivals.find((r) => published.get(r.id) === `${group}.${name}`);
      return holder !== op;
    }
    for (const op of order) {
      const name = placed.get(op.id)!.method;
      const method = contested(op) ? table.claim(camelCase(op.id)) : table.claim(name);
      out.set(op.id, { group, method });
    }
  }
  return out;
}

/**
 * Every operation's placement and final `group.method` (see placeOperations, uniqueNames); a rule's
 * group that would replace a client member (`call`, `then`) is that word and `Resource`.
 */
export function operationNames(
  read: readonly NamingInput[],
  untagged: ReadonlySet<string>,
  overrides: ReadonlyMap<string, NameOverride>,
  published?: ReadonlyMap<string, string>,
  namesAt?: Record<string, string>,
): { placed: Map<string, Placement>; names: Map<string, { group: string; method: string }> } {
  const placed = placeOperations(read, untagged, overrides);
  const clientMembers = new Set(CLIENT_MEMBERS);
  for (const [id, place] of placed) {
    if (overrides.has(id)) {
      if (clientMembers.has(place.groups[0]!))
        throw new UsageError(
          `${namesAt?.[id] ? `${namesAt[id]}: ` : ''}names: the client's own member "${place.groups[0]}" cannot be a group`,
        );
      continue;
    }
    if (clientMembers.has(place.groups[0]!)) place.groups[0] = `${place.groups[0]}Resource`;
  }
  return { placed, names: uniqueNames(read, placed, overrides, published) };
}

/** Groups operations (see operationNames), ordered as the spec's `tags` list and then by first use. */
export function groupOperations(
  read: ReadOperation[],
  untagged: ReadonlySet<string>,
  rawTags: unknown,
  overrides: ReadonlyMap<string, NameOverride>,
  namesAt?: Record<string, string>,
  published?: ReadonlyMap<string, string>,
): { groups: GroupModel[]; operations: Omit<OperationModel, 'functionName' | 'resultTypes'>[] } {
  const declared = Array.isArray(rawTags) ? rawTags.filter(isObject) : [];
  const descriptions = new Map(
    declared.map((t) => [
      String(t.name),
      typeof t.description === 'string' ? t.description.trim() : undefined,
    ]),
  );
  const order = new Map<string, number>();
  declared.forEach((t, i) => order.set(String(t.name), i));
  const { placed, names } = operationNames(read, untagged, overrides, published, namesAt);
  const tagOf = new Map<string, string>();
  for (const op of read) {
    const place = placed.get(op.id)!;
    const key = place.groups.join('.');
    if (place.tag !== undefined && !tagOf.has(key)) tagOf.set(key, place.tag);
  }
  // Every group with its enclosing groups, in order of first use; tag groups in the spec's tag order.
  const seen = new Set<string>();
  for (const op of read) {
    const groups = placed.get(op.id)!.groups;
    for (let i = 1; i <= groups.length; i++) seen.add(groups.slice(0, i).join('.'));
  }
  const keys = [...seen];
  const rankOf = (key: string): number => order.get(tagOf.get(key.split('.')[0]!) ?? '') ?? 1e9;
  keys.sort((a, b) => rankOf(a) - rankOf(b));
  const classNames = new NameTable();
  const fileNames = new NameTable();
  const groups: GroupModel[] = keys.map((key) => {
    const parts = key.split('.');
    const tag = tagOf.get(key);
    const ids = read.filter((op) => names.get(op.id)!.group === key).map((op) => op.id);
    return {
      tag: tag ?? key,
      property: key,
      className: classNames.claim(`${pascalCase(tag ?? parts.join(' '))}Resource`),
      fileName: fileNames.claim(kebabCase(parts.join(' '))),
      description: tag !== undefined ? descriptions.get(tag) : undefined,
      operationIds: ids,
      ...(parts.length > 1 ? { parent: parts.slice(0, -1).join('.') } : {}),
      children: keys.filter((k) => k.startsWith(`${key}.`) && k.split('.').length === parts.length + 1),
    };
  });
  const byId = new Map(read.map((o) => [o.id, o]));
  const operations = groups.flatMap((g) =>
    g.operationIds.map((id) => {
      const op = byId.get(id)!;
      return { ...op, group: g.property, methodName: names.get(id)!.method };
    }),
  );
  return { groups, operations };
}
