/**
 * The rules for the error bodies of one operation: what `isApiError(error, id)` and a check of
 * `error.status` narrow `error.body` to. A body is read like a result, so its type is walked as one;
 * a status that loses its body leaves `error.body` undefined for it at run time (the code reading it
 * still compiles, against `never`, and no longer runs), and a range that starts typing statuses
 * another body was checked for breaks the compile of code reading a field only that body has.
 */
import type { Level, Where } from './change.ts';
import type { Shape } from './shapes.ts';
import type { OperationSnapshot } from './snapshot.ts';

/** Walks two error body types of one status (a result-side walk whose messages say `error body`). */
export type ErrorBodyWalk = (status: string, before: Shape, after: Shape) => void;

/** A status the spec gives as a number: `error.status === 404` narrows to it alone. */
function isCode(status: string): boolean {
  return /^\d+$/.test(status);
}

function typeNameOf(shape: Shape): string {
  return 'ref' in shape ? shape.ref : JSON.stringify(shape);
}

/**
 * The changes of an operation's error bodies (format 7 snapshots; older ones take `next`'s, see
 * older-snapshots.ts). `report` adds one of the operation's own; `walk` compares a kept status's types.
 */
export function compareErrors(
  before: OperationSnapshot,
  after: OperationSnapshot,
  report: (level: Level, message: string, where?: Where) => void,
  walk: ErrorBodyWalk,
  id: string,
  untypedKnown: boolean,
): void {
  const old = before.errors ?? {};
  const now = after.errors ?? {};
  const untyped = new Set(after.untypedErrors ?? []);
  for (const [status, shape] of Object.entries(old)) {
    const kept = now[status];
    if (kept) {
      walk(status, shape, kept);
      continue;
    }
    // A range or `default` left beside it types the status now, unless the spec lists it without a
    // body (before format 8 the snapshot does not say: then "or none").
    const cover = untyped.has(status)
      ? undefined
      : Object.keys(now).find(
          (key) => key !== status && (key === 'default' || (isCode(status) && key === `${status[0]}XX`)),
        );
    if (cover === undefined)
      report(
        'breaking',
        `ApiError.body is no longer typed for status ${status} (was ${typeNameOf(shape)}): it is undefined for that status (the answer is in rawBody), so code reading it no longer runs`,
        { side: 'old', operationId: id },
      );
    else if (untypedKnown && typeNameOf(now[cover]!) === typeNameOf(shape))
      // The same type read from the range: a check of `error.status` narrows to it as before, and the
      // body is parsed for the status as before (the type's own changes are compared with the types).
      report(
        'patch',
        `ApiError.body for status ${status} is now typed by the ${cover} body (${typeNameOf(shape)}, as before)`,
      );
    else
      report(
        'breaking',
        `ApiError.body is no longer typed for status ${status} on its own (was ${typeNameOf(shape)}): a check of error.status that gave it gives the ${cover} body (${typeNameOf(now[cover]!)})${untypedKnown ? '' : ' or none'}`,
        { side: 'old', operationId: id },
      );
  }
  for (const [status, shape] of Object.entries(now)) {
    if (old[status]) continue;
    // A range or `default` also answers a check of any number: where such a check narrowed the body to
    // another type before, it is now one of two, and reading a field only that one had fails to compile.
    const widened = isCode(status)
      ? []
      : Object.entries(old).filter(([, other]) => typeNameOf(other) !== typeNameOf(shape));
    if (widened.length > 0)
      report(
        'breaking',
        `ApiError.body is typed for status ${status} (${typeNameOf(shape)}): a check of error.status that gave ${widened.map(([s, other]) => `${typeNameOf(other)} (${s})`).join(', ')} may now give ${typeNameOf(shape)} too`,
      );
    else report('feature', `ApiError.body is typed for status ${status} (${typeNameOf(shape)})`);
  }
}
