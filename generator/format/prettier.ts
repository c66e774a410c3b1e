import * as prettier from 'prettier';

/** One fixed style for generated files, whatever prettier config the user's repo has. */
const OPTIONS: prettier.Options = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  tabWidth: 2,
  endOfLine: 'lf',
};

/** Formats every TypeScript, JSON and Markdown file; other files pass through. */
export async function formatFiles(files: Map<string, string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const entries = [...files.entries()];
  const formatted = await Promise.all(
    entries.map(async ([path, text]) => {
      const parser = path.endsWith('.ts') ? 'typescript' : path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : undefined;
      if (!parser) return text;
      try {
        return await prettier.format(text, { ...OPTIONS, parser });
      } catch (error) {
        throw new Error(`prettier could not format generated ${path}: ${(error as Error).message.split('\n')[0]}`);
      }
    }),
  );
  entries.forEach(([path], i) => out.set(path, formatted[i] ?? ''));
  return out;
}
