/** The rules for what the package holds beside its operations: credential kinds, auth helpers, problem types. */
import type { Change, Where } from './change.ts';

/**
 * The helpers the security schemes bring (`OAuth1Flow`, `crcResponse`, ...): one that goes breaks
 * the code importing it, one that comes is a feature. Shown at the scheme that brings them.
 */
export function compareHelpers(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
  add: (c: Change) => void,
): void {
  const auth = (module: string): Omit<Where, 'side'> =>
    module === 'oauth2-user'
      ? { auth: 'oauth2' }
      : module === 'oauth1' || module === 'oauth-flows'
        ? { auth: 'oauth1' }
        : {};
  const byName = (helpers: Record<string, string[]>): Map<string, string> =>
    new Map(
      Object.entries(helpers).flatMap(([module, names]) => names.map((n): [string, string] => [n, module])),
    );
  const was = byName(before);
  const is = byName(after);
  for (const [name, module] of was)
    if (!is.has(name))
      add({
        level: 'breaking',
        message: `${name} is no longer exported: code importing it no longer compiles`,
        where: { side: 'old', ...auth(module) },
      });
  for (const [name, module] of is)
    if (!was.has(name))
      add({ level: 'feature', message: `${name} exported`, where: { side: 'new', ...auth(module) } });
}

/** A list of names the package offers (credential kinds, problem types): one that goes breaks, one that comes is a feature. */
export function compareSets<T extends string>(
  before: T[],
  after: T[],
  removed: (v: T) => string,
  added: (v: T) => string,
  place: (v: T) => Omit<Where, 'side'>,
  add: (c: Change) => void,
): void {
  for (const v of before)
    if (!after.includes(v))
      add({ level: 'breaking', message: removed(v), where: { side: 'old', ...place(v) } });
  for (const v of after)
    if (!before.includes(v))
      add({ level: 'feature', message: added(v), where: { side: 'new', ...place(v) } });
}
