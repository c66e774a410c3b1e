/** The rules for two unions (`oneOf`, `anyOf`, type lists): members paired, lost, gained, and members whose fields now clash. */
import type { Shape } from './shapes.ts';
import type { ShapeWalk, WalkPlace } from './shape-walk.ts';
import { typeText } from './type-text.ts';

export function compareUnion(walk: ShapeWalk, a: Shape[], b: Shape[], path: string, place: WalkPlace): void {
  // Pair each old variant with a new one: the same one first, then one read the same way
  // (the same position preferred), so variants that changed in place are compared one by one.
  const pairs: [number, number][] = [];
  const used = new Set<number>();
  const claim = (i: number, match: (j: number) => boolean): boolean => {
    const order = [i, ...b.keys()].filter((j) => j < b.length && !used.has(j));
    const j = order.find(match);
    if (j === undefined) return false;
    used.add(j);
    pairs.push([i, j]);
    return true;
  };
  const unpaired: number[] = [];
  a.forEach((v, i) => {
    if (!claim(i, (j) => JSON.stringify(b[j]) === JSON.stringify(v))) unpaired.push(i);
  });
  const lost = unpaired.filter((i) => !claim(i, (j) => typeText(b[j] as Shape) === typeText(a[i] as Shape)));
  const gained = b.filter((_, j) => !used.has(j));
  const input = walk.side === 'input';
  const subject = walk.subject(path, place);
  if (lost.length > 0 && gained.length === lost.length) {
    lost.forEach((i, k) => walk.compare(a[i] as Shape, gained[k] as Shape, path, place));
  } else {
    const names = (list: Shape[]): string => list.map(typeText).join(' | ');
    // A result member lost breaks a case on it, or a read of a field only it has: like a closed enum losing a value.
    if (lost.length > 0) {
      const what = names(lost.map((i) => a[i] as Shape));
      walk.found(
        'breaking',
        input
          ? `${subject} no longer accepts ${what}`
          : `${subject} is no longer ${what}: a case on it, or a read of a field only it has, no longer compiles`,
        place,
      );
    }
    if (gained.length > 0)
      walk.found(
        input ? 'feature' : 'breaking',
        `${subject} ${input ? 'accepts' : 'may now be'} ${names(gained)}`,
        place,
      );
  }
  for (const [i, j] of pairs) walk.compare(a[i] as Shape, b[j] as Shape, path, place);
  if (!input) compareSiblings(walk, a, b, path, place);
}

/**
 * A result union's member that gains a field another member already has with another type: after
 * `'f' in value` the field is now either type, so code that read it as the other member's type no
 * longer compiles. Field by field, over the members that are objects.
 */
function compareSiblings(walk: ShapeWalk, a: Shape[], b: Shape[], path: string, place: WalkPlace): void {
  const before = a.map((m) => walk.fieldsOf(m, walk.old));
  const after = b.map((m) => walk.fieldsOf(m, walk.next));
  const had = new Set(before.flatMap((f) => Object.keys(f ?? {})));
  after.forEach((fields, j) => {
    for (const [name, field] of Object.entries(fields ?? {})) {
      if (!had.has(name)) continue;
      // Only a field this member did not have before (matched by name among the old members' fields).
      const same = before[j] ?? before.find((f) => f && Object.keys(f).every((k) => fields && k in fields));
      if (same && name in same) continue;
      const clash = after.find(
        (other, k) =>
          k !== j &&
          other?.[name] &&
          typeText(walk.resolve(other[name].type, walk.next)) !==
            typeText(walk.resolve(field.type, walk.next)),
      );
      if (!clash) continue;
      const member = typeText(b[j] as Shape);
      walk.found(
        'breaking',
        `${walk.subject(path, place)}: member ${member} now has field ${name} as ${typeText(field.type)}, which another member has as ${typeText(clash[name]!.type)}: after an 'in' check, ${name} is either, and code reading it as the other no longer compiles`,
        place,
      );
    }
  });
}
