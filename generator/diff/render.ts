import { type Bump, LEVELS, type Level } from './change.ts';

/** A change as `xgen diff` prints it. */
export interface ReportedChange {
  level: Level;
  operationId?: string;
  message: string;
  location?: string;
}

export interface DiffReport {
  bump: Bump;
  changes: ReportedChange[];
}

/** `--json`: exactly `{"bump", "changes": [{"level", "operationId"?, "message", "location"?}]}`. */
export function renderJson(report: DiffReport): string {
  const changes = report.changes.map((c) => ({
    level: c.level,
    ...(c.operationId !== undefined ? { operationId: c.operationId } : {}),
    message: c.message,
    ...(c.location !== undefined ? { location: c.location } : {}),
  }));
  return JSON.stringify({ bump: report.bump, changes }, null, 2);
}

const HEADINGS: Record<Level, string> = { breaking: 'Breaking', feature: 'Features', patch: 'Patches' };

/** The bump on the first line, then the changes grouped by level, each with where it shows. */
export function renderText(report: DiffReport): string {
  const counts = LEVELS.map((level) => [level, report.changes.filter((c) => c.level === level).length] as const).filter(([, n]) => n > 0);
  const summary = counts.length === 0 ? 'no changes' : counts.map(([level, n]) => `${n} ${level === 'feature' ? (n === 1 ? 'feature' : 'features') : level === 'patch' ? (n === 1 ? 'patch' : 'patches') : 'breaking'}`).join(', ');
  const lines = [`bump: ${report.bump} (${summary})`];
  for (const [level] of counts) {
    lines.push('', `${HEADINGS[level]}:`);
    for (const change of report.changes.filter((c) => c.level === level)) {
      lines.push(`  - ${change.message}${change.location ? `  (${change.location})` : ''}`);
    }
  }
  return lines.join('\n');
}
