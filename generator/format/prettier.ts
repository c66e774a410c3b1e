import type * as Prettier from 'prettier';
import { formatPool } from './pool.ts';

/** One fixed style for generated files, whatever prettier config the user's repo has. */
export const OPTIONS = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  tabWidth: 2,
  endOfLine: 'lf',
} satisfies Prettier.Options;

/**
 * Starts the formatting workers (see ./pool.ts) so that they load prettier while the package is
 * still being emitted. Formatting works without it.
 */
export function warmUpFormatter(): void {
  formatPool(OPTIONS);
}

let mainThread: Promise<typeof Prettier> | undefined;

/** Prettier in this thread: where there are no workers (one core). */
async function formatHere(text: string, parser: string): Promise<string> {
  mainThread ??= import('prettier');
  return (await mainThread).format(text, { ...OPTIONS, parser });
}

/**
 * Formatted text by parser and input, for the rest of the run: the runtime helpers rendered from the
 * same templates come out identical in every package, and prettier's output depends on nothing else.
 * Bounded so that a long-lived process (the test suite) does not keep every package it generated.
 */
const formatted = new Map<string, Promise<string>>();
const MAX_REMEMBERED = 500;

/**
 * Above this many characters to format, a package is formatted on the main thread: measured on
 * GitHub's spec (7.9 MB of TypeScript), two workers each holding a big file's syntax tree took the
 * peak RSS from 843 MB to 964 MB and were no faster, while the main thread reuses the heap the
 * emitters left behind.
 */
const MAX_FOR_WORKERS = 2_000_000;

function format(text: string, parser: string, inWorkers: boolean): Promise<string> {
  const key = `${parser}\0${text}`;
  let result = formatted.get(key);
  if (result === undefined) {
    if (formatted.size >= MAX_REMEMBERED) formatted.clear();
    const pool = inWorkers ? formatPool(OPTIONS) : undefined;
    result = pool ? pool.format(text, parser) : formatHere(text, parser);
    formatted.set(key, result);
    result.catch(() => formatted.delete(key));
  }
  return result;
}

/**
 * Built-in runtime templates kept in prettier's style with these options: what they render is
 * already formatted (they have no handlebars blocks that could change that), so `formatFiles`
 * passes them through. test/generator/format/preformatted.test.ts fails when one is not stable.
 * The rest of the templates are formatted at generation time, as before.
 */
export const PREFORMATTED_TEMPLATES: ReadonlySet<string> = new Set([
  'runtime/money.ts',
  'runtime/pagination.ts',
  'runtime/pkce.ts',
  'runtime/rules.ts',
  'runtime/serialize.ts',
  'runtime/stream.ts',
  'runtime/types.ts',
  'runtime/validate.ts',
  'runtime/webhooks.ts',
]);

/** The package paths (`src/runtime/x.ts`) rendered from preformatted built-in templates, less any overridden. */
export function preformattedPaths(overrides: Record<string, string> = {}): Set<string> {
  return new Set([...PREFORMATTED_TEMPLATES].filter((name) => !(name in overrides)).map((name) => `src/${name}`));
}

/**
 * Formats every TypeScript, JSON and Markdown file; other files, and those in `preformatted`
 * (see `preformattedPaths`), pass through.
 */
export async function formatFiles(files: Map<string, string>, preformatted: ReadonlySet<string> = new Set()): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const entries = [...files.entries()];
  const parserOf = (path: string): string | undefined =>
    preformatted.has(path) ? undefined : path.endsWith('.ts') ? 'babel-ts' : path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : undefined;
  // The costliest first, so that the workers finish together (markdown costs prettier about ten
  // times as much a character as TypeScript).
  const cost = (path: string, text: string): number => (parserOf(path) === 'markdown' ? 10 : 1) * text.length;
  const order = entries.map((_, i) => i).sort((a, b) => cost(...entries[b]!) - cost(...entries[a]!) || a - b);
  const results: string[] = new Array(entries.length);
  const size = entries.reduce((sum, [path, text]) => sum + (parserOf(path) ? text.length : 0), 0);
  const inWorkers = size <= MAX_FOR_WORKERS;
  if (!inWorkers) formatPool(OPTIONS)?.close();
  await Promise.all(
    order.map(async (i) => {
      const [path, text] = entries[i]!;
      const parser = parserOf(path);
      if (!parser) return (results[i] = text);
      try {
        // babel-ts reads TypeScript about 1.5x as fast as the typescript parser and prints the same
        // (checked on both packages and X's 2.159 spec); the typescript parser is the fallback for
        // syntax babel does not know.
        return (results[i] = await format(text, parser, inWorkers).catch(() => format(text, 'typescript', inWorkers)));
      } catch (error) {
        throw new Error(`prettier could not format generated ${path}: ${(error as Error).message.split('\n')[0]}`);
      }
    }),
  );
  entries.forEach(([path], i) => out.set(path, results[i] ?? ''));
  return out;
}
