/** Naming rules: one place decides how spec names become TypeScript names. */

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await as any boolean number string ' +
    'symbol type from of never unknown object undefined bigint'
  ).split(' '),
);

/** Type names that would shadow globals the generated code itself relies on. */
const SHADOWING_TYPES = new Set([
  'Array',
  'ReadonlyArray',
  'Boolean',
  'Date',
  'Error',
  'Function',
  'Map',
  'Number',
  'Object',
  'Promise',
  'Record',
  'Set',
  'String',
  'Symbol',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
  'Exclude',
  'Extract',
  'NonNullable',
  'ReturnType',
  'Uint8Array',
  'Blob',
  'File',
  'FormData',
  'Headers',
  'Request',
  'Response',
  'URL',
  'URLSearchParams',
  'AbortSignal',
  'ReadableStream',
  'Iterable',
  'AsyncIterable',
  'PromiseLike',
  'ArrayBuffer',
  'JSON',
  'Math',
  'ApiError',
  'ValidationError',
  'TimeoutError',
  'ConnectionError',
  'RequestOptions',
  'Micros',
  'Page',
  'PageMembers',
  'PagePromise',
  'components',
  'paths',
  'operations',
  'webhooks',
  '$defs',
  // What the package exports or imports beside the models (index.ts, operations.ts, resources, problems.ts).
  'ClientOptions',
  'ClientAuth',
  'ClientCore',
  'CallArgs',
  'OperationId',
  'OperationTypes',
  'OperationSpec',
  'PaginatedOperationSpec',
  'ResponseInfo',
  'Sleep',
  'LegacyError',
  'RateLimit',
  'ApiErrorBody',
  'ApiErrorCase',
  'OperationErrors',
  'isApiError',
  'ProblemTypes',
  'ProblemType',
  'PaginationLoopError',
  'PageItem',
  'PaginationOptions',
  'PollOptions',
  'EventStream',
  'StreamOptions',
  'ReconnectOptions',
  'ReconnectEvent',
  'OAuth1Credentials',
  'OAuth2AuthorizeUrlOptions',
  'MicrosRounding',
  // The field-selection helpers (runtime/selection.ts) the models module imports.
  'Selected',
  'FieldSelection',
  'FieldsParam',
  'KnownParams',
  'OperationResults',
  'OptionalParamsOperationId',
]);

/**
 * Names JavaScript gives a meaning on every object: a group or method named so would replace an
 * inherited member (`toString` on a group would send a request when the group is printed), make
 * the object a thenable (`then`: `await client.group` would send a request) or set its prototype
 * (`__proto__`). Where a spec name becomes a property or method, these are numbered (`then2`).
 */
export const SPECIAL_MEMBERS: readonly string[] = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'then',
  'prototype',
];

/** Splits any name into words: `tweet.fields`, `getUsersPosts`, `Account Activity`, `HTTPServer2`. */
export function words(name: string): string[] {
  return (
    name
      // Letters with accents keep their base letter (`über` -> `uber`) instead of splitting the word.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // An acronym run splits before the capitalised word after it (`HTTPServer`), but a lone capital does not (`OAuth`).
      .replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
  );
}

/** Words with one spelling in every generated name, however the spec writes them (`oauth2_token` -> `OAuth2Token`). */
const SPELLED: ReadonlyMap<string, string> = new Map([
  ['oauth', 'OAuth'],
  ['oauth1', 'OAuth1'],
  ['oauth2', 'OAuth2'],
]);

export function pascalCase(name: string): string {
  const result = words(name)
    .map((w) => SPELLED.get(w.toLowerCase()) ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return result === '' ? 'Unnamed' : /^[0-9]/.test(result) ? `_${result}` : result;
}

export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  if (pascal.startsWith('_')) return pascal;
  const [first = '', ...rest] = words(pascal);
  // `OAuth` -> `oauth`, `HTTPServer` -> `httpServer`, `Users` -> `users`.
  const head = /^[A-Z]{2}/.test(first) ? first.toLowerCase() : first.charAt(0).toLowerCase() + first.slice(1);
  return head + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

export function kebabCase(name: string): string {
  return (
    words(name)
      .map((w) => w.toLowerCase())
      .join('-') || 'default'
  );
}

/** Whether a type of this name, declared in the output, would hide a global type the output itself uses. */
export function shadowsGlobalType(name: string): boolean {
  return SHADOWING_TYPES.has(name);
}

/** A safe exported type name (PascalCase, not a keyword, not shadowing a global the output uses). */
export function typeName(name: string): string {
  let result = pascalCase(name);
  if (RESERVED.has(result) || SHADOWING_TYPES.has(result)) result = `${result}Schema`;
  return result;
}

/** A safe method or property name. */
export function memberName(name: string): string {
  const result = camelCase(name);
  // `constructor` would replace a class's constructor; keywords cannot name variables.
  return RESERVED.has(result) || result === 'constructor' ? `${result}_` : result;
}

export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !RESERVED.has(name);
}

