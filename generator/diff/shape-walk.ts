/**
 * What the rules comparing two types see of the walk that calls them (operation-type-walker.ts): where it is, which
 * side of the call it is on, and how it reports a change and goes deeper. An interface, so that the
 * rules by what they compare (objects, unions, enums, bounds) and the walker do not import each other.
 */
import type { Level, Rename } from './change.ts';
import type { RenameEvidence } from './evidence.ts';
import type { Field, Shape } from './shapes.ts';
import type { ApiSnapshot } from './snapshot.ts';

/** What the walk knows of where it is: the parameter it is in, and the named types that hold the current field. */
export interface WalkPlace {
  param?: { in: string; wire: string };
  /** The params key the walk started from (input side). */
  key?: string;
  oldOwner?: string;
  newOwner?: string;
  field?: string;
  /** The path from the innermost named type (its field, `[]` for items): how messages name a change inside it. */
  rel?: string;
}

export interface ShapeWalk {
  /** A request type (`input`) or a result type (`output`): what widens and what narrows is the other way round. */
  readonly side: 'input' | 'output';
  readonly old: ApiSnapshot;
  readonly next: ApiSnapshot;
  readonly evidence: RenameEvidence;
  /** Compares two types at `path` (and goes on into their parts). */
  compare(a: Shape, b: Shape, path: string, place: WalkPlace): void;
  /** A change at `place`: shared when a named type or a parameter holds it, the operation's own otherwise. */
  found(level: Level, message: string, place: WalkPlace, removed?: boolean, rename?: Rename): void;
  /** The named type holding the current field, new or else old. */
  owner(place: WalkPlace): string | undefined;
  /** How a message names what changed: `result field Tweet.lang`, `result type Status`, `NewPet.kind`, ... */
  subject(path: string, place: WalkPlace): string;
  /** The path of a field or items (`[]`) inside the innermost named type. */
  child(place: WalkPlace, name: string): string;
  /** A shape with its references followed in `snapshot`. */
  resolve(shape: Shape, snapshot: ApiSnapshot): Shape;
  /** The fields of an object or of an `allOf` of object shapes, or undefined when a part is not one. */
  fieldsOf(shape: Shape, snapshot: ApiSnapshot): Record<string, Field> | undefined;
}
