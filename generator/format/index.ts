import { availableParallelism } from 'node:os';
import { loadOxfmt, type FormatOne } from './oxfmt.ts';
import { prettierFormat } from './prettier.ts';

/** One fixed style for generated files (prettier's options), whatever config the user's repo has. */
export const OPTIONS = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  tabWidth: 2,
  endOfLine: 'lf',
} as const;

let formatter: Promise<FormatOne> | undefined;

/**
 * oxfmt, or prettier where oxfmt has no binary for this platform (said once, on stderr).
 * `XGEN_OXFMT=off` chooses prettier quietly.
 */
function chosenFormatter(): Promise<FormatOne> {
  if (process.env.XGEN_OXFMT === 'off') return Promise.resolve(prettierFormat);
  formatter ??= loadOxfmt().then((oxfmt) => {
    if (oxfmt) return oxfmt;
    process.stderr.write(
      `xgen: oxfmt has no native binary for ${process.platform}-${process.arch}. Formatting with prettier instead (slower).\n`,
    );
    return prettierFormat;
  });
  return formatter;
}

/** Whether a generated file is formatted: TypeScript and Markdown. JSON is written in its final layout (`jsonText`). */
function formatted(path: string): boolean {
  return path.endsWith('.ts') || path.endsWith('.md');
}

/**
 * Formats every TypeScript and Markdown file of a package; other files pass through. Keeps the order.
 * `format` is the platform's formatter unless a test names one.
 */
export async function formatFiles(
  files: Map<string, string>,
  format?: FormatOne,
): Promise<Map<string, string>> {
  format ??= await chosenFormatter();
  const results = await Promise.all(
    [...files].map(async ([path, text]): Promise<[string, string]> => {
      if (!formatted(path)) return [path, text];
      try {
        const done = await oneBigAtATime(text.length, () => fewAtATime(() => format(path, text, OPTIONS)));
        return [path, path.endsWith('.md') ? await formatCodeBlocks(done, format) : done];
      } catch (error) {
        throw new Error(`could not format generated ${path}: ${(error as Error).message.split('\n')[0]}`);
      }
    }),
  );
  return new Map(results);
}

/** A file at least this long (characters) is formatted alone: see oneBigAtATime. */
const BIG = 256 * 1024;

/**
 * Formats a big file only when no other big file is being formatted, in this whole process: the
 * parts of a package (and the packages of a run) are formatted as soon as each is made, and a
 * formatter's tree of a 3 MB file is tens of MB of native memory. Formatting GitHub's three big files
 * at once peaked 28 MB higher than one after another, for the same CPU time (they share 2 cores
 * with the emit threads anyway). Small files go at once.
 */
async function oneBigAtATime<T>(length: number, work: () => Promise<T>): Promise<T> {
  return length < BIG ? work() : oneBig(work);
}
const oneBig = limited(1);

/** At most this many files are being formatted at once, in this whole process: see fewAtATime. */
const AT_ONCE = Math.max(2, availableParallelism());

/**
 * Starts a format only while fewer than AT_ONCE are under way. oxfmt formats each call on a
 * thread of its own pool, which grows by one thread for every call waiting (up to 512), and each
 * thread keeps its allocator's pages and stack once done: formatting GitHub's 400 files all at once
 * left 514 threads and about 200 MB resident in this process when the compiler child started.
 */
const fewAtATime = limited(AT_ONCE);

/** A gate that lets at most `capacity` pieces of work run at once, the others waiting their turn in order. */
function limited(capacity: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    while (running >= capacity) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** A fenced TypeScript block of Markdown: its fence line, its code, its closing fence. */
const TS_BLOCK = /^(```(?:ts|typescript)\n)([\s\S]*?)^```$/gm;

/**
 * The TypeScript examples inside Markdown, formatted as TypeScript (as prettier does; oxfmt leaves
 * them as written), as modules (examples use top-level await). A block that is not a whole program
 * (a fragment) stays as it is.
 */
async function formatCodeBlocks(markdown: string, format: FormatOne): Promise<string> {
  const blocks = [...markdown.matchAll(TS_BLOCK)];
  const codes = await Promise.all(
    blocks.map(([, , code]) => fewAtATime(() => format('block.mts', code!, OPTIONS)).catch(() => code!)),
  );
  let i = 0;
  return markdown.replace(TS_BLOCK, (_, fence: string) => `${fence}${codes[i++]}\`\`\``);
}
