import type * as Oxfmt from 'oxfmt';

/** A formatter of one file's text; rejects with the formatter's first message when it cannot read it. */
export type FormatOne = (path: string, text: string, options: Record<string, unknown>) => Promise<string>;

/**
 * oxfmt, a native formatter that prints what prettier prints (its goal, and true of every generated
 * file but a few long unions), many times faster than prettier (bench/RESULTS.md, "Measurements
 * behind design choices"). Its binary comes from the one optional package npm installs for the platform
 * (`@oxfmt/binding-<os>-<cpu>`); undefined where there is none.
 */
export async function loadOxfmt(): Promise<FormatOne | undefined> {
  let oxfmt: typeof Oxfmt;
  // oxfmt's allocator (mimalloc) keeps freed pages instead of giving them back: after formatting
  // GitHub's three big files the process held 145 MB, 102 MB with this (same CPU time). mimalloc
  // reads these once, when the binding loads (on the first format call); a value the user set is kept.
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
  // Without this, mimalloc carves memory from a 1 GB arena it commits as it goes and of which it
  // gave back little: ~50 MB of it stayed resident beside the compiler child on GitHub's spec.
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
  try {
    // oxfmt requires its native binding on import: a platform without one fails here, not at the first file.
    oxfmt = await import('oxfmt');
  } catch {
    return undefined;
  }
  return async (path, text, options) => {
    const result = await oxfmt.format(path, text, options as Oxfmt.FormatConfig);
    const error = result.errors.find((e) => e.severity === 'Error');
    if (error) throw new Error(error.message);
    return result.code;
  };
}
