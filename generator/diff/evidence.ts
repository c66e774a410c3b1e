import { words } from '../model/names.ts';
import { isScalar, type Shape } from './shapes.ts';
import type { ApiSnapshot, OperationSnapshot } from './snapshot.ts';

/**
 * Names that went and names that came in one place: an object's fields, an operation's params, an
 * enum's values, the package's exports or operationIds. Where a rename may hide. `kind` says which:
 * an exported type's name is often made from a field's or an operation's, so it is no new witness.
 */
export interface Place {
  lost: string[];
  gained: string[];
  kind?: 'exports' | 'operations' | 'members';
}

/** The named types of both sides, to see a shape through its `$ref` (`$ref TweetId` and its inline `string` are one shape). */
export interface TypeTables {
  old: Readonly<Record<string, { shape: Shape }>>;
  next: Readonly<Record<string, { shape: Shape }>>;
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
 *   `post.fields`): at least two independent old names, in at least two places that are not copies
 *   of each other (an enum repeated inline in several operations is one place). Names that derive
 *   from one another are one witness: a field and the types named after it (`blik`, `MandateBlik`,
 *   `SetupIntentPaymentMethodOptionsBlik`), an operation and its types (`getDisplays`,
 *   `GetDisplaysResponse`). And a name the new spec still uses as a field, parameter or value
 *   witnesses nothing: Stripe's `blik` is still a payment method after 2023-09-12, so its mandate
 *   options going while PayPal's come is no `blik` -> `paypal` rename; or
 * - for a field or parameter, the same type, and one a name could hardly share by chance (an enum
 *   with the same values, a pattern), at the same position, the only name that went and the
 *   only one that came there (`kind: 'cat' | 'dog'` -> `species: 'cat' | 'dog'`).
 *
 * Shapes are compared through `$ref`s. Short of that it is reported as removed and added, both
 * breaking, and migrate lists the uses.
 */
export class RenameEvidence {
  /** By substitution key: the old names making it (lower case -> as spelled, with the kind of place), and the places (by signature) where. */
  private readonly made = new Map<
    string,
    { from: Map<string, { name: string; kind: Place['kind'] }>; places: Set<string> }
  >();
  private readonly verdicts = new Map<string, boolean>();

