/** The rules for enum values, open and closed, on either side of a call, and values renamed on evidence. */
import type { Rename } from './change.ts';
import { pairUp } from './evidence.ts';
import type { Literal, Scalar } from './shapes.ts';
import type { ShapeWalk, WalkPlace } from './shape-walk.ts';

/**
 * Enum values. A request's enum is always closed (the model closes what is sent): losing a value
 * breaks callers, gaining one is a feature. A result's closed enum is the union of its values:
 * a value gained breaks an exhaustive `switch` (its `never` check), a value lost breaks a
 * `case` or comparison with it (TS2678, TS2367), and opening it (`'a' | 'b' | string`, which the
 * compiler reads as `string`) breaks both and any lookup keyed by the values. An open or plain
 * result is a `string` either way: its listed values are documentation, and closing it a feature.
 * A closed enum's value that went while one like it came (`referenced_tweets.id` ->
 * `referenced_posts.id`: one word of several differs) is reported as renamed, with the pair.
 */
export function compareEnum(walk: ShapeWalk, a: Scalar, b: Scalar, path: string, place: WalkPlace): void {
  const list = (values: Literal[]): string => values.map((v) => JSON.stringify(v)).join(', ');
  const them = (values: Literal[]): string => (values.length === 1 ? 'it' : 'them');
  let lost = a.enum && b.enum ? a.enum.filter((v) => !b.enum?.includes(v)) : [];
  let gained = a.enum && b.enum ? b.enum.filter((v) => !a.enum?.includes(v)) : [];
  const subject = walk.subject(path, place);
  const closedA = a.enum !== undefined && (walk.side === 'input' || !a.open);
  const closedB = b.enum !== undefined && (walk.side === 'input' || !b.open);
  if (closedA && closedB) {
    const owner = walk.owner(place);
    const strings = (values: Literal[]): string[] => values.filter((v): v is string => typeof v === 'string');
    for (const [from, to] of pairUp(strings(lost), strings(gained), (x, y) =>
      walk.evidence.corroborated(x, y),
    )) {
      const rename: Rename = {
        kind: 'enum-value',
        ...(owner !== undefined && !place.rel
          ? { type: owner }
          : place.key !== undefined
            ? { param: path }
            : {}),
        from: from as string,
        to: to as string,
      };
      walk.found(
        'breaking',
        `${subject}: value ${JSON.stringify(from)} renamed to ${JSON.stringify(to)}`,
        place,
        false,
        rename,
      );
      lost = lost.filter((v) => v !== from);
      gained = gained.filter((v) => v !== to);
    }
  }
  if (walk.side === 'input') {
    if (a.enum && b.enum) {
      if (lost.length > 0) walk.found('breaking', `${subject} no longer accepts ${list(lost)}`, place);
      if (gained.length > 0) walk.found('feature', `${subject} accepts ${list(gained)}`, place);
    } else if (b.enum) walk.found('breaking', `${subject} now accepts only ${list(b.enum)}`, place);
    else if (a.enum)
      walk.found('feature', `${subject} accepts any ${a.kind} (was only ${list(a.enum)})`, place);
    return;
  }
  if (closedA && closedB) {
    if (lost.length > 0)
      walk.found(
        'breaking',
        `${subject} is no longer ${list(lost)}: a case or comparison with ${them(lost)} no longer compiles`,
        place,
      );
    if (gained.length > 0)
      walk.found(
        'breaking',
        `${subject} may now be ${list(gained)}: an exhaustive switch on it no longer compiles without a case for ${them(gained)}`,
        place,
      );
  } else if (closedA) {
    const now = b.enum ? 'an open enum (any other string too)' : `any ${b.kind}`;
    walk.found(
      'breaking',
      `${subject} is no longer limited to ${list(a.enum ?? [])}: it is now ${now}, and an exhaustive switch or a lookup keyed by those values no longer compiles`,
      place,
    );
  } else if (closedB) {
    const dropped = (a.enum ?? []).filter((v) => !b.enum?.includes(v));
    if (dropped.length > 0)
      walk.found(
        'breaking',
        `${subject} is now limited to ${list(b.enum ?? [])}, no longer ${list(dropped)}: a case or comparison with ${them(dropped)} no longer compiles`,
        place,
      );
    else
      walk.found(
        'feature',
        `${subject} is now limited to ${list(b.enum ?? [])}: an exhaustive switch on it is possible`,
        place,
      );
  } else if (a.enum && b.enum) {
    // Both open: the type is `string` before and after; the listed values document what is sent.
    if (gained.length > 0)
      walk.found(
        'feature',
        `${subject} may now be ${list(gained)} (an open enum: its type, any string, is unchanged)`,
        place,
      );
    if (lost.length > 0)
      walk.found(
        'patch',
        `${subject} is no longer ${list(lost)} (an open enum: its type, any string, is unchanged)`,
        place,
      );
  } else if (b.enum)
    walk.found(
      'patch',
      `${subject} now lists its values ${list(b.enum)} (an open enum: its type, any string, is unchanged)`,
      place,
    );
  else if (a.enum)
    walk.found(
      'patch',
      `${subject} no longer lists values (was an open enum of ${list(a.enum)}; its type, any string, is unchanged)`,
      place,
    );
}
