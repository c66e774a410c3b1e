/** The rules for what the package holds beside its operations: credential kinds, auth helpers, problem types, servers. */
import type { ApiSnapshot } from './snapshot.ts';
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

/**
 * Problem types, by their `type` URI: one that goes breaks a `case` on it, one that comes is a feature,
 * and one that moved (the same path under another origin: X's `https://api.twitter.com/2/problems/...`
 * becoming `https://api.x.com/2/problems/...`) is one change that says from what to what. Returns
 * the types kept, old -> new (moved ones under their new `type`), whose fields problem-rules.ts compares.
 */
export function compareProblems(
  before: string[],
  after: string[],
  add: (c: Change) => void,
): Map<string, string> {
  const lost = before.filter((t) => !after.includes(t));
  const gained = after.filter((t) => !before.includes(t));
  const moved = new Map<string, string>();
  for (const from of lost) {
    const path = pathOf(from);
    const to = gained.filter((t) => path !== undefined && pathOf(t) === path);
    const rivals = lost.filter((t) => pathOf(t) === path);
    if (to.length === 1 && rivals.length === 1) moved.set(from, to[0] as string);
  }
  const movedTo = new Set(moved.values());
  for (const from of lost) {
    const to = moved.get(from);
    add(
      to === undefined
        ? {
            level: 'breaking',
            message: `problem type ${from} removed`,
            where: { side: 'old', problem: from },
          }
        : {
            level: 'breaking',
            message: `problem type ${JSON.stringify(from)} is now ${JSON.stringify(to)}: a case or comparison with the old type no longer compiles`,
            where: { side: 'new', problem: to },
          },
    );
  }
  for (const to of gained)
    if (!movedTo.has(to))
      add({ level: 'feature', message: `problem type ${to} added`, where: { side: 'new', problem: to } });
  const kept = new Map(before.filter((t) => after.includes(t)).map((t) => [t, t] as const));
  for (const [from, to] of moved) kept.set(from, to);
  return kept;
}

/** The path of a URI (`/2/problems/not-found`), or undefined when it is not an absolute URL. */
function pathOf(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    return url.pathname === '/' ? undefined : `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * The servers: the client's `sandbox` and `sandboxBaseUrl` options exist while the spec names a
 * sandbox server, so losing it breaks code setting them; a new default origin changes where calls go
 * without changing a call (a patch the changelog must still say).
 */
export function compareServers(
  before: ApiSnapshot['servers'],
  after: ApiSnapshot['servers'],
  add: (c: Change) => void,
): void {
  if (!before || !after) return;
  if (before.sandbox !== undefined && after.sandbox === undefined)
    add({
      level: 'breaking',
      message: `the sandbox server ${before.sandbox} removed: the client's sandbox and sandboxBaseUrl options no longer compile`,
      where: { side: 'old', server: before.sandbox },
    });
  else if (before.sandbox === undefined && after.sandbox !== undefined)
    add({
      level: 'feature',
      message: `a sandbox server ${after.sandbox}: the client takes sandbox and sandboxBaseUrl options`,
      where: { side: 'new', server: after.sandbox },
    });
  else if (before.sandbox !== after.sandbox)
    add({
      level: 'patch',
      message: `the sandbox origin is now ${after.sandbox} (was ${before.sandbox})`,
      where: { side: 'new', server: after.sandbox },
    });
  if (before.default !== after.default)
    add({
      level: 'patch',
      message: `requests go to ${after.default} by default (was ${before.default}); baseUrl still chooses another`,
      where: { side: 'new', server: after.default },
    });
}
