/**
 * The rules for the fields of each problem type: after `isProblem(error.problem, type)` a consumer
 * reads the fields of that type's schema as it reads a result's, so its changes are walked as a
 * result's are. A schema some operation's params or result reach is walked with them already (its
 * changes are named there, with the operations), so only the others are walked here.
 */
import type { Found, TypePairs } from './found.ts';
import type { RenameEvidence } from './evidence.ts';
import { OperationTypeWalker } from './operation-type-walker.ts';
import { Reach } from './reach.ts';
import type { ApiSnapshot } from './snapshot.ts';

/** `kept`: the problem types in both snapshots, old `type` -> new (the same, or moved to another origin). */
export function compareProblemShapes(
  old: ApiSnapshot,
  next: ApiSnapshot,
  kept: ReadonlyMap<string, string>,
  add: (c: Found) => void,
  pairs: TypePairs,
  evidence: RenameEvidence,
): void {
  const reach = [new Reach(old), new Reach(next)];
  const reached = (name: string) => reach.some((r) => r.operationsReaching(name).length > 0);
  for (const [from, to] of kept) {
    const before = old.problemShapes?.[from];
    const after = next.problemShapes?.[to];
    if (!before || !after) continue;
    if (('ref' in before && reached(before.ref)) || ('ref' in after && reached(after.ref))) continue;
    // No operation: the walk's changes are the package's own, as a problem type's removal is.
    const packageWide = (change: Found): void => {
      const { operationId, where, ...rest } = change;
      const { operationId: at, ...place } = where ?? { side: 'new' as const };
      add({
        ...rest,
        ...(operationId ? { operationId } : {}),
        ...(where ? { where: at ? where : place } : {}),
      });
    };
    new OperationTypeWalker(
      '',
      'output',
      old,
      next,
      packageWide,
      pairs,
      evidence,
      'problem',
      `problem ${to}`,
    ).compare(before, after, '', {});
  }
}
