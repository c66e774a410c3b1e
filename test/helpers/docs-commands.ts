/**
 * The shell commands of the guides: each ```sh block of docs/**.md, with the marker comment that must
 * come right before it (test/docs/commands.test.ts checks every block has one):
 *
 * - `<!-- commands: run by test/x.test.ts -->`: that test reads the block (through `shellBlocks`) and runs it;
 * - `<!-- commands: network: <why> -->`: it needs what the tests do not have (a git host, the public
 *   registry, a registry holding the packages), and says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

export interface ShellBlock {
  /** The doc, relative to the repository (`docs/guide/getting-started.md`). */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  /** What the marker says (`run by test/x.test.ts`, `network: ...`), or undefined without one. */
  marker: string | undefined;
  /** The commands: each line without its comment, blank and comment-only lines left out. */
  commands: string[];
}

/** The ```sh (or bash, shell) blocks of one doc, in order. */
export function shellBlocks(file: string): ShellBlock[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(`{3,})(sh|bash|shell|console)\b/.exec(lines[i] ?? '');
    if (!fence) {
      // Any other fence: skip to its end (a ```sh inside a ```md sample is not a command).
      const other = /^\s*(`{3,})/.exec(lines[i] ?? '');
      if (other) while (++i < lines.length && !(lines[i] ?? '').trim().startsWith(other[1] ?? '```'));
      continue;
    }
    const start = i;
    let previous = start - 1;
    while (previous >= 0 && (lines[previous] ?? '').trim() === '') previous--;
    const marker = /^<!--\s*commands:\s*(.*?)\s*-->$/.exec((lines[previous] ?? '').trim())?.[1];
    const commands: string[] = [];
    while (++i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[2] ?? '```')) {
      const command = withoutComment(lines[i] ?? '').trim();
      if (command !== '') commands.push(command);
    }
    blocks.push({ file, line: start + 1, marker, commands });
  }
  return blocks;
}

/** A shell line without its trailing `# comment` (a `#` inside quotes or a word stays). */
function withoutComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i);
  }
  return line;
}
