import type { OperationModel, ResultTypeNames } from './types.ts';

/** Result types that are not the package's own (nothing to import for them). */
const BUILTIN_TYPES = new Set(['void', 'Blob', 'string', 'unknown']);

/**
 * The package types an operation's result names: as `OperationTypes` declares it (`declared`), and
 * as a method generic in its `*.fields` values narrows it (`narrowed`, the same where nothing
 * narrows). A module that prints either type imports exactly these.
 */
export function resultTypeNames(op: Omit<OperationModel, 'resultTypes' | 'functionName'>): ResultTypeNames {
  if (op.browserStep) return { declared: [], narrowed: [] };
  const declared = BUILTIN_TYPES.has(op.success.typeName) ? [] : [op.success.typeName];
  const n = op.narrowing;
  if (!n) return { declared, narrowed: declared };
  const pagination = op.pagination;
  // The page items: a selected member (its selection's type), an item inside the narrowed result
  // (`PageItem<Result, path>`), or, where nothing selects them, the wide items of the body type.
  const items =
    pagination && n.members.find((m) => m.property === pagination.items && m.array && m.selection);
  const wideItems =
    pagination && !items && !n.members.some((m) => m.property === pagination.items.split('.')[0]);
  const narrowed = [
    n.typeName,
    ...(n.pageTypeName ? [n.pageTypeName] : []),
    ...(items && items.selection ? [items.selection.name] : []),
    ...(wideItems ? [op.success.typeName] : []),
  ];
  return { declared, narrowed };
}
