/**
 * How deep a spec nests once its `$ref`s are followed. Each file is checked for nesting on its own
 * (limits.ts), but a chain of references (A's property is B, whose property is C, ...) nests as
 * deep as the chain is long, and the later stages (openapi-typescript among them) recurse along
 * it. A chain deeper than MAX_EFFECTIVE_NESTING is refused at the `$ref` that goes past it.
 * Recursive schemas are fine: a reference back into the path being walked adds nothing.
 */
import { SpecError } from '../errors.ts';
import { type DocumentSet, isRef, type Location } from './documents.ts';
import { toPointer } from './pointer.ts';

/** Levels of nesting through `$ref`s (X's and GitHub's specs stay under 60; the schema type generator overflows past about 1,500). */
export const MAX_EFFECTIVE_NESTING = 1000;

interface Frame {
  value: unknown;
  file: string;
  /** The frame this value sits in and its token there; a reference's target carries its own tokens. */
  parent: Frame | undefined;
  token: string;
  base?: string[];
  /** Levels above this value, through references. */
  depth: number;
  /** Set on the frame of a reference's target: its key, to memoise how deep it goes. */
  key?: string;
  children?: [string, unknown][];
  next: number;
  /** The deepest level below this value (relative). */
  below: number;
}

/** Where a frame's value is: its pointer tokens are worked out only when needed (a `$ref`, an error). */
function locationOf(frame: Frame): Location {
  const tokens: string[] = [];
  let current: Frame | undefined = frame;
  while (current && !current.base) {
    tokens.push(current.token);
    current = current.parent;
  }
  return { file: frame.file, tokens: [...(current?.base ?? []), ...tokens.reverse()] };
}

/** Throws a located SpecError when following `$ref`s nests deeper than the limit. */
export function checkEffectiveNesting(docs: DocumentSet): void {
  const memo = new Map<string, number>();
  const walking = new Set<string>();
  const stack: Frame[] = [{ value: docs.root, file: docs.rootFile, parent: undefined, token: '', base: [], depth: 0, next: 0, below: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (!frame.children) {
      frame.children = [];
      if (isRef(frame.value)) {
        const at = locationOf(frame);
        let target;
        try {
          target = docs.resolveRef(frame.value.$ref, at);
        } catch {
          // Validation reports references that lead nowhere.
          target = undefined;
        }
        if (target) {
          const key = target.file + '#' + toPointer(target.tokens);
          const known = memo.get(key);
          if (known !== undefined) {
            if (frame.depth + known > MAX_EFFECTIVE_NESTING) throw tooDeep(docs, { file: at.file, tokens: [...at.tokens, '$ref'] });
            frame.below = known;
          } else if (!walking.has(key)) {
            walking.add(key);
            stack.push({ value: target.value, file: target.file, parent: undefined, token: '', base: target.tokens, depth: frame.depth, key, next: 0, below: 0 });
            continue;
          }
        }
      } else if (typeof frame.value === 'object' && frame.value !== null) {
        if (frame.depth >= MAX_EFFECTIVE_NESTING) throw tooDeep(docs, locationOf(frame));
        const entries = Array.isArray(frame.value) ? frame.value.map((v, i) => [String(i), v] as [string, unknown]) : Object.entries(frame.value);
        frame.children = entries.filter(([, child]) => typeof child === 'object' && child !== null);
      }
    }
    const child = frame.children[frame.next++];
    if (child) {
      stack.push({ value: child[1], file: frame.file, parent: frame, token: child[0], depth: frame.depth + 1, next: 0, below: 0 });
      continue;
    }
    stack.pop();
    if (frame.key) {
      memo.set(frame.key, frame.below);
      walking.delete(frame.key);
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.below = Math.max(parent.below, parent.depth === frame.depth ? frame.below : frame.below + 1);
  }
}

function tooDeep(docs: DocumentSet, at: Location): SpecError {
  return docs.error(`nesting deeper than ${MAX_EFFECTIVE_NESTING} levels once $refs are followed (a chain of references this long is refused)`, at);
}
