/**
 * How values from a spec or the command line enter generated code: as literals, keys, doc comment
 * text (wrapped), and the header every generated file starts with. Printing is structures.ts's.
 */
/** The width doc comment prose is wrapped to (the comment's indentation and ` * ` come on top). */
export const DOC_WIDTH = 100;

/**
 * Prose wrapped at spaces to `width` columns, as a careful writer wraps a doc comment: a list
 * item's continuation lines are indented under its text; fenced code, indented code and table rows
 * keep their lines, and a word longer than the width (a URL) stays whole.
 */
export function wrapText(text: string, width = DOC_WIDTH): string {
  let fenced = false;
  let example = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      // An `@example` written in the text holds code up to the next tag.
      if (/^@\w/.test(line)) example = line.startsWith('@example');
      if (fenced || example || line.length <= width || /^\s*\|/.test(line) || /^ {4}/.test(line)) return line;
      const lead = /^\s*(?:[-*+] |\d+[.)] )?/.exec(line)![0];
      const indent = ' '.repeat(lead.length);
      const out: string[] = [];
      let current = lead;
      // `{@link X}` is one word: a link split over two lines may not be read as one.
      for (const word of line.slice(lead.length).match(/\S*\{@link[^}]*\}\S*|\S+/g) ?? []) {
        if (current.trim() !== '' && current !== lead && current.length + 1 + word.length > width) {
          out.push(current);
          current = indent + word;
        } else current = current === lead ? lead + word : `${current} ${word}`;
      }
      out.push(current);
      return out.join('\n');
    })
    .join('\n');
}

/** Renders plain data as a TypeScript literal; values of `Raw` are written as code. */
export class Raw {
  constructor(readonly code: string) {}
}

/*
 * The three ways a value from a spec or the command line enters generated code: `literal` (and
 * `stringLiteral`, `propertyKey`) for values, `comment` for text in a comment, and the name table
 * (generator/model/names.ts) for identifiers. Templates reach the same functions through the
 * handlebars helpers of runtime.ts.
 */

/** Plain data as a TypeScript literal; values of `Raw` are written as code. */
export function literal(value: unknown, indent = ''): string {
  if (value instanceof Raw) return value.code;
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => literal(v, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length < 80 && !flat.includes('\n')
      ? flat
      : `[\n${items.map((i) => inner + i).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  // Under a key such as `constructor` TypeScript types an object literal from Object.prototype's
  // member instead of the declared index signature; `as const` keeps its literal types.
  const parts = entries.map(
    ([k, v]) =>
      `${propertyKey(k)}: ${literal(v, inner)}${OBJECT_MEMBERS.has(k) && isPlainObject(v) ? ' as const' : ''}`,
  );
  const flat = `{ ${parts.join(', ')} }`;
  return flat.length < 80 && !flat.includes('\n')
    ? flat
    : `{\n${parts.map((p) => inner + p).join(',\n')},\n${indent}}`;
}

/**
 * Any text as a string literal: quotes, backslashes and control characters escaped (JSON's rules),
 * and U+2028/U+2029 too, which end a line in older parsers and in any `//` comment a tool adds.
 */
export function stringLiteral(text: string): string {
  // Most texts (names, paths, descriptions) need no escape: the same literal without JSON's round
  // trip (X's emitters quote 24,000 strings).
  if (!NEEDS_ESCAPE.test(text)) return `'${text}'`;
  // Single quotes, as prettier writes them: JSON's escapes with `\"` unescaped and `'` escaped.
  const inner = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${inner.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

/** A character `stringLiteral` writes otherwise than as itself: a quote, a backslash, a control character, U+2028/U+2029 or half of a surrogate pair (JSON.stringify escapes a lone one). */
const NEEDS_ESCAPE = /[\0-\x1f'"\\\u2028\u2029\ud800-\udfff]/;

/**
 * A key of an object literal: bare when it is an identifier, quoted otherwise. `__proto__` is
 * computed (`["__proto__"]`): written bare or quoted it would set the object's prototype.
 */
export function propertyKey(key: string): string {
  if (key === '__proto__') return `[${stringLiteral(key)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : stringLiteral(key);
}

/**
 * Text made safe inside a block comment: `*\/` cannot end it and `/*` cannot open another (`/\*`
 * and `*\/` read the same in Markdown-rendered docs). Line breaks are kept as `\n` (U+2028, U+2029
 * and CR too), so the printer prefixes every line with ` * `; `inlineComment` joins them.
 */
export function comment(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/\/\*/g, '/\\*');
}

/**
 * `comment` on one line, for a slot inside a line of a comment (a template's `{{comment x}}`).
 * The text around the slot is not known: a `*` at the end or a `/` at the start is escaped too,
 * so that `{{comment x}}/functions` cannot close the comment when `x` ends in `*`.
 */
export function inlineComment(text: string): string {
  return comment(text).replace(/\n/g, ' ').replace(/\*$/, '*\\').replace(/^\//, '\\/');
}

/** A JSDoc body from paragraphs, skipping empty ones, each through `comment`. */
export function docText(...paragraphs: (string | undefined | false)[]): string {
  return paragraphs
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => comment(p.trim()))
    .join('\n\n');
}

/**
 * Marks a call as free of side effects, so that a bundler drops it when nothing uses its value: a
 * descriptor's checks and an enum's values are made by calls, and a bundle of other operations leaves
 * them (and the rules they need) out.
 */
export const PURE = '/* @__PURE__ */ ';

export const GENERATED_HEADER =
  'Generated by xgen from the OpenAPI spec. Do not edit: run `npm run generate`.';

/** A file's opening doc comment: the generated-file header, then the paragraphs (each through `comment`). */
export function fileHeader(...paragraphs: (string | undefined | false)[]): string {
  const text = docText(GENERATED_HEADER, ...paragraphs);
  return `/**\n${text
    .split('\n')
    .map((l) => ` *${l ? ` ${l}` : ''}`)
    .join('\n')}\n */\n\n`;
}

/** Members every object has through Object.prototype. */
export const OBJECT_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !(value instanceof Raw);
}
