/**
 * The walk over two types of one operation: it follows references (each pair of named types once),
 * keeps where it is, and hands each kind of type to the rules for it (objects, unions, enums,
 * bounds); nullability and a changed kind it judges itself.
 */
import type { Level, Rename, Where } from './change.ts';
import { compareBounds } from './bound-rules.ts';
import { compareEnum } from './enum-rules.ts';
import type { RenameEvidence } from './evidence.ts';
import type { Found, TypePairs } from './found.ts';
import { compareMoney } from './money-rules.ts';
import { compareFields, compareObjects, freeForm } from './object-rules.ts';
import type { ShapeWalk, WalkPlace } from './shape-walk.ts';
import { type Field, isScalar, type Scalar, type Shape } from './shapes.ts';
import type { ApiSnapshot } from './snapshot.ts';
import { typeText } from './type-text.ts';
import { compareUnion } from './union-rules.ts';

/**
 * Compares two types of one operation, on one side of the call. A request type (`input`) may widen
 * freely and breaks callers when it narrows; a result type (`output`) is the other way round, except
 * that a new enum value or field is a feature (an exhaustive switch needs a case: the message says so).
 * A change inside a named type is named by that type (`result field Tweet.lang removed`), so the
 * same change met in several operations is one cause; so is a change of a parameter's type.
 */
export class OperationTypeWalker implements ShapeWalk {
  private readonly seen = new Set<string>();

  constructor(
    private readonly id: string,
    readonly side: 'input' | 'output',
    readonly old: ApiSnapshot,
    readonly next: ApiSnapshot,
    private readonly add: (c: Found) => void,
    private readonly pairs: TypePairs,
    readonly evidence: RenameEvidence,
    /** What the output side is called in messages: `result` (`result field Tweet.lang`), or `error body`. */
    private readonly noun = 'result',
    /** How a message names the whole output: `the result`, `the 404 error body`. */
    private readonly whole = `the ${noun}`,
  ) {}

  /** A change of the operation's own: its message starts with the operationId. */
  report(level: Level, message: string, where: Where): void {
    this.add({ level, operationId: this.id, message: `${this.id}: ${message}`, where });
  }

  /** A change of something operations share (a parameter, a named type): its message names it, and equal ones merge. */
  shared(level: Level, message: string, where: Where, rename?: Rename): void {
    this.add({ level, operationId: this.id, message, where, ...(rename ? { rename } : {}), shared: true });
  }

  /** A change at `place`: shared when a named type or a parameter holds it, the operation's own otherwise. */
  found(level: Level, message: string, place: WalkPlace, removed = false, rename?: Rename): void {
    if (this.side === 'input' || this.owner(place) !== undefined)
      this.shared(level, message, this.where(place, removed), rename);
    else this.report(level, message, this.where(place, removed));
  }

  owner(place: WalkPlace): string | undefined {
    return place.newOwner ?? place.oldOwner;
  }

  private where(place: WalkPlace, removed = false): Where {
    const where: Where = { side: removed ? 'old' : 'new', operationId: this.id };
    const owner = removed ? place.oldOwner : place.newOwner;
    if (owner && place.field) return { ...where, type: owner, field: place.field };
    if (place.param) return { ...where, param: place.param };
    return where;
  }

  /** How a message names what changed: `result field Tweet.lang`, `result type Status`, `NewPet.kind`, `tweet.fields[]`, `result field data.id`. */
  subject(path: string, place: WalkPlace): string {
    const owner = this.owner(place);
    const output = this.side === 'output';
    if (owner !== undefined) {
      const name = place.rel ? `${owner}.${place.rel}` : owner;
      return output ? (place.rel ? `${this.noun} field ${name}` : `${this.noun} type ${name}`) : name;
    }
    return output ? (path === '' ? this.whole : `${this.noun} field ${path}`) : path;
  }

  child(place: WalkPlace, name: string): string {
    return place.rel ? (name.startsWith('[') ? `${place.rel}${name}` : `${place.rel}.${name}`) : name;
  }

