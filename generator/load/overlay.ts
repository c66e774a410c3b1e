import { createRequire } from 'node:module';
import type * as JsonPath from 'jsonpath-rfc9535';
import { SpecError, SpecErrors } from '../errors.ts';
import type { DocumentSet } from './documents.ts';
import type { SourceFile } from './parse.ts';
import { toPointer } from './pointer.ts';

/**
 * Applies OpenAPI Overlay 1.0 documents to the root spec, in order, before it is validated.
 * Each action's `target` (a JSONPath query, RFC 9535, read by jsonpath-rfc9535) selects nodes of the document as the
 * earlier actions left it; `remove: true` takes them out of their object or array; otherwise
 * `update` is merged into each: into an object recursively (its members replace or add to the
 * target's, objects merging), appended to an array (an array's items each), and in place of
 * anything else. Problems in an overlay are located in it (file:line:column); a target that
 * selects nothing is a warning. The overlays' texts become inputs of the result (cache).
 */
export function applyOverlays(docs: DocumentSet, files: readonly string[]): void {
  for (const file of files) {
    const source = docs.readInput(file);
    const problems: SpecError[] = [];
    const fail = (reason: string, tokens: (string | number)[]): void => {
      problems.push(locatedIn(source, reason, tokens));
    };
    const overlay = source.data;
    if (!isRecord(overlay))
      throw new SpecErrors([locatedIn(source, 'an overlay must be an object (OpenAPI Overlay 1.0)', [])]);
    if (typeof overlay.overlay !== 'string' || !/^1\.0\.\d+$/.test(overlay.overlay)) {
      fail(
        `"overlay" must be a 1.0.x version string such as "1.0.0"${overlay.overlay === undefined ? '' : `, got ${JSON.stringify(overlay.overlay)}`}`,
        overlay.overlay === undefined ? [] : ['overlay'],
      );
    }
    if (
      !isRecord(overlay.info) ||
      typeof overlay.info.title !== 'string' ||
      typeof overlay.info.version !== 'string'
    ) {
      docs.warnIn(
        source,
        'an overlay needs "info" with a "title" and a "version" string',
        isRecord(overlay.info) ? ['info'] : [],
      );
    }
    const actions = overlay.actions;
    if (!Array.isArray(actions) || actions.length === 0)
      fail('"actions" must be a non-empty array', actions === undefined ? [] : ['actions']);
    if (problems.length > 0) throw new SpecErrors(problems);
    (actions as unknown[]).forEach((action, index) => {
      const at = ['actions', index];
      if (!isRecord(action)) return fail('an action must be an object', at);
      if (typeof action.target !== 'string')
        return fail(
          'an action needs a "target" string (a JSONPath such as "$.paths")',
          action.target === undefined ? at : [...at, 'target'],
        );
      if (action.remove !== undefined && typeof action.remove !== 'boolean')
        return fail('"remove" must be true or false', [...at, 'remove']);
      if (action.remove !== true && action.update === undefined)
        return fail('an action needs "update" or "remove: true"', at);
      let nodes: Selected[];
      try {
        nodes = selectNodes(docs.root, action.target);
      } catch (error) {
        if (!(error instanceof JsonPathError)) throw error;
        return fail(
          `target ${JSON.stringify(action.target)} is not a JSONPath (RFC 9535): ${error.message}`,
          [...at, 'target'],
        );
      }
      if (nodes.length === 0) {
        docs.warnIn(
          source,
          `target ${JSON.stringify(action.target)} selects nothing in the spec: the action changes nothing`,
          [...at, 'target'].map(String),
        );
        return;
      }
      if (action.remove === true) {
        // Later array items first, so that removing one does not move the others.
        const ordered = [...nodes].sort(
          (a, b) => (typeof b.key === 'number' ? b.key : 0) - (typeof a.key === 'number' ? a.key : 0),
        );
        for (const node of ordered) {
          if (Array.isArray(node.parent) && typeof node.key === 'number') node.parent.splice(node.key, 1);
          else if (node.parent && typeof node.key === 'string')
            delete (node.parent as Record<string, unknown>)[node.key];
          else return fail('the whole document cannot be removed', [...at, 'target']);
        }
        return;
      }
      for (const node of nodes) {
        if (isRecord(node.value) && isRecord(action.update)) merge(node.value, action.update);
        else if (Array.isArray(node.value))
          node.value.push(...(Array.isArray(action.update) ? action.update : [action.update]).map(clone));
        else if (node.parent === undefined)
          return fail('the document itself can only be updated with an object', [...at, 'update']);
        else
          (node.parent as Record<string | number, unknown>)[node.key as string | number] = clone(
            action.update,
          );
      }
    });
    if (problems.length > 0) throw new SpecErrors(problems);
  }
}

/** A node a JSONPath selects, with where it sits so that it can be replaced or removed. */
export interface Selected {
  value: unknown;
  parent: Record<string, unknown> | unknown[] | undefined;
  key: string | number | undefined;
}

/** A target that is not a JSONPath query, with the character where reading it stopped. */
export class JsonPathError extends Error {}

/** jsonpath-rfc9535 (its CommonJS build), loaded on first use: most runs apply no overlay. */
let jsonPath: typeof JsonPath | undefined;

/**
 * The nodes a JSONPath query (RFC 9535, function extensions and slices included) selects in `root`,
 * in the order the RFC gives, each with its parent and key. Throws JsonPathError on a bad query.
 */
export function selectNodes(root: unknown, query: string): Selected[] {
  const found: (string | number)[][] = [];
  try {
    jsonPath ??= createRequire(import.meta.url)('jsonpath-rfc9535') as typeof JsonPath;
    jsonPath.exec(root as JsonPath.JsonValue, query, (_value, path) => found.push([...path]));
  } catch (error) {
    // The parser's own message lists every character class it expected: the place says more.
    const { location, found: text } = (error ?? {}) as {
      location?: { start?: { column?: unknown } };
      found?: unknown;
    };
    const column = location?.start?.column;
    if (typeof column !== 'number') throw error;
    throw new JsonPathError(
      `${typeof text === 'string' ? `unexpected ${JSON.stringify(text)}` : 'unexpected end'} at character ${column}`,
    );
  }
  return found.map((path) => {
    let parent: Record<string, unknown> | unknown[] | undefined;
    let value: unknown = root;
    let key: string | number | undefined;
    for (const step of path) {
      parent = value as Record<string, unknown> | unknown[];
      key = typeof step === 'number' ? step : memberName(step);
      value = (parent as Record<string | number, unknown>)[key];
    }
    return { value, parent, key };
  });
}

const UNESCAPED: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  "'": "'",
  '\\': '\\',
};

/** A member name as the document has it, from the escaped form a normalized path gives it (RFC 9535, 2.7). */
function memberName(normalized: string): string {
  return normalized.replace(/\\(u[0-9a-f]{4}|.)/g, (_, escape: string) =>
    escape.length === 5 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : (UNESCAPED[escape] ?? escape),
  );
}

/** Merges `update` into `target`: objects recursively; every other value replaces the target's. */
function merge(target: Record<string, unknown>, update: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(update)) {
    const current = target[key];
    if (isRecord(current) && isRecord(value)) merge(current, value);
    else target[key] = clone(value);
  }
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function locatedIn(source: SourceFile, reason: string, tokens: (string | number)[]): SpecError {
  const strings = tokens.map(String);
  const pos = source.locate(strings);
  return new SpecError(reason, source.file, '#' + toPointer(strings), pos.line, pos.column);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
