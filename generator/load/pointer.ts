/** JSON pointer helpers (RFC 6901). */

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Joins tokens into a pointer such as `/paths/~1users/get`. */
export function toPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + escapePointerToken(t)).join('');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => unescapePointerToken(decodeURIComponent(t)));
}

/** Reads the value at a pointer, or `undefined` when any step is missing. */
export function getAtPointer(root: unknown, tokens: readonly string[]): unknown {
  let node: unknown = root;
  for (const token of tokens) {
    if (node === null || typeof node !== 'object') return undefined;
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(node, token)) return undefined;
      node = (node as Record<string, unknown>)[token];
    }
  }
  return node;
}
