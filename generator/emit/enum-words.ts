import type { ApiModel, EnumModel } from '../model/types.ts';

/*
 * Which enums `enums.ts` writes as one string of words. Its own file, without the printer, because
 * `runtime-files.ts` (which must not load the renderer) decides from it whether a package ships
 * `runtime/words.ts`, and `enums.ts` whether it imports it: one rule for both.
 */

/** The most values a `words` type splits (TypeScript instantiates a tail-recursive type up to 1,000 times). */
const MAX_WORDS = 500;

/**
 * Values written as one string of words (`words('created_at author_id')`), which a bundle carries
 * in fewer bytes than an array literal: two or more strings, each non-empty and without whitespace.
 */
export function asWords(item: EnumModel): boolean {
  const values = item.values;
  return (
    values.length >= 2 &&
    values.length <= MAX_WORDS &&
    values.every((v) => typeof v === 'string' && /^\S+$/.test(v))
  );
}

/** Whether some enum is written with `words(...)`: the package then needs `runtime/words.ts`. */
export function usesWords(model: ApiModel): boolean {
  return model.enums.some(asWords);
}
