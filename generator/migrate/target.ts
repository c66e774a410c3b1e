import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Change } from '../diff/change.ts';
import type { ApiSnapshot } from '../diff/snapshot.ts';
import { memberName, pascalCase } from '../model/names.ts';
import type { Renames } from '../history/renames.ts';

/** One generated package a consumer's code is migrated for: where it is, and what changed in it. */
export interface MigrationTarget {
  /** The package name (`@xgen/core-v2`). */
  name: string;
  /** The client class (`CoreClient`). */
  client: string;
  /** The package folder, resolved through symlinks: a declaration in it belongs to the package. */
  root: string;
  old: ApiSnapshot;
  next: ApiSnapshot;
  renames: Renames;
  /** The diff's changes from `old` to `next`: the messages of what cannot be migrated. */
  changes: Change[];
  /** By `/functions` export name: the operationId of the new package. */
  functionOps: Map<string, string>;
  /** By `client.<group>.<method>` of the OLD package: its operationId. */
  oldCalls: Map<string, string>;
  /** By `client.<group>.<method>` of the NEW package: its operationId. */
  newCalls: Map<string, string>;
  /** By params type name (`ListPetsParams`) of the new package: its operationId. */
  paramsTypes: Map<string, string>;
}

export function makeTarget(
  fields: Omit<MigrationTarget, 'root' | 'functionOps' | 'oldCalls' | 'newCalls' | 'paramsTypes'> & {
    out: string;
  },
): MigrationTarget {
  const { out, ...rest } = fields;
  return {
    ...rest,
    root: realRoot(out),
    functionOps: new Map(Object.keys(fields.next.operations).map((id) => [memberName(id), id])),
    oldCalls: new Map(
      Object.entries(fields.old.operations).map(([id, op]) => [`${op.group}.${op.method}`, id]),
    ),
    newCalls: new Map(
      Object.entries(fields.next.operations).map(([id, op]) => [`${op.group}.${op.method}`, id]),
    ),
    paramsTypes: new Map(Object.keys(fields.next.operations).map((id) => [`${pascalCase(id)}Params`, id])),
  };
}

function realRoot(dir: string): string {
  try {
    return realpathSync(resolve(dir));
  } catch {
    return resolve(dir);
  }
}

/** True when `file` (as the compiler names it: resolved through symlinks) is inside `dir`. */
export function isInside(file: string, dir: string): boolean {
  const f = resolve(file);
  return f === dir || f.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}
