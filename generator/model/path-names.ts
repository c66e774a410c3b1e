import { camelCase, pascalCase, words } from './names.ts';

/**
 * Names from a path, for operations the spec gives no tag (or one tag for all): the resources the
 * path names, nested (`/v1/customers/{customer}/subscriptions/{id}` is `customers.subscriptions`),
 * and the verb its method and shape say (`retrieve`). Each name is read from the operation alone,
 * so that no other operation's presence can change it.
 */
export interface PathName {
  /** The resource chain, as group properties: `['customers', 'subscriptions']`. */
  groups: string[];
  /** The method inside the innermost group. */
  method: string;
}

const COLLECTION_VERBS: Record<string, string> = {
  GET: 'list',
  POST: 'create',
  PUT: 'updateMany',
  PATCH: 'updateMany',
  DELETE: 'deleteMany',
  HEAD: 'head',
  OPTIONS: 'options',
  TRACE: 'trace',
};
const ITEM_VERBS: Record<string, string> = {
  GET: 'retrieve',
  POST: 'update',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
  HEAD: 'head',
  OPTIONS: 'options',
  TRACE: 'trace',
};

/** Verbs of reading that a path's last word may be: a read of one is an action, not a resource. */
const READ_ACTIONS: ReadonlySet<string> = new Set([
  'search',
  'find',
  'lookup',
  'query',
  'count',
  'autocomplete',
  'suggest',
]);

/** A version prefix names no resource: `v1`, `2`, `v2beta`. */
const VERSION = /^v?[0-9]+(\.[0-9]+)*([a-z]+[0-9]*)?$/i;

/** Whether a path segment names a collection: its last word is a plural (`line_items`, `people`). */
export function isPlural(segment: string): boolean {
  const last = (words(segment).at(-1) ?? '').toLowerCase();
  if (last === 'people' || last === 'data' || last === 'media') return true;
  return last.length > 2 && last.endsWith('s') && !/(ss|us|is)$/.test(last);
}

/**
 * The resource chain and verb of one operation, from its method and path alone:
 * - `/customers`: the collection (`list`, `create`, `updateMany`, `deleteMany`);
 * - `/customers/{id}`: an item (`retrieve`, `update`, `delete`);
 * - `/customers/{id}/subscriptions`: a nested collection (`customers.subscriptions.list`);
 * - `/subscriptions/{id}/cancel`, `/customers/search`: an action, its own word on the resource
 *   before it (`subscriptions.cancel`, `customers.search`); a singular word after an item read or
 *   deleted is that item's part (`customers.retrieveCashBalance`, `customers.deleteDiscount`), and
 *   one written to is updated when the operation returns it (`customers.updateCashBalance`).
 * A lone singular (`/account`, `/balance`) is a resource of one (`account.retrieve`). A read that
 * pages is `list`, one that streams `stream`.
 */
export function pathName(
  method: string,
  path: string,
  resultType: string,
  reads: 'pages' | 'stream' | undefined = undefined,
): PathName | undefined {
  const found = pathNameOf(method.toUpperCase(), path, resultType);
  // What a call returns says it more than the path: pages are a list, events a stream.
  if (found && reads && /^(list|retrieve)$/.test(found.method))
    return { ...found, method: reads === 'pages' ? 'list' : 'stream' };
  return found;
}

function pathNameOf(verb: string, path: string, resultType: string): PathName | undefined {
  const segments = path.split('/').filter(Boolean);
  while (segments.length > 0 && VERSION.test(segments[0]!)) segments.shift();
  // `{id}.json` is a parameter too.
  const isParam = (s: string): boolean => s.includes('{');
  const literals = segments.filter((s) => !isParam(s));
  if (literals.length === 0) return undefined;
  const lastSegment = segments.at(-1)!;
  const groups = literals.map((s) => camelCase(s));
  if (isParam(lastSegment)) return { groups, method: ITEM_VERBS[verb] ?? camelCase(verb) };
  const last = literals.at(-1)!;
  const before = segments.at(-2);
  if (literals.length === 1 || isPlural(last)) {
    // A resource of one (`/account`) is read and written as an item.
    const verbs =
      literals.length === 1 && !isPlural(last) && before === undefined ? ITEM_VERBS : COLLECTION_VERBS;
    return { groups, method: verbs[verb] ?? camelCase(verb) };
  }
  const parent = groups.slice(0, -1);
  const word = pascalCase(last);
  if (before !== undefined && isParam(before) && verb !== 'POST') {
    if (verb === 'GET') return { groups: parent, method: `retrieve${word}` };
    if (verb === 'DELETE') return { groups: parent, method: `delete${word}` };
    return { groups: parent, method: `update${word}` };
  }
  // A read named by a verb of reading is that action on the resource before it (`customers.search`):
  // a verb names no resource, so no other path makes it a group.
  if (verb === 'GET' && before !== undefined && !isParam(before) && READ_ACTIONS.has(last.toLowerCase()))
    return { groups: parent, method: camelCase(last) };
  // A read of a word after a resource is a resource of its own (`/balance/history` beside
  // `/balance/history/{id}`): as a method it would clash with that group when the spec has it.
  if (verb === 'GET' && before !== undefined && !isParam(before)) return { groups, method: 'retrieve' };
  if (verb === 'POST' && before !== undefined && isParam(before) && resultType === word)
    return { groups: parent, method: `update${word}` };
  return { groups: parent, method: camelCase(last) };
}
