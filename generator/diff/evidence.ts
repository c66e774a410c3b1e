import { words } from '../model/names.ts';
import { isScalar, type Shape } from './shapes.ts';
import type { ApiSnapshot, OperationSnapshot } from './snapshot.ts';

/**
 * Names that went and names that came in one place: an object's fields, an operation's params, an
 * enum's values, the package's exports or operationIds. Where a rename may hide.
 */
export interface Place {
  lost: string[];
  gained: string[];
}

/**
 * What tells a rename from a removal beside an addition. Two names that merely replace each other
 * (Stripe's body field `coupon` gone and `description` come; the event `invoiceitem.updated` gone
 * and `tax.settings.updated` come) share nothing a reviewer would take for the same thing, and
 * `xgen migrate` rewrites what a rename says: a false one sends a coupon id as a description. So a
 * pair is a rename only on evidence:
 *
 * - a substitution of words that the same bump makes in other names and other places (`tweet` ->
 *   `post` in `note_tweet` -> `note_post`, `retweet_count` -> `repost_count`, `tweet.fields` ->
 *   `post.fields`): at least two different old names, in at least two places that are not copies of
 *   each other (an enum repeated inline in several operations is one place); or
 * - for a field or parameter, the same type, and one a name could hardly share by chance (an enum
 *   with the same values, a pattern), at the same position, the only name that went and the
 *   only one that came there (`kind: 'cat' | 'dog'` -> `species: 'cat' | 'dog'`).
 *
 * Short of that it is reported as removed and added, both breaking, and migrate lists the uses.
 */
export class RenameEvidence {
  /** By substitution key: the old names making it, and the places (by signature) where. */
  private readonly made = new Map<string, { from: Set<string>; places: Set<string> }>();

  constructor(places: readonly Place[]) {
    const seen = new Set<string>();
    for (const place of places) {
      if (place.lost.length === 0 || place.gained.length === 0) continue;
      // A place repeated (the same enum inline in several operations) counts once.
      const signature = `${[...place.lost].sort().join('\0')}\u0001${[...place.gained].sort().join('\0')}`;
      if (seen.has(signature)) continue;
      seen.add(signature);
      // A place where many names went and came at once pairs each with each: bounded, for very large enums.
      if (place.lost.length * place.gained.length > 40_000) continue;
      for (const from of place.lost) {
        for (const to of place.gained) {
          const key = substitution(from, to);
          if (key === undefined) continue;
          const entry = this.made.get(key) ?? { from: new Set<string>(), places: new Set<string>() };
          entry.from.add(from.toLowerCase());
          entry.places.add(signature);
          this.made.set(key, entry);
        }
      }
    }
  }

  /** The substitution `from` -> `to` makes is made elsewhere in the bump: other old names, other places. */
  corroborated(from: string, to: string): boolean {
    const key = substitution(from, to);
    const entry = key === undefined ? undefined : this.made.get(key);
    return entry !== undefined && entry.from.size >= 2 && entry.places.size >= 2;
  }
}

/**
 * The words one name substitutes for another, as a key two renames making the same substitution share:
 * the words that differ once the common leading and trailing words are set aside, then the letters they
 * share at either end (`note_tweet` -> `note_post`, `retweet_count` -> `repost_count` and
 * `referenced_tweets` -> `referenced_posts` all give `twee -> pos`). Undefined when a side has nothing
 * left: a word only added or dropped (`age` -> `age_years`, `tweet` -> `tweets`) is no substitution.
 */
