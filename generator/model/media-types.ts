/** The first media type in order of preference, with how it is encoded. */
export function pickMedia<E extends string>(
  types: string[],
  preference: [RegExp, E][],
): [string, E] | undefined {
  for (const [pattern, encoding] of preference) {
    const match = types.find((t) => pattern.test(t.split(';')[0]?.trim() ?? t));
    if (match) return [match, encoding];
  }
  return undefined;
}