  compare(a: Shape, b: Shape, path: string, place: WalkPlace): void {
    if ('ref' in a || 'ref' in b) {
      const key = `${'ref' in a ? a.ref : JSON.stringify(a)}\0${'ref' in b ? b.ref : JSON.stringify(b)}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      if ('ref' in a && 'ref' in b && a.ref !== b.ref) {
        const to = this.pairs.get(a.ref) ?? new Map<string, Set<string>>();
        this.pairs.set(a.ref, to);
        const ids = to.get(b.ref) ?? new Set<string>();
        to.set(b.ref, ids.add(this.id));
      }
      const ra = this.resolve(a, this.old);
      const rb = this.resolve(b, this.next);
      const owners =
        'ref' in a || 'ref' in b
          ? { oldOwner: 'ref' in a ? a.ref : undefined, newOwner: 'ref' in b ? b.ref : undefined, rel: '' }
          : {};
      this.compare(ra, rb, path, { ...place, ...owners });
      return;
    }
    this.compareNull(a, b, path, place);
    if (a.kind !== b.kind) {
      // `integer` and `number` are both `number` in TypeScript: no call or read changes.
      if (isScalar(a) && isScalar(b) && numeric(a.kind) && numeric(b.kind)) {
        this.found(
          'patch',
          `${this.subject(path, place)} is now ${b.kind === 'integer' ? 'an integer' : 'any number'} (was ${a.kind === 'integer' ? 'an integer' : 'any number'}): both are number in TypeScript`,
          place,
        );
        this.compareScalar(a, { ...b, kind: a.kind }, path, place);
        return;
      }
      this.kindChanged(a, b, path, place);
      return;
    }
    switch (a.kind) {
      case 'array':
        if (b.kind !== 'array') return;
        compareBounds(this, a.bounds, b.bounds, path, place);
        this.compare(a.items, b.items, `${path}[]`, {
          ...place,
          field: undefined,
          rel: this.child(place, '[]'),
        });
        return;
      case 'object':
        if (b.kind !== 'object') return;
        compareObjects(this, a, b, path, place);
        return;
      case 'all': {
        const fa = this.fieldsOf(a, this.old);
        const fb = this.fieldsOf(b, this.next);
        if (fa && fb) compareFields(this, fa, fb, path, place);
        else if (b.kind === 'all' && a.of.length === b.of.length) {
          // Part by part (an enum value added inside one part is that change, not a new type).
          a.of.forEach((part, i) => this.compare(part, b.of[i] as Shape, path, place));
        } else if (JSON.stringify(a) !== JSON.stringify(b))
          this.found('breaking', `the type of ${this.subject(path, place)} changed`, place);
        return;
      }
      case 'union':
        if (b.kind === 'union') compareUnion(this, a.of, b.of, path, place);
        return;
      default:
        this.compareScalar(a, b as typeof a, path, place);
    }
  }

  private compareScalar(a: Scalar, b: Scalar, path: string, place: WalkPlace): void {
    if (a.money || b.money) compareMoney(this, a, b, path, place);
    if (a.enum || b.enum) compareEnum(this, a, b, path, place);
    if (a.bounds || b.bounds) compareBounds(this, a.bounds, b.bounds, path, place);
  }

  resolve(shape: Shape, snapshot: ApiSnapshot, depth = 0): Shape {
    if (!('ref' in shape)) return shape;
    const target = snapshot.types[shape.ref]?.shape ?? { kind: 'unknown' };
    const resolved = depth < 16 ? this.resolve(target, snapshot, depth + 1) : target;
    return shape.nullable && !('ref' in resolved) ? { ...resolved, nullable: true } : resolved;
  }

  /** The fields of an `allOf` of object shapes, or undefined when a part is not one. */
  fieldsOf(shape: Shape, snapshot: ApiSnapshot, depth = 0): Record<string, Field> | undefined {
    const resolved = this.resolve(shape, snapshot);
    if ('ref' in resolved || depth > 8) return undefined;
    if (resolved.kind === 'object') return resolved.fields;
    if (resolved.kind !== 'all') return undefined;
    const out: Record<string, Field> = {};
    for (const part of resolved.of) {
      const fields = this.fieldsOf(part, snapshot, depth + 1);
      if (!fields) return undefined;
      for (const [name, field] of Object.entries(fields))
        out[name] = out[name]?.required ? { ...field, required: true } : field;
    }
    return out;
  }

  private compareNull(a: Shape, b: Shape, path: string, place: WalkPlace): void {
    const an = 'nullable' in a && a.nullable === true;
    const bn = 'nullable' in b && b.nullable === true;
    if (an === bn) return;
    const subject = this.subject(path, place);
    if (this.side === 'output' && bn) this.found('breaking', `${subject} may now be null`, place);
    if (this.side === 'input' && an) this.found('breaking', `${subject} no longer accepts null`, place);
    if (this.side === 'input' && bn) this.found('feature', `${subject} accepts null`, place);
  }

  private kindChanged(
    a: Exclude<Shape, { ref: string }>,
    b: Exclude<Shape, { ref: string }>,
    path: string,
    place: WalkPlace,
  ): void {
    const widened =
      this.side === 'input'
        ? b.kind === 'unknown' ||
          (b.kind === 'union' && b.of.some((v) => typeText(v) === typeText(a))) ||
          (a.kind === 'union' && b.kind === 'object' && this.objectTakesAll(a.of, b))
        : a.kind === 'unknown';
    const message = `${this.subject(path, place)} changed from ${typeText(a)} to ${typeText(b)}`;
    this.found(widened ? 'feature' : 'breaking', message, place);
  }

  /** A request object every old union member fits: each is an object whose fields it has (or it takes any field), and what it requires each member gives. */
  private objectTakesAll(members: Shape[], object: Extract<Shape, { kind: 'object' }>): boolean {
    const fields = object.fields;
    return members.every((member) => {
      const own = this.fieldsOf(member, this.old);
      if (!own) return false;
      const fits = freeForm(object) || Object.keys(own).every((f) => f in fields);
      const gives = Object.entries(fields).every(
        ([f, field]) => !field.required || own[f]?.required === true,
      );
      return fits && gives;
    });
  }
}

function numeric(kind: string): boolean {
  return kind === 'integer' || kind === 'number';
}
