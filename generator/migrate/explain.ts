import { type Change, operationsOf } from '../diff/change.ts';
import type { Field, Shape } from '../diff/shapes.ts';
import type { ApiSnapshot } from '../diff/snapshot.ts';
import type { Origin, Step } from './origin.ts';
import type { MigrationTarget } from './target.ts';
import { memberName } from '../model/names.ts';

/**
 * The change of the diff that reaches a value the consumer reads: the diff names a change inside a
 * result by the innermost named type that holds it and the path from there (`result field
 * Tweet.entities.urls[]` , `result type TweetStatus`), or, outside any named type, by the path
 * from the operation's result (`getUsage: result field data.cap`). The same names are computed
 * here for the value's path, in both versions of the package, and matched exactly: the value's
 * own field first, then each field on the way to it.
 */
export function changesReaching(origin: Origin, value?: string, accepted?: ReadonlySet<string>): Change[] {
  const { target } = origin;
  // A result of an operation that went: its removal reaches every read of it, whatever the path.
  const removed = origin.ids ? removalsOf(target, origin.ids) : [];
  if (removed.length > 0) return removed;
  const along = subjectsAlong(origin);
  for (let depth = origin.steps.length; depth >= 0; depth--) {
    const names = new Set(along[depth] ?? []);
    if (names.size === 0) continue;
    const atDepth = target.changes.filter(
      (c) => c.level !== 'patch' && names.has(subjectOf(c) ?? '') && reaches(c, origin),
    );
    if (atDepth.length === 0) continue;
    // A value compared with (`case 'adopted':`) picks the change that names it; else every breaking change there is a cause.
    const quoting =
      value === undefined ? [] : atDepth.filter((c) => c.message.includes(JSON.stringify(value)));
    if (quoting.length > 0) return quoting.slice(0, 1);
    // A local annotated with literals (`'won' | 'lost'`) breaks on a value the package now gives that it lacks.
    if (accepted) {
      const outside = atDepth.filter((c) => quoted(c.message).some((v) => !accepted.has(v)));
      if (outside.length > 0 && outside.length < atDepth.length) return outside;
    }
    const breaking = atDepth.filter((c) => c.level === 'breaking');
    return breaking.length > 0 ? breaking : atDepth.slice(0, 1);
  }
  return [];
}

/**
 * The removal of the operations `ids` names, when none of them is in the new package (a read of its
 * result, a call of it: what fails is explained by its going).
 */
export function removalsOf(target: MigrationTarget, ids: ReadonlySet<string>): Change[] {
  if ([...ids].some((id) => target.next.operations[id] !== undefined)) return [];
  return target.changes.filter(
    (c) => c.operationId !== undefined && ids.has(c.operationId) && removalMessage(c, c.operationId),
  );
}

function removalMessage(change: Change, id: string): boolean {
  return change.message.startsWith(`${id}: operation removed`);
}

/**
 * The change that took an exported name away (`import { getListsById, type Get2ListsIdResponse }`
 * failing): a type's removal or rename, the removal of the operation it was named for (whose entry
 * lists the names that went with it), or of the operation a `/functions` export called.
 */
