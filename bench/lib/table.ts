/** Markdown tables, printed as they are made and collected for RESULTS.md. */

export interface Section {
  title: string;
  /** Markdown: one or more tables and notes. */
  body: string;
  /** Where we stand on the issue's targets: `[target, measured, met]`; `'failed'` when a run it needs failed. */
  targets?: [string, string, boolean | 'failed'][];
  /** Contenders whose runs failed (`<contender> on <input>: <why>`): the bench exits non-zero. */
  failures?: string[];
}

/** A target's status cell. */
export function targetStatus(met: boolean | 'failed'): string {
  return met === 'failed' ? 'FAILED' : met ? 'met' : 'MISSED';
}

/** The bench's exit code: 1 when any contender failed or any target could not be measured, else 0 (a missed target is a figure). */
export function benchExitCode(sections: Section[]): number {
  const failed = sections.some(
    (s) => (s.failures?.length ?? 0) > 0 || (s.targets ?? []).some(([, , met]) => met === 'failed'),
  );
  return failed ? 1 : 0;
}

/** A markdown table; the first `left` columns are text (left-aligned), the rest numbers. */
export function table(headers: string[], rows: (string | number)[][], left = 1): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < left ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

export function printSection(section: Section): void {
  console.log(`\n## ${section.title}\n\n${section.body}\n`);
}
