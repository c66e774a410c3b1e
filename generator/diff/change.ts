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
  /** A server's URL (its entry in `servers`). */
  server?: string;
}

/**
 * A rename the diff found, in the terms a code rewrite needs (`xgen migrate` reads these): the old
 * and the new name, and where the name lives. Added beside the message, never instead of it.
 */
export type Rename =
  /** An exported type (a component schema): `import type { Tweet }` becomes `Post`. */
  | { kind: 'type'; from: string; to: string }
  /** An operation's place on the client: `client.tweets.getPostsByIds` becomes `client.posts.getByIds`. */
  | {
      kind: 'method';
      operationId: string;
      from: { group: string; method: string };
      to: { group: string; method: string };
    }
  /**
   * An operation whose operationId changed on the same method and path (`http`): `client.call('deletePet')`
   * becomes `client.call('removePet')`; `client` is its place on the client before and after (`client.pets.delete`
   * -> `client.pets.remove`; the same place when only the id changed). One entry per operation: a group or
   * method move that comes with the new id is carried here, not as a `method` rename beside it.
   */
  | {
      kind: 'operation';
      from: string;
      to: string;
      http: string;
      client: { from: { group: string; method: string }; to: { group: string; method: string } };
      /** The exported types named for the operation that its new id renames (`DeletePetParams` -> `RemovePetParams`). */
      types?: { from: string; to: string }[];
    }
  /** A params key: a parameter (`in` path, query, header, cookie; wire names) or a body field (`in: body`). */
  | { kind: 'parameter' | 'body-field'; in: string; from: string; to: string }
  /**
   * A field of an object type: of a result (`post.note_tweet` -> `post.note_post`, `includes.tweets` ->
   * `includes.posts`) or of an object inside a request. `type`: the named type holding the field (its
   * new name), with `at` the path inside it when the object is inline there (`public_metrics`); absent
   * when no named type holds it, `at` then being the path from the result or the params key.
   */
  | { kind: 'field'; side: 'input' | 'output'; type?: string; at?: string; from: string; to: string }
  /** An enum value, of a named type or of a parameter (by params key; `[]` for its items). */
  | {
      kind: 'enum-value';
      type?: string;
      param?: string;
      from: string | number | boolean;
      to: string | number | boolean;
    };

export interface Change {
  level: Level;
  /** The one operation the change reaches: set when it reaches exactly one. */
  operationId?: string;
  /** The operations one cause (a named type, a parameter, an enum) reaches, sorted: set when there are several. */
  operationIds?: string[];
  message: string;
  where?: Where;
  rename?: Rename;
}

/** The operations a change reaches: its `operationId`, or its `operationIds`. */
export function operationsOf(change: Pick<Change, 'operationId' | 'operationIds'>): string[] {
  return change.operationIds ?? (change.operationId !== undefined ? [change.operationId] : []);
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
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(
    version.trim(),
  );
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}
