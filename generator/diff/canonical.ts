/** One spelling of a value whatever the order of its keys: how the diff tells two shapes or snapshots equal. */

/** JSON with object keys sorted: two snapshots that say the same compare equal, whatever order their keys were written in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
