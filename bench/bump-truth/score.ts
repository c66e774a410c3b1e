/**
 * Scores the renames `xgen diff` claims on a spec pair against a reviewed list: the renames the bump
 * really makes (each judged by reading both specs) and the false pairings the diff has ever claimed.
 * A rename is keyed by what it renames, so that the list reads as a reviewer writes it.
 */
import type { Rename } from '../../generator/diff/change.ts';

export interface ReviewedRename {
  rename: string;
  reason: string;
}

export interface ReviewedPair {
  name: string;
  /** The API of a real history (the pair is then migrated too); absent on fixture pairs. */
  api?: string;
  /** The specs: a path from the repository's root, or `npm:<package>@<version>/<file>` (bench/bump-truth/corpus.ts). */
  old: string;
  next: string;
  /** Each rename the bump really makes. */
  renames: ReviewedRename[];
  /** Each pairing the diff claimed (now or before) that is no rename. */
  falsePairings: ReviewedRename[];
}

export interface RenameScore {
  claimed: number;
  /** True renames claimed. */
  found: string[];
  /** True renames not claimed. */
  missed: string[];
  /** Claimed renames the list marks false. */
  falseClaimed: string[];
  /** Claimed renames the list does not judge: a reviewer must add them, true or false. */
  unreviewed: string[];
}

/** A rename as the reviewed list writes it: `field Post.note_tweet -> note_post`, `value note_tweet -> note_post`, `type MandateBlik -> MandatePaypal`. */
export function renameKey(rename: Rename): string {
  switch (rename.kind) {
    case 'field': {
      const owner = [rename.type, rename.at].filter((p) => p !== undefined && p !== '').join('.');
      return `field ${owner === '' ? '' : `${owner}.`}${rename.from} -> ${rename.to}`;
    }
    case 'enum-value':
      return `value ${String(rename.from)} -> ${String(rename.to)}`;
    case 'method':
      return `method ${rename.from.group}.${rename.from.method} -> ${rename.to.group}.${rename.to.method}`;
    case 'parameter':
    case 'body-field':
      return `${rename.kind} ${rename.from} -> ${rename.to}`;
    default:
      return `${rename.kind} ${rename.from} -> ${rename.to}`;
  }
}

export function scoreRenames(claimed: readonly Rename[], pair: ReviewedPair): RenameScore {
  const keys = [...new Set(claimed.map(renameKey))].sort();
  const truth = new Set(pair.renames.map((r) => r.rename));
  const falses = new Set(pair.falsePairings.map((r) => r.rename));
  return {
    claimed: keys.length,
    found: keys.filter((k) => truth.has(k)),
    missed: [...truth].filter((k) => !keys.includes(k)).sort(),
    falseClaimed: keys.filter((k) => falses.has(k)),
    unreviewed: keys.filter((k) => !truth.has(k) && !falses.has(k)),
  };
}
