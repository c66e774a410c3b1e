/**
 * A unified diff of one file (`--- a/path`, `+++ b/path`, `@@` hunks with three lines of context),
 * as `git apply` and `patch -p1` read it. Lines are matched by a longest common subsequence over the
 * region between the common head and tail, which is all a migration changes.
 */
export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = lineOps(a, b);
  const hunks: string[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    // A hunk: from `context` lines before the change to `context` after the last change within reach.
    let start = i;
    let back = 0;
    while (start > 0 && back < context && ops[start - 1]!.kind === ' ') {
      start--;
      back++;
    }
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let run = 0;
      while (end + run < ops.length && ops[end + run]!.kind === ' ') run++;
      if (end + run < ops.length && run <= context * 2) end += run;
      else {
        end += Math.min(run, context);
        break;
      }
    }
    const slice = ops.slice(start, end);
    const first = slice[0]!;
    const oldCount = slice.filter((o) => o.kind !== '+').length;
    const newCount = slice.filter((o) => o.kind !== '-').length;
    const oldStart = oldCount === 0 ? first.oldLine - 1 : first.oldLine;
    const newStart = newCount === 0 ? first.newLine - 1 : first.newLine;
    hunks.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    for (const op of slice) hunks.push(`${op.kind}${op.text}`);
    i = end;
  }
  return [`--- a/${path}`, `+++ b/${path}`, ...hunks].join('\n') + '\n';
}

interface LineOp {
  kind: ' ' | '-' | '+';
  text: string;
  /** 1-based line numbers in the old and new text where this line is (or would be). */
  oldLine: number;
  newLine: number;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function lineOps(a: string[], b: string[]): LineOp[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  // LCS table over the changed middle only.
  const lengths: number[][] = Array.from({ length: x.length + 1 }, () =>
    new Array<number>(y.length + 1).fill(0),
  );
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--)
      lengths[i]![j] =
        x[i] === y[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  }
  const ops: LineOp[] = [];
  let oldLine = 1;
  let newLine = 1;
  const push = (kind: LineOp['kind'], text: string): void => {
    ops.push({ kind, text, oldLine, newLine });
    if (kind !== '+') oldLine++;
    if (kind !== '-') newLine++;
  };
  for (let k = 0; k < head; k++) push(' ', a[k]!);
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      push(' ', x[i++]!);
      j++;
    } else if (i < x.length && (j >= y.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!))
      push('-', x[i++]!);
    else push('+', y[j++]!);
  }
  for (let k = a.length - tail; k < a.length; k++) push(' ', a[k]!);
  return ops;
}
