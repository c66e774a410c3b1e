/**
 * The rule for amounts in micros (`x-money: micros`): the generated type of such a number is the
 * branded `Micros`, which a plain number is not. A request field that becomes one no longer takes the
 * numbers old code passes; a result field that stops being one no longer fits where old code passed
 * it as `Micros`. The other two ways round widen what compiles.
 */
import type { Scalar } from './shapes.ts';
import type { ShapeWalk, WalkPlace } from './shape-walk.ts';

export function compareMoney(walk: ShapeWalk, a: Scalar, b: Scalar, path: string, place: WalkPlace): void {
  if (a.money === b.money) return;
  const subject = walk.subject(path, place);
  const input = walk.side === 'input';
  if (b.money)
    walk.found(
      input ? 'breaking' : 'feature',
      input
        ? `${subject} now takes Micros (x-money: micros): a plain number no longer compiles (toMicros or asMicros makes one)`
        : `${subject} is now typed Micros (x-money: micros)`,
      place,
    );
  else
    walk.found(
      input ? 'feature' : 'breaking',
      input
        ? `${subject} takes any number (was Micros)`
        : `${subject} is no longer typed Micros: code passing it where Micros is expected no longer compiles`,
      place,
    );
}