  constructor(
    places: readonly Place[],
    private readonly tables: TypeTables = { old: {}, next: {} },
    /** The field, parameter and value names the new spec still uses (lower case). */
    private readonly stillUsed: ReadonlySet<string> = new Set(),
  ) {
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
          const entry = this.made.get(key) ?? { from: new Map(), places: new Set<string>() };
          if (!entry.from.has(from.toLowerCase()) || place.kind !== 'exports')
            entry.from.set(from.toLowerCase(), { name: from, kind: place.kind ?? 'members' });
          entry.places.add(signature);
          this.made.set(key, entry);
        }
      }
    }
  }

  /**
   * The substitution `from` -> `to` makes is made elsewhere in the bump: other independent old names,
   * other places; and `from` is not a name the new spec still uses.
   */
  corroborated(from: string, to: string): boolean {
    if (this.stillUsed.has(from.toLowerCase())) return false;
    const key = substitution(from, to);
    if (key === undefined) return false;
    const known = this.verdicts.get(key);
    if (known !== undefined) return known;
    const entry = this.made.get(key);
    const verdict = entry !== undefined && entry.places.size >= 2 && this.witnesses(entry.from) >= 2;
    this.verdicts.set(key, verdict);
    return verdict;
  }

  /**
   * The independent witnesses among the old names making one substitution: a name made from
   * another (an exported type whose words begin or end with a field's or an operation's) is that
   * one's; a name the new spec still uses, with those made from it, is none.
   */
  private witnesses(from: ReadonlyMap<string, { name: string; kind: Place['kind'] }>): number {
    const all = [...from.values()].map((n) => ({ ...n, words: words(n.name).map((w) => w.toLowerCase()) }));
    const derivesFrom = (a: (typeof all)[number], b: (typeof all)[number]): boolean =>
      a !== b &&
      a.kind === 'exports' &&
      b.words.length < a.words.length &&
      (b.words.every((w, i) => a.words[i] === w) ||
        b.words.every((w, i) => a.words[a.words.length - b.words.length + i] === w));
    let count = 0;
    for (const name of all) {
      if (all.some((other) => derivesFrom(name, other))) continue;
      if (name.kind !== 'exports' && this.stillUsed.has(name.name.toLowerCase())) continue;
      count++;
    }
    return count;
  }

  /** A shape with the `$ref`s at its top followed (nullable kept): what kind of type a field really has. */
  resolve(shape: Shape, side: 'old' | 'next'): Shape {
    let out = shape;
    for (let hops = 0; hops < 8 && 'ref' in out; hops++) {
      const target = this.tables[side][out.ref]?.shape;
      if (!target) break;
      out = out.nullable && !('ref' in target) ? ({ ...target, nullable: true } as Shape) : target;
    }
    return out;
  }

  /** A shape with its `$ref`s written out, a few levels deep: what two shapes are compared as. */
  expand(shape: Shape, side: 'old' | 'next', depth = 0): Shape {
    const at = depth > 4 ? shape : this.resolve(shape, side);
    if (depth > 4 || 'ref' in at) return at;
    if (at.kind === 'array') return { ...at, items: this.expand(at.items, side, depth + 1) };
    if (at.kind === 'object')
      return {
        ...at,
        fields: Object.fromEntries(
          Object.entries(at.fields).map(([k, f]) => [
            k,
            { ...f, type: this.expand(f.type, side, depth + 1) },
          ]),
        ),
      };
    if (at.kind === 'union' || at.kind === 'all')
      return { ...at, of: at.of.map((part) => this.expand(part, side, depth + 1)) };
    return at;
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

/**
 * A shape any two results could share without being the same thing: `{}`, `{ data?: object[] }`, a
 * plain string. Being alike in it is no evidence of a rename by itself (GitHub's `{}` results of
 * `projects/move-card` and `projects/move-column`).
 */
export function generic(shape: Shape): boolean {
  if ('ref' in shape) return false;
  if (isScalar(shape)) return !distinctive(shape);
  if (shape.kind === 'array') return generic(shape.items);
  if (shape.kind === 'object')
    return Object.keys(shape.fields).length <= 1 && Object.values(shape.fields).every((f) => generic(f.type));
  return shape.of.every(generic);
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
  const diff = (a: Iterable<string>, b: Iterable<string>, kind: Place['kind'] = 'members'): void => {
    const before = new Set(a);
    const after = new Set(b);
    places.push({
      lost: [...before].filter((n) => !after.has(n)),
      gained: [...after].filter((n) => !before.has(n)),
      kind,
    });
  };
  diff(
    [...(old.exports ?? Object.keys(old.types)), ...(old.operationExports ?? [])],
    [...(next.exports ?? Object.keys(next.types)), ...(next.operationExports ?? [])],
    'exports',
  );
  diff(Object.keys(old.operations), Object.keys(next.operations), 'operations');
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
 * The names a snapshot uses for fields, parameters and string values, in lower case: a name lost in
 * one place that is still one of these elsewhere keeps its role (see RenameEvidence).
 */
export function namesUsed(snapshot: ApiSnapshot): Set<string> {
  const out = new Set<string>();
  const walk = (shape: Shape, depth = 0): void => {
    if (depth > 12 || 'ref' in shape) return;
    if (isScalar(shape))
      for (const v of shape.enum ?? []) if (typeof v === 'string') out.add(v.toLowerCase());
    if (shape.kind === 'array') walk(shape.items, depth + 1);
    else if (shape.kind === 'object')
      for (const [name, field] of Object.entries(shape.fields)) {
        out.add(name.toLowerCase());
        walk(field.type, depth + 1);
      }
    else if (shape.kind === 'union' || shape.kind === 'all')
      for (const part of shape.of) walk(part, depth + 1);
  };
  for (const type of Object.values(snapshot.types)) walk(type.shape);
  for (const operation of Object.values(snapshot.operations)) {
    for (const [key, param] of Object.entries(operation.params)) {
      out.add(key.toLowerCase());
      walk(param.type);
    }
    walk(operation.result);
  }
  return out;
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
    if (evidence.corroborated(from, to))
      return shapeKind(evidence.resolve(a.type, 'old')) === shapeKind(evidence.resolve(b.type, 'next'));
    const alone =
      removed.filter((k) => group(before(k)) === group(a)).length === 1 &&
      added.filter((k) => group(after(k)) === group(b)).length === 1;
    const i = order?.before.indexOf(from) ?? -1;
    const j = order?.after.indexOf(to) ?? -1;
    const samePlace = i < 0 || j < 0 || i === j;
    return (
      alone &&
      stable(evidence.expand(a.type, 'old')) === stable(evidence.expand(b.type, 'next')) &&
      distinctive(a.type) &&
      distinctive(b.type) &&
      samePlace
    );
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
