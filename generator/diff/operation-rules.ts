/**
 * The rules for one operation kept across the two snapshots: its id and place on the client, its
 * kind, method and path, credentials, deprecation and docs; then its params, result, error bodies
 * and narrowing, each by its own rules.
 */
import type { Level, Rename, Where } from './change.ts';
import type { RenameEvidence } from './evidence.ts';
import { compareErrors } from './error-rules.ts';
import type { FieldRenames, Found, TypePairs } from './found.ts';
import { compareNarrowing } from './narrowing-rules.ts';
import { compareParams } from './param-rules.ts';
import type { ApiSnapshot, OperationSnapshot } from './snapshot.ts';
import { OperationTypeWalker } from './operation-type-walker.ts';

/** How a message names an operation's method on the client: `client.tweets.list`. */
export function clientCall(op: OperationSnapshot): string {
  return `client.${op.group}.${op.method}`;
}

/** The changes of one operation found in both snapshots (under a new operationId, when `renamedFrom` is given). */
export function compareOperation(
  id: string,
  before: OperationSnapshot,
  after: OperationSnapshot,
  old: ApiSnapshot,
  next: ApiSnapshot,
  add: (c: Found) => void,
  pairs: TypePairs,
  evidence: RenameEvidence,
  fieldRenames: FieldRenames,
  /** The operationId the operation had, when only that changed on its method and path. */
  renamedFrom?: string,
): void {
  const at: Where = { side: 'new', operationId: id };
  const report = (level: Level, message: string, where: Where = at): void =>
    add({ level, operationId: id, message: `${id}: ${message}`, where });
  const shared = (level: Level, message: string, where: Where = at): void =>
    add({ level, operationId: id, message, where, shared: true });
  if (renamedFrom !== undefined) {
    // One entry for the operation: its new id, and its place on the client whether or not that moved too.
    const client = {
      from: { group: before.group, method: before.method },
      to: { group: after.group, method: after.method },
    };
    const moved = before.group !== after.group || before.method !== after.method;
    const rename: Rename = { kind: 'operation', from: renamedFrom, to: id, http: after.http, client };
    add({
      level: 'breaking',
      operationId: id,
      message: `operation ${renamedFrom} renamed to ${id} (${moved ? `${clientCall(before)} -> ${clientCall(after)}` : `still ${clientCall(after)}`})`,
      where: at,
      rename,
    });
  } else if (before.group !== after.group || before.method !== after.method) {
    const rename: Rename = {
      kind: 'method',
      operationId: id,
      from: { group: before.group, method: before.method },
      to: { group: after.group, method: after.method },
    };
    add({
      level: 'breaking',
      operationId: id,
      message: `${id}: ${clientCall(before)} renamed to ${clientCall(after)}`,
      where: at,
      rename,
    });
  }
  if (before.kind !== after.kind)
    report('breaking', `changed from a ${before.kind} operation to a ${after.kind} one`);
  else if (before.kind === 'stream' && before.events !== after.events)
    report(
      'breaking',
      after.events === 'sse'
        ? 'streams Server-Sent Events now: each item is a ServerSentEvent whose data is what an item was'
        : 'streams its items themselves now, not ServerSentEvents holding them',
    );
  if (before.http !== after.http)
    report('patch', `now sent as ${after.http} (was ${before.http}); the call is unchanged`);
  const oldAuth = before.auth.includes('*') ? [] : before.auth;
  const newAuth = after.auth.includes('*') ? [] : after.auth;
  if (newAuth.length > 0) {
    const lost = oldAuth.length === 0 ? [] : oldAuth.filter((k) => !newAuth.includes(k));
    if (oldAuth.length === 0)
      report('breaking', `accepts only ${newAuth.join(', ')} credentials (accepted any)`);
    else if (lost.length > 0) report('breaking', `no longer accepts ${lost.join(', ')} credentials`);
  }
  const gained =
    oldAuth.length === 0 ? [] : newAuth.length === 0 ? ['any'] : newAuth.filter((k) => !oldAuth.includes(k));
  if (gained.length > 0) report('feature', `accepts ${gained.join(', ')} credentials`);
  if (!before.deprecated && after.deprecated) report('patch', 'deprecated');
  if (before.deprecated && !after.deprecated) report('patch', 'no longer deprecated');
  if (before.docs !== after.docs) report('patch', 'documentation changed');
  compareParams(
    id,
    before,
    after,
    new OperationTypeWalker(id, 'input', old, next, add, pairs, evidence),
    evidence,
  );
  if (!before.resultMayBeEmpty && after.resultMayBeEmpty) report('breaking', 'may now resolve to undefined');
  if (before.resultMayBeEmpty && !after.resultMayBeEmpty) report('patch', 'always resolves to a body');
  new OperationTypeWalker(id, 'output', old, next, add, pairs, evidence).compare(
    before.result,
    after.result,
    '',
    {},
  );
  compareErrors(
    before,
    after,
    report,
    (status, a, b) =>
      new OperationTypeWalker(
        id,
        'output',
        old,
        next,
        add,
        pairs,
        evidence,
        'error body',
        `the ${status} error body`,
      ).compare(a, b, '', {}),
    id,
    next.format >= 8,
  );
  compareNarrowing(id, before, after, next, report, shared, fieldRenames);
}
