/**
 * The rules for an operation's params (query, path, header and body fields alike): removed, added,
 * renamed on evidence, now required or optional, moved, and each one's type by the walker.
 */
import type { Rename, Where } from './change.ts';
import { type RenameEvidence, renamedEntries } from './evidence.ts';
import type { OperationSnapshot, ParamSnapshot } from './snapshot.ts';
import type { OperationTypeWalker } from './operation-type-walker.ts';

function paramLabel(p: ParamSnapshot): string {
  return p.in === 'body' ? 'body field' : 'parameter';
}

export function compareParams(
  id: string,
  beforeOp: OperationSnapshot,
  afterOp: OperationSnapshot,
  walker: OperationTypeWalker,
  evidence: RenameEvidence,
): void {
  const before = beforeOp.params;
  const after = afterOp.params;
  // A body whose type now takes any field still takes the old ones: their calls compile.
  const gone = Object.keys(before).filter((k) => !(k in after));
  const absorbed = afterOp.bodyTakesAnyField ? gone.filter((k) => before[k]?.in === 'body') : [];
  if (!beforeOp.bodyTakesAnyField && afterOp.bodyTakesAnyField) {
    walker.report(
      'feature',
      `the body now takes any fields${absorbed.length > 0 ? ` (${absorbed.join(', ')} among them, no longer declared)` : ''}`,
      { side: 'new', operationId: id },
    );
  }
  const removed = gone.filter((k) => !absorbed.includes(k));
  const added = Object.keys(after).filter((k) => !(k in before));
  // A parameter that went while another came in the same place is renamed only on evidence (see evidence.ts).
  // Parameters keep the spec's order; the fields of a body are kept sorted, their place unknown.
  const ordered = (params: Record<string, ParamSnapshot>): string[] =>
    Object.keys(params).filter((k) => params[k]?.in !== 'body');
  const order = { before: ordered(before), after: ordered(after) };
  const renames = renamedEntries(
    removed,
    added,
    { before: (k) => before[k] as ParamSnapshot, after: (k) => after[k] as ParamSnapshot, order },
    (p) => p.in,
    evidence,
  );
  for (const [from, to] of renames) {
    removed.splice(removed.indexOf(from), 1);
    added.splice(added.indexOf(to), 1);
  }
  for (const key of removed) {
    const p = before[key] as ParamSnapshot;
    walker.shared('breaking', `${paramLabel(p)} ${key} removed`, {
      side: 'old',
      operationId: id,
      param: { in: p.in, wire: p.wire },
    });
  }
  for (const [from, to] of renames) {
    const a = before[from] as ParamSnapshot;
    const b = after[to] as ParamSnapshot;
    const rename: Rename = { kind: b.in === 'body' ? 'body-field' : 'parameter', in: b.in, from, to };
    walker.shared(
      'breaking',
      `${paramLabel(a)} ${from} renamed to ${to}`,
      { side: 'new', operationId: id, param: { in: b.in, wire: b.wire } },
      rename,
    );
    compareParam(id, to, a, b, walker);
  }
  for (const key of added) {
    const p = after[key] as ParamSnapshot;
    const where: Where = { side: 'new', operationId: id, param: { in: p.in, wire: p.wire } };
    if (p.required) walker.shared('breaking', `new required ${paramLabel(p)} ${key}`, where);
    else walker.shared('feature', `optional ${paramLabel(p)} ${key} added`, where);
  }
  for (const key of Object.keys(before)) {
    const a = before[key] as ParamSnapshot;
    const b = after[key];
    if (b) compareParam(id, key, a, b, walker);
  }
}

function compareParam(
  id: string,
  key: string,
  a: ParamSnapshot,
  b: ParamSnapshot,
  walker: OperationTypeWalker,
): void {
  const where: Where = { side: 'new', operationId: id, param: { in: b.in, wire: b.wire } };
  if (!a.required && b.required) walker.shared('breaking', `${paramLabel(b)} ${key} is now required`, where);
  if (a.required && !b.required) walker.shared('feature', `${paramLabel(b)} ${key} is now optional`, where);
  if (a.in !== b.in && a.in !== 'body' && b.in !== 'body')
    walker.shared('patch', `parameter ${key} is now sent in the ${b.in} (was the ${a.in})`, where);
  walker.compare(a.type, b.type, key, { param: where.param, key });
}
