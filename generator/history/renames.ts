import { type Change, operationsOf } from '../diff/change.ts';
import { diffSnapshots } from '../diff/rules.ts';
import type { ApiSnapshot } from '../diff/snapshot.ts';
import { memberName, pascalCase } from '../model/names.ts';

/**
 * The renames between two versions of a generated package: what `xgen migrate` rewrites. This file
 * is the one place migrate learns about renames; everything else reads `Renames`. It reads them
 * from the diff's structured renames, never deciding one on its own. It sits in history/ because
 * versioning reads it too: a release with a rename keeps the snapshot migrate starts from.
 */
export interface Renames {
  /** By old operationId: the operation it became (the same id in another group or method, or a new id for the same request). */
  operations: Map<string, OperationRename>;
  /** By NEW operationId: old params key -> new params key (parameters and body fields, by wire name). */
  params: Map<string, Map<string, string>>;
  /** Old enum value -> the values it became (in some enum of the package); a use picks the one its type accepts. */
  enumValues: Map<string, Set<string>>;
  /**
   * Old field name -> the names it became, in some object type of the package (result fields, `includes`
   * keys, fields of objects inside a request); a use picks the one its object's type has.
   */
  fields: Map<string, Set<string>>;
  /** Old exported type name -> new exported type name. */
  types: Map<string, string>;
  /** Old `/functions` export -> new export (the functions are named by operationId). */
  functions: Map<string, string>;
}

export interface OperationRef {
  id: string;
  group: string;
  method: string;
}

export interface OperationRename {
  from: OperationRef;
  to: OperationRef;
}

/**
 * The renames between the package whose snapshot is `old` and the one whose snapshot is `next`, as
 * the diff found them (`Change.rename` from `diffSnapshots`; `changes`: that diff, when the caller
 * has it): the diff is the one place that decides what is a rename. Added here only what follows
 * from names the generator derives from operationIds: the `/functions` export and the `<Id>Params`
 * type of an operation whose id changed.
 */
export function renamesBetween(
  old: ApiSnapshot,
  next: ApiSnapshot,
  changes: Change[] = diffSnapshots(old, next),
): Renames {
  const renames: Renames = {
    operations: new Map(),
    params: new Map(),
    enumValues: new Map(),
    fields: new Map(),
    types: new Map(),
    functions: new Map(),
  };
  for (const change of changes) {
    const rename = change.rename;
    if (rename === undefined) continue;
    switch (rename.kind) {
      case 'method':
        renames.operations.set(rename.operationId, {
          from: { id: rename.operationId, ...rename.from },
          to: { id: rename.operationId, ...rename.to },
        });
        break;
      case 'operation': {
        renames.operations.set(rename.from, {
          from: { id: rename.from, ...rename.client.from },
          to: { id: rename.to, ...rename.client.to },
        });
        renames.functions.set(memberName(rename.from), memberName(rename.to));
        // The types named after the operation follow its id: as the diff lists them, or (a diff of an
        // older xgen, which did not) its params type.
        for (const type of rename.types ?? []) renames.types.set(type.from, type.to);
        const a = `${pascalCase(rename.from)}Params`;
        const b = `${pascalCase(rename.to)}Params`;
        if (!rename.types && !old.types[a] && !next.types[b]) renames.types.set(a, b);
        break;
      }
      case 'parameter':
      case 'body-field':
        // Found in the new operations: the params keys of each, by its new operationId.
        for (const id of operationsOf(change)) {
          const keys = renames.params.get(id) ?? new Map<string, string>();
          keys.set(rename.from, rename.to);
          renames.params.set(id, keys);
        }
        break;
      case 'enum-value':
        // Migrate meets a literal by value; the use's type picks which of the new values fits.
        if (typeof rename.from === 'string' && typeof rename.to === 'string') {
          const values = renames.enumValues.get(rename.from) ?? new Set<string>();
          values.add(rename.to);
          renames.enumValues.set(rename.from, values);
        }
        break;
      case 'field': {
        // Migrate meets a field by name on an object of the package's types; the object's type picks the new name.
        const names = renames.fields.get(rename.from) ?? new Set<string>();
        renames.fields.set(rename.from, names.add(rename.to));
        break;
      }
      case 'type':
        renames.types.set(rename.from, rename.to);
        break;
    }
  }
  return renames;
}

/** True when there is nothing to rename. */
export function noRenames(renames: Renames): boolean {
  return (
    renames.operations.size +
      renames.params.size +
      renames.enumValues.size +
      renames.fields.size +
      renames.types.size +
      renames.functions.size ===
    0
  );
}