/**
 * Words that name no object: left after the verb (`deleteAllConnections` under Connections is
 * `deleteAll`), they do not read as what the method returns.
 */
const FUNCTION_WORDS = new Set([
  'all',
  'any',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'to',
  'with',
  'and',
  'or',
  'my',
  'own',
  'batch',
  'bulk',
  'many',
  'multiple',
]);

/**
 * The method name inside a tag group: the operationId with the tag's word taken out where it
 * occurs (`createWebhooksStreamLink` under Webhooks is `createStreamLink`). The singular of the
 * tag word counts too (`getAccount` under Accounts is `get`). The id stays whole when taking the
 * word out leaves nothing usable, or loses what the operation returns:
 * - the last word says what it returns: it goes only when the verb alone is left (`getAccount`
 *   is `accounts.get`), since another noun would then read as the result (`getUsersPosts` under
 *   Posts is not `posts.getUsers`, which would return users);
 * - the first word is the verb: the singular of the tag word there is that verb (`likePost` under
 *   Likes is not `likes.post`); the tag word itself may prefix the id (`oauthRequestToken`).
 */
export function methodNameInGroup(operationId: string, tag: string): string {
  const id = camelCase(operationId);
  const tagWords = words(tag).map((w) => w.toLowerCase());
  const idWords = words(id);
  const lower = idWords.map((w) => w.toLowerCase());
  const candidates = [tagWords];
  const last = tagWords[tagWords.length - 1];
  if (last && last.length > 3 && last.endsWith('ies'))
    candidates.push([...tagWords.slice(0, -1), `${last.slice(0, -3)}y`]);
  else if (last && last.length > 1 && last.endsWith('s'))
    candidates.push([...tagWords.slice(0, -1), last.slice(0, -1)]);
  for (const [index, tagSeq] of candidates.entries()) {
    const joined = tagSeq.join('');
    if (joined === '') continue;
    // Match the tag against a run of the id's words, so `OAuth` matches `oauth` and `Account Activity` matches `AccountActivity`.
    for (let i = 0; i < lower.length; i++) {
      // The singular in first place is the verb (`likePost`), not the group's word.
      if (i === 0 && index > 0) continue;
      let text = '';
      for (let j = i; j < lower.length && text.length < joined.length; j++) {
        text += lower[j];
        if (text !== joined) continue;
        const rest = [...idWords.slice(0, i), ...idWords.slice(j + 1)];
        if (rest.length === 0 || /^[0-9]/.test(rest[0] ?? '')) break;
        // The result's word at the end goes only when no other noun would take its place.
        if (
          i > 0 &&
          j === lower.length - 1 &&
          rest.slice(1).some((w) => !FUNCTION_WORDS.has(w.toLowerCase()))
        )
          break;
        const name = camelCase(rest.join(' '));
        // A method may be named like a keyword (`cards.delete`), but not `constructor`.
        if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== 'constructor') return name;
      }
    }
  }
  // Methods may be named like keywords (`delete`); `constructor` is kept off by the caller's table.
  return camelCase(operationId);
}

/** An operationId for an operation that has none: method and path, e.g. `getUsersById`. */
export function deriveOperationId(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `By ${param[1]}` : segment;
    });
  return camelCase([method.toLowerCase(), ...parts].join(' '));
}

/** Makes names unique in order of arrival: the first keeps its name, later ones get 2, 3, ... */
export class NameTable {
  private readonly used = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.used.add(name.toLowerCase());
  }
  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }
  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = `${name}${n}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}