export function substitution(from: string, to: string): string | undefined {
  const a = words(from).map((w) => w.toLowerCase());
  const b = words(to).map((w) => w.toLowerCase());
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  let x = a.slice(start, a.length - end).join(' ');
  let y = b.slice(start, b.length - end).join(' ');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  x = x.slice(i);
  y = y.slice(i);
  let j = 0;
  while (j < x.length && j < y.length && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  x = x.slice(0, x.length - j);
  y = y.slice(0, y.length - j);
  if (x.trim() === '' || y.trim() === '') return undefined;
  return `${x}\u0000${y}`;
}

/**
 * Pairs names that went with names that came, one to one: a pair `accept` takes where neither name
 * has another it takes. Sorted as `lost` is.
 */
export function pairUp(
  lost: readonly string[],
  gained: readonly string[],
  accept: (from: string, to: string) => boolean,
): [string, string][] {
  const candidates = lost.map((from) => gained.filter((to) => accept(from, to)));
  const out: [string, string][] = [];
  lost.forEach((from, i) => {
    const list = candidates[i] as string[];
    if (list.length !== 1) return;
    const to = list[0] as string;
    if (candidates.filter((c) => c.includes(to)).length === 1) out.push([from, to]);
  });
  return out;
}

/**
 * A type two names could hardly share by chance: an enum of several values or a pattern somewhere in
 * it, or an object of several fields. A plain `string`, a number, a bound every field of an API carries
 * (Stripe's `maxLength: 5000`) or a reference to a type used all over is not.
 */
export function distinctive(shape: Shape): boolean {
  if ('ref' in shape) return false;
  if (isScalar(shape)) return (shape.enum?.length ?? 0) >= 2 || shape.bounds?.pattern !== undefined;
  if (shape.kind === 'array') return distinctive(shape.items);
  if (shape.kind === 'object') return Object.keys(shape.fields).length >= 2;
  return shape.of.some(distinctive);
}

/** The same kind of type: a reference, or the kind (what a rename made of a word substitution must keep). */
export function shapeKind(shape: Shape | undefined): string {
  if (shape === undefined) return '';
  if ('ref' in shape) return 'ref';
  return shape.kind === 'array' ? `array of ${shapeKind(shape.items)}` : shape.kind;
}

/**
 * Every place of two snapshots where names went and came: the exports and operationIds, each
 * operation's params (by the operation's id, or the one it was renamed from), each named type kept,
 * and the objects and enums inside them and inside params and results, by field, item and member.
 */
export function placesOf(
  old: ApiSnapshot,
  next: ApiSnapshot,
  renamedOperations: ReadonlyMap<string, string>,
): Place[] {
  const places: Place[] = [];
  const diff = (a: Iterable<string>, b: Iterable<string>): void => {
    const before = new Set(a);
    const after = new Set(b);
    places.push({
      lost: [...before].filter((n) => !after.has(n)),
      gained: [...after].filter((n) => !before.has(n)),
    });
  };
  diff(
    [...(old.exports ?? Object.keys(old.types)), ...(old.operationExports ?? [])],
    [...(next.exports ?? Object.keys(next.types)), ...(next.operationExports ?? [])],
  );
  diff(Object.keys(old.operations), Object.keys(next.operations));
  const walk = (a: Shape, b: Shape, depth = 0): void => {
    if (depth > 12 || 'ref' in a || 'ref' in b) return;
    if (a.kind === 'object' && b.kind === 'object') {
      diff(Object.keys(a.fields), Object.keys(b.fields));
      for (const [name, field] of Object.entries(a.fields)) {
        const other = b.fields[name];
        if (other) walk(field.type, other.type, depth + 1);
      }
    } else if (a.kind === 'array' && b.kind === 'array') walk(a.items, b.items, depth + 1);
    else if ((a.kind === 'union' || a.kind === 'all') && b.kind === a.kind)
      a.of.forEach((part, i) => b.of[i] && walk(part, b.of[i] as Shape, depth + 1));
    else if (isScalar(a) && isScalar(b) && a.enum && b.enum)
      diff(
        a.enum.filter((v) => typeof v === 'string') as string[],
        b.enum.filter((v) => typeof v === 'string') as string[],
      );
  };
  const operation = (a: OperationSnapshot, b: OperationSnapshot): void => {
    diff(Object.keys(a.params), Object.keys(b.params));
    for (const [key, param] of Object.entries(a.params)) {
      const other = b.params[key];
      if (other) walk(param.type, other.type);
    }
    walk(a.result, b.result);
  };
  for (const [id, before] of Object.entries(old.operations)) {
    const after = next.operations[renamedOperations.get(id) ?? id];
    if (after) operation(before, after);
  }
  for (const [name, type] of Object.entries(old.types)) {
    const now = next.types[name];
    if (now) walk(type.shape, now.shape);
  }
  return places;
}

/**
 * The renames among fields or parameters that went and came in one place: one to one, in the same
 * group (a parameter's location), either corroborated by the bump's other renames and of the same
 * kind of type, or alone there with the same distinctive type at the same position.
 */
export function renamedEntries<T extends { type: Shape }>(
  removed: readonly string[],
  added: readonly string[],
  /** `order`: the names in the order their place declares them, on each side; a name not in it has no known place (a body's fields are kept sorted). */
  entries: {
    before: (key: string) => T;
    after: (key: string) => T;
    order?: { before: readonly string[]; after: readonly string[] };
  },
  group: (entry: T) => string,
  evidence: RenameEvidence,
): [string, string][] {
  const { before, after, order } = entries;
  return pairUp(removed, added, (from, to) => {
    const a = before(from);
    const b = after(to);
    if (group(a) !== group(b)) return false;
    if (evidence.corroborated(from, to)) return shapeKind(a.type) === shapeKind(b.type);
    const alone =
      removed.filter((k) => group(before(k)) === group(a)).length === 1 &&
      added.filter((k) => group(after(k)) === group(b)).length === 1;
    const i = order?.before.indexOf(from) ?? -1;
    const j = order?.after.indexOf(to) ?? -1;
    const samePlace = i < 0 || j < 0 || i === j;
    return alone && stable(a.type) === stable(b.type) && distinctive(a.type) && samePlace;
  });
}

/** JSON with object keys sorted. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
