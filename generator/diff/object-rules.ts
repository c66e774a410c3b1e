/**
 * The rules for two object types: fields removed, added, renamed on evidence, required or optional,
 * and an object that opens to any field or stops taking any.
 */
import type { Rename } from './change.ts';
import { renamedEntries } from './evidence.ts';
import type { Field, Shape } from './shapes.ts';
import type { ShapeWalk, WalkPlace } from './shape-walk.ts';

export function compareObjects(
  walk: ShapeWalk,
  a: Extract<Shape, { kind: 'object' }>,
  b: Extract<Shape, { kind: 'object' }>,
  path: string,
  place: WalkPlace,
): void {
  const subject = walk.subject(path, place);
  if (walk.side === 'input' && freeForm(b) && !freeForm(a)) {
    // `Record<string, unknown>` takes any object: every old call still compiles.
    walk.found(
      'feature',
      `${subject} now takes any fields (was ${Object.keys(a.fields).join(', ') || 'an object'})`,
      place,
    );
    return;
  }
  if (
    walk.side === 'output' &&
    freeForm(a) &&
    !freeForm(b) &&
    Object.keys(b.fields).length > 0 &&
    !indexed(b)
  ) {
    // What code read as `unknown` by any key is now a declared field or not there: reads of other keys no longer compile.
    walk.found(
      'breaking',
      `${subject} now declares its fields (${Object.keys(b.fields).join(', ')}; was any fields, Record<string, unknown>): reading a field it does not declare no longer compiles`,
      place,
    );
    return;
  }
  compareFields(walk, a.fields, b.fields, path, place);
}

export function compareFields(
  walk: ShapeWalk,
  a: Record<string, Field>,
  b: Record<string, Field>,
  path: string,
  place: WalkPlace,
): void {
  const input = walk.side === 'input';
  const child = (name: string): string => (path === '' ? name : `${path}.${name}`);
  const removed = Object.keys(a).filter((name) => !b[name]);
  const added = Object.keys(b).filter((name) => !a[name]);
  // A field that went while another came is renamed only on evidence (see evidence.ts).
  const renames = new Map(
    renamedEntries(
      removed,
      added,
      {
        before: (k) => a[k] as Field,
        after: (k) => b[k] as Field,
        order: { before: Object.keys(a), after: Object.keys(b) },
      },
      () => '',
      walk.evidence,
    ),
  );
  const renamedTo = new Set(renames.values());
  for (const [name, field] of Object.entries(a)) {
    const to = renames.get(name);
    const other = b[to ?? name];
    const fieldPlace: WalkPlace = { ...place, field: name, rel: walk.child(place, name) };
    const label = input
      ? `field ${walk.subject(child(name), fieldPlace)}`
      : walk.subject(child(name), fieldPlace);
    if (!other) {
      walk.found('breaking', `${label} removed`, fieldPlace, true);
      continue;
    }
    const there: WalkPlace =
      to === undefined ? fieldPlace : { ...place, field: to, rel: walk.child(place, to) };
    if (to !== undefined) {
      const at = place.newOwner !== undefined ? place.rel : path;
      const rename: Rename = {
        kind: 'field',
        side: walk.side,
        ...(place.newOwner !== undefined ? { type: place.newOwner } : {}),
        ...(at ? { at } : {}),
        from: name,
        to,
      };
      walk.found('breaking', `${label} renamed to ${to}`, there, false, rename);
    }
    if (input && !field.required && other.required) walk.found('breaking', `${label} is now required`, there);
    if (input && field.required && !other.required) walk.found('feature', `${label} is now optional`, there);
    if (!input && field.required && !other.required)
      walk.found('breaking', `${label} is now optional (may be missing)`, there);
    if (!input && !field.required && other.required)
      walk.found('patch', `${label} is now always present`, there);
    walk.compare(field.type, other.type, child(to ?? name), there);
  }
  for (const [name, field] of Object.entries(b)) {
    if (a[name] || renamedTo.has(name)) continue;
    const fieldPlace: WalkPlace = { ...place, field: name, rel: walk.child(place, name) };
    const subject = walk.subject(child(name), fieldPlace);
    if (input)
      walk.found(
        field.required ? 'breaking' : 'feature',
        field.required ? `new required field ${subject}` : `optional field ${subject} added`,
        fieldPlace,
      );
    else walk.found('feature', `${subject} added`, fieldPlace);
  }
}

/** An object typed `Record<string, unknown>`: no declared fields, any others allowed. */
export function freeForm(shape: Extract<Shape, { kind: 'object' }>): boolean {
  return Object.keys(shape.fields).length === 0 && shape.extra !== false;
}

/** An object that keeps an index signature beside its fields (`additionalProperties: true` or a schema). */
function indexed(shape: Extract<Shape, { kind: 'object' }>): boolean {
  return shape.extra === true || typeof shape.extra === 'object';
}
