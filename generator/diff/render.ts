import { type Bump, LEVELS, type Level, operationsOf, type Rename } from './change.ts';

/** A change as `xgen diff` prints it. */
export interface ReportedChange {
  level: Level;
  /** The one operation the change reaches. */
  operationId?: string;
  /** The operations one cause reaches, sorted, when there are several. */
  operationIds?: string[];
  message: string;
  location?: string;
  /** Set on a rename (of a type, a method, an operationId, a parameter or body field, an enum value): what `xgen migrate` rewrites. */
  rename?: Rename;
}

export interface DiffReport {
  bump: Bump;
  changes: ReportedChange[];
}

/**
 * `--json`: exactly `{"bump", "changes": [{"level", "operationId"?, "operationIds"?, "message",
 * "location"?, "rename"?}]}`, one entry per cause; a rename says `{ kind, from, to }` (a method as
 * `group.method`), the rest of what `xgen migrate` reads stays in the structured report.
 */
export function renderJson(report: DiffReport): string {
  const changes = report.changes.map((c) => ({
    level: c.level,
    ...(c.operationId !== undefined ? { operationId: c.operationId } : {}),
    ...(c.operationIds !== undefined ? { operationIds: c.operationIds } : {}),
    message: c.message,
    ...(c.location !== undefined ? { location: c.location } : {}),
    ...(c.rename !== undefined ? { rename: shownRename(c.rename) } : {}),
  }));
  return JSON.stringify({ bump: report.bump, changes }, null, 2);
}

/** A rename as `--json` prints it: what kind of name, and the old and new one (a method as `group.method`). */
function shownRename(rename: Rename): {
  kind: Rename['kind'];
  from: string | number | boolean;
  to: string | number | boolean;
} {
  if (rename.kind === 'method')
    return {
      kind: rename.kind,
      from: `${rename.from.group}.${rename.from.method}`,
      to: `${rename.to.group}.${rename.to.method}`,
    };
  return { kind: rename.kind, from: rename.from, to: rename.to };
}

const HEADINGS: Record<Level, string> = { breaking: 'Breaking', feature: 'Features', patch: 'Patches' };

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `3 breaking, 2 features, 1 patch`, or `no changes`. */
export function levelCounts(changes: readonly { level: Level }[]): string {
  const counts = LEVELS.map(
    (level) => [level, changes.filter((c) => c.level === level).length] as const,
  ).filter(([, n]) => n > 0);
  if (counts.length === 0) return 'no changes';
  return counts
    .map(([level, n]) =>
      level === 'breaking'
        ? `${n} breaking`
        : level === 'feature'
          ? plural(n, 'feature', 'features')
          : plural(n, 'patch', 'patches'),
    )
    .join(', ');
}

/** The number of distinct operations the changes reach. */
export function operationCount(changes: readonly ReportedChange[]): number {
  return new Set(changes.flatMap(operationsOf)).size;
}

/**
 * The order a reader acts in: the renames first (what to rewrite before anything else compiles),
 * then the rest of what breaks, then features, then patches.
 */
export function sections(
  changes: readonly ReportedChange[],
): { heading: string; level: Level; changes: ReportedChange[] }[] {
  const renames = changes.filter((c) => c.rename !== undefined);
  const out = [{ heading: 'Renames (apply these first)', level: 'breaking' as Level, changes: renames }];
  for (const level of LEVELS)
    out.push({
      heading: HEADINGS[level],
      level,
      changes: changes.filter((c) => c.level === level && c.rename === undefined),
    });
  return out.filter((s) => s.changes.length > 0);
}

/**
 * For the text report: the same change to several operations, each its own cause (`getUsers: documentation
 * changed` on 48 operations of one X bump), as one line listing them (where each shows is in `--json`).
 */
function groupedByOperation(changes: readonly ReportedChange[]): ReportedChange[] {
  const own = (c: ReportedChange): string | undefined =>
    c.operationId !== undefined && c.rename === undefined && c.message.startsWith(`${c.operationId}: `)
      ? c.message.slice(c.operationId.length + 2)
      : undefined;
  const byWhat = new Map<string, ReportedChange[]>();
  for (const change of changes) {
    const what = own(change);
    if (what !== undefined) byWhat.set(what, [...(byWhat.get(what) ?? []), change]);
  }
  const out: ReportedChange[] = [];
  for (const change of changes) {
    const what = own(change);
    const same = what === undefined ? [] : (byWhat.get(what) ?? []);
    if (same.length < 2) out.push(change);
    else if (same[0] === change)
      out.push({
        level: change.level,
        message: what ?? change.message,
        operationIds: same.map((c) => c.operationId ?? '').sort(),
      });
  }
  return out;
}

/**
 * The bump and the counts first (causes by level, operations they reach), then the sections of
 * `sections`: each cause once, with where it shows and, when it reaches several operations, them.
 */
export function renderText(report: DiffReport): string {
  const n = report.changes.length;
  const head =
    n === 0
      ? 'no changes'
      : `${plural(n, 'cause', 'causes')} (${levelCounts(report.changes)}), ${plural(operationCount(report.changes), 'operation', 'operations')} affected`;
  const lines = [`bump: ${report.bump} (${head})`];
  for (const section of sections(report.changes)) {
    lines.push('', `${section.heading}:`);
    for (const change of groupedByOperation(section.changes)) {
      lines.push(`  - ${change.message}${change.location ? `  (${change.location})` : ''}`);
      if (change.operationIds)
        lines.push(`      in ${change.operationIds.length} operations: ${change.operationIds.join(', ')}`);
      else if (change.operationId !== undefined && !change.message.startsWith(`${change.operationId}: `))
        lines.push(`      in ${change.operationId}`);
    }
  }
  return lines.join('\n');
}
