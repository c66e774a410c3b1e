/** The rules for bounds and patterns: what the runtime checks before a request is sent. */
import type { Bounds } from './shapes.ts';
import type { ShapeWalk, WalkPlace } from './shape-walk.ts';

export function compareBounds(
  walk: ShapeWalk,
  a: Bounds | undefined,
  b: Bounds | undefined,
  path: string,
  place: WalkPlace,
): void {
  // Bounds are checked before a request is sent; a result's bounds constrain nothing a consumer writes.
  if (walk.side === 'output') return;
  const before = a ?? {};
  const after = b ?? {};
  const tightened: string[] = [];
  const loosened: string[] = [];
  const lower = ['minLength', 'minimum', 'minItems'] as const;
  const upper = ['maxLength', 'maximum', 'maxItems'] as const;
  for (const key of [...lower, ...upper]) {
    const x = before[key];
    const y = after[key];
    if (x === y) continue;
    const isLower = (lower as readonly string[]).includes(key);
    const tighter = x === undefined || (y !== undefined && (isLower ? y > x : y < x));
    (tighter && y !== undefined ? tightened : loosened).push(
      y === undefined ? `no ${key} (was ${x})` : `${key} ${y}${x === undefined ? '' : ` (was ${x})`}`,
    );
  }
  for (const key of ['exclusiveMinimum', 'exclusiveMaximum', 'pattern'] as const) {
    const x = before[key];
    const y = after[key];
    if (x === y) continue;
    (y === undefined || y === false ? loosened : tightened).push(
      y === undefined ? `no ${key}` : `${key} ${JSON.stringify(y)}`,
    );
  }
  const subject = walk.subject(path, place);
  // The types do not change: the code compiles, and the call throws where it used to send.
  if (tightened.length > 0)
    walk.found(
      'breaking',
      `${subject} narrowed: ${tightened.join(', ')}; a run-time break: a call with a value outside it now throws ValidationError before sending`,
      place,
    );
  if (loosened.length > 0) walk.found('feature', `${subject} widened: ${loosened.join(', ')}`, place);
}
