/**
 * How deep a spec nests once its `$ref`s are followed. Each file is checked for nesting on its own
 * (limits.ts), but a chain of references (A's property is B, whose property is C, ...) nests as
 * deep as the chain is long, and the later stages (openapi-typescript among them) recurse along
 * it. A chain deeper than MAX_EFFECTIVE_NESTING is refused at the `$ref` that goes past it.
 * Recursive schemas are fine: a reference back into the path being walked adds nothing.
 */
import { SpecError } from '../errors.ts';
import { type DocumentSet, isRef, type Location } from './documents.ts';

/** Levels of nesting through `$ref`s (X's and GitHub's specs stay under 60; the schema type generator overflows past about 1,500). */
export const MAX_EFFECTIVE_NESTING = 1000;

interface Frame {
  value: unknown;
  file: string;
  /** The frame this value sits in and its token there; a reference's target carries its own tokens. */
  parent: Frame | undefined;
  token: string;
  base?: readonly string[];
  /** Levels above this value, through references. */
  depth: number;
  /** Set on the frame of a reference's target: its key, to memoise how deep it goes. */
  key?: string;
  /** The keys of the value's members (an object's) or undefined (an array's items, or nothing to walk). */
  keys?: string[];
  /** How many members or items are left to walk: -1 before the value is looked at. */
  left: number;
  next: number;
  /** The deepest level below this value (relative). */
  below: number;
}

/** Where a frame's value is: its pointer tokens are worked out only when needed (an error). */
function locationOf(frame: Frame): Location {
  const tokens: string[] = [];
  let current: Frame | undefined = frame;
  while (current && !current.base) {
    tokens.push(current.token);
    current = current.parent;
  }
  return { file: frame.file, tokens: [...(current?.base ?? []), ...tokens.reverse()] };
}

function frame(value: unknown, file: string, parent: Frame | undefined, token: string, depth: number): Frame {
  return { value, file, parent, token, depth, left: -1, next: 0, below: 0 };
}

/** Throws a located SpecError when following `$ref`s nests deeper than the limit. */
export function checkEffectiveNesting(docs: DocumentSet): void {
  const memo = new Map<string, number>();
  const walking = new Set<string>();
  const root = frame(docs.root, docs.rootFile, undefined, '', 0);
  root.base = [];
  const stack: Frame[] = [root];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.left === -1) {
      top.left = 0;
      if (isRef(top.value)) {
        const ref = top.value.$ref;
        let target;
        try {
          target = docs.follow(ref, top.file, () => locationOf(top).tokens);
        } catch {
          // Validation reports references that lead nowhere.
          target = undefined;
        }
        if (target) {
          const known = memo.get(target.key);
          if (known !== undefined) {
            if (top.depth + known > MAX_EFFECTIVE_NESTING) {
              const at = locationOf(top);
              throw tooDeep(docs, { file: at.file, tokens: [...at.tokens, '$ref'] });
            }
            top.below = known;
          } else if (!walking.has(target.key)) {
            walking.add(target.key);
            const next = frame(target.value, target.file, undefined, '', top.depth);
            next.base = target.tokens;
            next.key = target.key;
            stack.push(next);
            continue;
          }
        }
      } else if (typeof top.value === 'object' && top.value !== null) {
        if (top.depth >= MAX_EFFECTIVE_NESTING) throw tooDeep(docs, locationOf(top));
        if (Array.isArray(top.value)) top.left = top.value.length;
        else {
          top.keys = Object.keys(top.value);
          top.left = top.keys.length;
        }
      }
    }
    // The next member or item that is an object or array (nothing else nests).
    let child: Frame | undefined;
    while (top.left > 0 && !child) {
      const index = top.next++;
      top.left--;
      const token = top.keys ? top.keys[index]! : String(index);
      const value: unknown = top.keys
        ? (top.value as Record<string, unknown>)[token]
        : (top.value as unknown[])[index];
      if (typeof value !== 'object' || value === null) continue;
      // Most values nest nothing (`{ type: string }`): one level, without a frame of their own.
      if (top.depth + 1 < MAX_EFFECTIVE_NESTING && isLeaf(value)) top.below = Math.max(top.below, 1);
      else child = frame(value, top.file, top, token, top.depth + 1);
    }
    if (child) {
      stack.push(child);
      continue;
    }
    stack.pop();
    if (top.key) {
      memo.set(top.key, top.below);
      walking.delete(top.key);
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.below = Math.max(parent.below, parent.depth === top.depth ? top.below : top.below + 1);
  }
}

/** An object or array that holds no object or array and is no reference: it nests one level, no more. */
function isLeaf(value: object): boolean {
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'object' && item !== null) return false;
    return true;
  }
  if (isRef(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (typeof member === 'object' && member !== null) return false;
  }
  return true;
}

function tooDeep(docs: DocumentSet, at: Location): SpecError {
  return docs.error(
    `nesting deeper than ${MAX_EFFECTIVE_NESTING} levels once $refs are followed (a chain of references this long is refused)`,
    at,
  );
}