export function exportChange(target: MigrationTarget, name: string): Change | undefined {
  const listed = (c: Change): boolean => {
    const list = /no longer exported with it: (.*?) \(code naming/.exec(c.message)?.[1];
    const own = /^\S+: types? (.*?) no longer exported/.exec(c.message)?.[1];
    return [list, own].some((l) => l?.split(', ').includes(name));
  };
  return (
    target.changes.find((c) => c.rename?.kind === 'type' && c.rename.from === name) ??
    target.changes.find((c) => c.message.startsWith(`type ${name} removed`)) ??
    target.changes.find(listed) ??
    target.changes.find(
      (c) =>
        c.operationId !== undefined &&
        memberName(c.operationId) === name &&
        (removalMessage(c, c.operationId) || c.rename?.kind === 'operation'),
    )
  );
}

/** The values a message quotes (`"adopted"`, as the diff writes enum values). */
function quoted(message: string): string[] {
  return [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

/** How a value is named where a message says where it failed: `Tweet.entities.urls[]`, `data.id` from the result. */
export function describeOrigin(origin: Origin): string {
  const names = subjectsAlong(origin)[origin.steps.length] ?? [];
  const owned = names.find((n) => !n.startsWith('\0'));
  return (
    owned ?? (origin.type ?? 'the result') + origin.steps.map((s) => (s === '[]' ? '[]' : `.${s}`)).join('')
  );
}

/** A change of an operation's own (`getUsage: result field data.cap`) is about that operation; one of a named type reaches every use of it. */
function reaches(change: Change, origin: Origin): boolean {
  if (!ownOperationChange(change)) return true;
  return origin.ids !== undefined && operationsOf(change).some((id) => origin.ids?.has(id));
}

function ownOperationChange(change: Change): boolean {
  return change.operationId !== undefined && change.message.startsWith(`${change.operationId}: `);
}

/** The subject a change's message names (`Tweet.lang` in `result field Tweet.lang removed`), or undefined for another kind of change. */
export function subjectOf(change: Change): string | undefined {
  const own = ownOperationChange(change);
  const message = own ? change.message.slice((change.operationId as string).length + 2) : change.message;
  if (own && message.startsWith('the result ')) return '\0';
  const match = /^result (?:field|type) ([^\s:]+?)(?::|\s|$)/.exec(message);
  if (!match) return undefined;
  return own ? `\0${match[1]}` : match[1];
}

/**
 * By depth along the origin's path (0: where it starts), the names the diff gives the value there,
 * walking both versions side by side as the diff does: `Owner.rel` from the innermost named type
 * (the new version's where both have one), the named type itself where the value is one, and
 * (with a `\0` before it, as an operation's own) the path from the result.
 */
function subjectsAlong(origin: Origin): string[][] {
  const { target } = origin;
  const rootOf = (snapshot: ApiSnapshot): Shape | undefined => {
    if (origin.type !== undefined) return snapshot.types[origin.type] ? { ref: origin.type } : undefined;
    return [...(origin.ids ?? [])].map((id) => snapshot.operations[id]).find((o) => o !== undefined)?.result;
  };
  let a = rootOf(target.old);
  let b = rootOf(target.next);
  let oldOwner: string | undefined;
  let newOwner: string | undefined;
  let rel = '';
  let path = '';
  const out: string[][] = [];
  const namesAtStep = (): string[] => {
    const names: string[] = [];
    const owner = newOwner ?? oldOwner;
    names.push(owner !== undefined ? (rel === '' ? owner : `${owner}.${rel}`) : `\0${path}`);
    for (const shape of [b, a]) if (shape && 'ref' in shape) names.push(shape.ref);
    return names;
  };
  out.push(a || b ? namesAtStep() : []);
  for (const step of origin.steps) {
    if (!a && !b) break;
    // Into named types: the diff names what is inside one from it.
    if ((a && 'ref' in a) || (b && 'ref' in b)) {
      oldOwner = a && 'ref' in a ? a.ref : undefined;
      newOwner = b && 'ref' in b ? b.ref : undefined;
      rel = '';
    }
    a = a && stepInto(a, step, target.old);
    b = b && stepInto(b, step, target.next);
    rel = rel === '' ? step : step === '[]' ? `${rel}[]` : `${rel}.${step}`;
    path = path === '' ? step : step === '[]' ? `${path}[]` : `${path}.${step}`;
    // A field neither side has any more (removed, and the old version's snapshot not at hand, as in a
    // repo that installed the package) is still named from the type that held it.
    out.push(a || b || newOwner !== undefined || oldOwner !== undefined ? namesAtStep() : []);
  }
  return out;
}

/** The shape of a field or array item of a shape (through `allOf` parts and union members that have it). */
function stepInto(shape: Shape, step: Step, snapshot: ApiSnapshot, depth = 0): Shape | undefined {
  if (depth > 8) return undefined;
  if ('ref' in shape) {
    const target = snapshot.types[shape.ref]?.shape;
    return target ? stepInto(target, step, snapshot, depth + 1) : undefined;
  }
  if (step === '[]') return shape.kind === 'array' ? shape.items : undefined;
  if (shape.kind === 'object') return (shape.fields[step] as Field | undefined)?.type;
  if (shape.kind === 'all' || shape.kind === 'union') {
    for (const part of shape.of) {
      const found = stepInto(part, step, snapshot, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The changes of an operation itself (removed, renamed, its params): what a call of it that fails meets. */
export function operationChange(
  target: MigrationTarget,
  ids: ReadonlySet<string>,
  keys: readonly string[],
): Change | undefined {
  const own = target.changes.filter(
    (c) => c.level === 'breaking' && operationsOf(c).some((id) => ids.has(id)),
  );
  for (const key of keys) {
    // By where the change is; a change read from a package's rename history carries no place: by what its message names.
    const ofKey = own.filter(
      (c) => c.where?.param?.wire === key || (c.where?.param === undefined && namesParam(c, key)),
    );
    // A rename of the key is what migrate applies: what still fails under its new name is another change of it (a value it no longer accepts).
    const change = ofKey.find((c) => c.rename === undefined) ?? ofKey[0];
    if (change) return change;
  }
  // A params key the operation now requires and the call does not give (a call that passed no
  // params at all fails on its arguments, not on a key), new or one it had as optional: that
  // requirement is the cause.
  const required = own.find(
    (c) =>
      c.rename === undefined &&
      (/^new required (?:parameter|body field) /.test(messageOf(c)) ||
        /^(?:parameter|body field) \S+ is now required$/.test(messageOf(c))) &&
      !keys.some((key) => namesParam(c, key) || c.where?.param?.wire === key),
  );
  if (required) return required;
  // A change of the operation as a whole: removed, renamed, moved, now another kind.
  // The operation's rename is what migrate applied: a cause only when nothing else is.
  return (
    own.find(
      (c) =>
        c.rename === undefined &&
        c.where?.param === undefined &&
        c.where?.type === undefined &&
        ownOperationChange(c),
    ) ?? own.find((c) => c.rename?.kind === 'operation' || c.rename?.kind === 'method')
  );
}

/** A change's message without the operation's name it may start with (`getPosts: `). */
function messageOf(change: Change): string {
  return ownOperationChange(change)
    ? change.message.slice((change.operationId as string).length + 2)
    : change.message;
}

/** A change's message is about the params key `key` (`post.fields[] no longer accepts "author_id"`, `parameter max_results ...`). */
function namesParam(change: Change, key: string): boolean {
  const message = ownOperationChange(change)
    ? change.message.slice((change.operationId as string).length + 2)
    : change.message;
  return [`${key}[] `, `${key}[]:`, `${key} `, `${key}:`].some(
    (start) =>
      message.startsWith(start) ||
      message.startsWith(`parameter ${start}`) ||
      message.startsWith(`body field ${start}`) ||
      message.startsWith(`field ${start}`),
  );
}
