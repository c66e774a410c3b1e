/** What a change does to code written against the previous package. */
export type Level = 'breaking' | 'feature' | 'patch';

/** The semver step a set of changes calls for. */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** Where in a spec a change shows: resolved to file:line:column by `locate.ts` when the spec is at hand. */
export interface Where {
  /** The spec the place is in: the old one for what was removed, the new one otherwise. */
  side: 'old' | 'new';
  operationId?: string;
  param?: { in: string; wire: string };
  /** A named schema, and a property of it. */
  type?: string;
  field?: string;
  /** A problem type (the variant of the problem union that has it). */
  problem?: string;
  /** A credential kind (the security scheme that asks for it). */
  auth?: string;
}

export interface Change {
  level: Level;
  operationId?: string;
  message: string;
  where?: Where;
}

export const LEVELS: readonly Level[] = ['breaking', 'feature', 'patch'];

/** `major` if anything breaks, `minor` for features, `patch` for the rest, `none` without changes. */
export function bumpOf(changes: readonly Change[]): Bump {
  if (changes.some((c) => c.level === 'breaking')) return 'major';
  if (changes.some((c) => c.level === 'feature')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/** The version after a bump: `2.3.1` + minor = `2.4.0`. A prerelease or build suffix is dropped. */
export function nextVersion(version: string, bump: Bump): string {
  const [major, minor, patch] = parseVersion(version) ?? [0, 0, 0];
  switch (bump) {
    case 'major':
      return `${major + 1}.0.0`;
    case 'minor':
      return `${major}.${minor + 1}.0`;
    case 'patch':
      return `${major}.${minor}.${patch + 1}`;
    case 'none':
      return version;
  }
}

/** `[major, minor, patch]` of a semver version, or undefined when it is not one. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}
