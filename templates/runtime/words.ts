/**
 * The words of `Text` (split at single spaces) as a readonly tuple of string literals: the type of
 * an enum's values written as one string (`words('a b')` is `readonly ['a', 'b']`).
 */
export type Words<
  Text extends string,
  Done extends string[] = [],
> = Text extends `${infer Word} ${infer Rest}` ? Words<Rest, [...Done, Word]> : readonly [...Done, Text];

/**
 * An enum's values from one string of them, separated by single spaces: a bundle carries each
 * value with one separator instead of quotes and a comma, and the type is the same tuple as an
 * `as const` array's.
 */
export function words<const Text extends string>(text: Text): Words<Text> {
  return text.split(' ') as unknown as Words<Text>;
}
