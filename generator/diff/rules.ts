/**
 * The classification: two API snapshots in, the changes a consumer of the generated client sees out,
 * each cause once and in order. The rules by what they compare are in the `*-rules.ts` files beside.
 */
import { canonical } from './canonical.ts';
import { type Change, LEVELS } from './change.ts';
import { namesUsed, placesOf, RenameEvidence } from './evidence.ts';
import { compareExports } from './export-rules.ts';
import { type FieldRenames, type Found, mergeCauses, type TypePairs } from './found.ts';
import { clientCall, compareOperation } from './operation-rules.ts';
import { compareHelpers, compareProblems, compareServers, compareSets } from './package-rules.ts';
import { withUnknownFacts } from './older-snapshots.ts';
import { compareProblemShapes } from './problem-rules.ts';
import type { ApiSnapshot, OperationSnapshot } from './snapshot.ts';

/**
 * The changes between two snapshots, classified by what they do to code written against the old
 * package: `breaking` (it may no longer compile or behave), `feature` (new things to use), `patch`
 * (documentation, or wire details the generated call hides). Each cause once: a change of a named
 * type, a parameter or an enum found in several operations is one entry with their `operationIds`
 * (sorted); an operation's own changes (removed, renamed, kind changed, ...) are one entry each.
 * In order: breaking, feature, patch; within a level, by first operation in spec order, then the
 * package-wide ones.
 */
export function diffSnapshots(previous: ApiSnapshot, next: ApiSnapshot): Change[] {
  // A snapshot of an older format lacks some facts: they compare as unchanged, not as removed.
  const old = withUnknownFacts(previous, next);
  const changes: Found[] = [];
  // Fields found renamed, by name of the type holding them (`''` inline): what a selection's defaults and paths follow.
  const fieldRenames: FieldRenames = new Map();
  const add = (change: Found): void => {
    const rename = change.rename;
    if (rename?.kind === 'field') {
      const of = fieldRenames.get(rename.type ?? '') ?? new Map<string, string>();
      fieldRenames.set(rename.type ?? '', of.set(rename.from, rename.to));
    }
    changes.push(change);
  };
  const pairs: TypePairs = new Map();
  const renamed = operationRenames(old, next);
  const evidence = new RenameEvidence(
    placesOf(old, next, renamed),
    { old: old.types, next: next.types },
    namesUsed(next),
  );
  // The removal of each operation, and the exported names that went with it (filled in by compareExports).
  const removals = new Map<string, { change: Found; names: string[] }>();
  for (const [id, before] of Object.entries(old.operations)) {
    const newId = renamed.get(id);
    if (newId !== undefined) {
      compareOperation(
        newId,
        before,
        next.operations[newId] as OperationSnapshot,
        old,
        next,
        add,
        pairs,
        evidence,
        fieldRenames,
        id,
      );
      continue;
    }
    const after = next.operations[id];
    if (!after) {
      const removal: Found = {
        level: 'breaking',
        operationId: id,
        message: `${id}: operation removed (was ${clientCall(before)})`,
        where: { side: 'old', operationId: id },
      };
      removals.set(id, { change: removal, names: [] });
      add(removal);
      continue;
    }
    compareOperation(id, before, after, old, next, add, pairs, evidence, fieldRenames);
  }
  const renamedTo = new Set(renamed.values());
  for (const [id, after] of Object.entries(next.operations)) {
    if (!old.operations[id] && !renamedTo.has(id))
      add({
        level: 'feature',
        operationId: id,
        message: `${id}: operation added as ${clientCall(after)}`,
        where: { side: 'new', operationId: id },
      });
  }
  const typesRenamedWith = new Map<string, [string, string][]>();
  compareExports(
    old,
    next,
    pairs,
    add,
    renamed,
    (id, name) => removals.get(id)?.names.push(name),
    (id, from, to) => typesRenamedWith.set(id, [...(typesRenamedWith.get(id) ?? []), [from, to]]),
    evidence,
  );
  // Each cause once: the names an operation's removal takes with it are listed in its entry, and so
  // are those its new operationId renames (`DeletePetParams` -> `RemovePetParams`), which migrate follows.
  for (const { change, names } of removals.values()) {
    if (names.length > 0)
      change.message += `; no longer exported with it: ${[...new Set(names)].sort().join(', ')} (code naming them no longer compiles)`;
  }
  for (const change of changes) {
    const rename = change.rename;
    const types = rename?.kind === 'operation' ? typesRenamedWith.get(rename.from) : undefined;
    if (rename?.kind !== 'operation' || !types) continue;
    types.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    change.message += `; its types renamed with it: ${types.map(([from, to]) => `${from} -> ${to}`).join(', ')}`;
    change.rename = { ...rename, types: types.map(([from, to]) => ({ from, to })) };
  }
  compareSets(
    old.auth,
    next.auth,
    (kind) => `the client no longer accepts ${kind} credentials`,
    (kind) => `the client accepts ${kind} credentials`,
    (auth) => ({ auth }),
    add,
  );
  compareHelpers(old.helpers ?? {}, next.helpers ?? {}, add);
  compareServers(old.servers, next.servers, add);
  compareProblemShapes(old, next, compareProblems(old.problems, next.problems, add), add, pairs, evidence);
  for (const [name, before] of Object.entries(old.types)) {
    const after = next.types[name];
    if (after && before.docs !== after.docs)
      add({
        level: 'patch',
        message: `documentation of ${name} changed`,
        where: { side: 'new', type: name },
      });
  }
  if (old.specVersion !== next.specVersion)
    add({ level: 'patch', message: `spec version ${old.specVersion} -> ${next.specVersion}` });
  // The helpers compare by name: one moving to another runtime module changes no import. The code
  // digests are not the API (the release step compares them).
  const comparable = (snapshot: ApiSnapshot): unknown => ({
    ...snapshot,
    specVersion: '',
    helpers: Object.values(snapshot.helpers ?? {})
      .flat()
      .sort(),
    code: undefined,
  });
  if (changes.length === 0 && canonical(comparable(old)) !== canonical(comparable(next))) {
    // Something in the types moved that no rule names (a `format`, say): not nothing, but nothing a call sees.
    add({ level: 'patch', message: 'schema details changed without changing the generated calls' });
  }
  const merged = mergeCauses(changes);
  return LEVELS.flatMap((level) => merged.filter((c) => c.level === level));
}

/**
 * Operations whose operationId changed while their method and path stayed (`DELETE /v1/pets/{pet_id}`
 * was `deletePet` and is `removePet`): old id -> new id. It is the same endpoint under a new name, so
 * it is a rename (what `xgen migrate` rewrites) and compared with its old self, not a removal and an
 * addition. Only where exactly one operation went and one came on that method and path.
 */
function operationRenames(old: ApiSnapshot, next: ApiSnapshot): Map<string, string> {
  const byHttp = (from: ApiSnapshot, other: ApiSnapshot): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const [id, op] of Object.entries(from.operations))
      if (!other.operations[id]) out.set(op.http, [...(out.get(op.http) ?? []), id]);
    return out;
  };
  const gone = byHttp(old, next);
  const came = byHttp(next, old);
  const out = new Map<string, string>();
  for (const [http, ids] of gone) {
    const to = came.get(http);
    if (ids.length === 1 && to?.length === 1) out.set(ids[0] as string, to[0] as string);
  }
  return out;
}
