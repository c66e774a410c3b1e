import type { FormatOne } from './oxfmt.ts';

/**
 * Prettier, where oxfmt has no binary for the platform: the same style, much slower (bench/RESULTS.md,
 * "Measurements behind design choices"), and different in how a few long unions break (so `--check`
 * against output made elsewhere may fail).
 */
export const prettierFormat: FormatOne = async (path, text, options) => {
  const prettier = await import('prettier');
  const parser = path.endsWith('.md') ? 'markdown' : 'typescript';
  return prettier.format(text, { ...options, parser });
};
