/**
 * One spelling for every string literal in emitted `.d.ts` files, whichever compiler wrote them.
 * TypeScript 7 reuses the literal as written in the source (`readonly ['a', "it's"]`, prettier's
 * quotes); TypeScript 5.9 prints the literal types it infers with double quotes. Both give the same
 * values in the same places, so spelling each value one way makes their output byte-identical.
 */

/** Re-spells every string literal of a declaration file (comments and template literals are left alone). */
export function canonicalStringQuotes(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  // Brace depths at which a template literal's `${` was opened: its `}` resumes the template.
  const templates: number[] = [];
  let depth = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === SLASH) {
      const next = text.charCodeAt(i + 1);
      if (next === SLASH) {
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end;
        continue;
      }
      if (next === STAR) {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      }
      i++;
      continue;
    }
    if (c === SINGLE || c === DOUBLE) {
      const start = i;
      const { value, end } = readString(text, i);
      i = end;
      if (value === undefined) continue;
      const spelled = quote(value);
      if (spelled !== text.slice(start, end)) {
        out += text.slice(copied, start) + spelled;
        copied = end;
      }
      continue;
    }
    if (c === BACKTICK) {
      i = skipTemplate(text, i + 1, templates, depth);
      continue;
    }
    if (c === OPEN_BRACE) depth++;
    else if (c === CLOSE_BRACE) {
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        i = skipTemplate(text, i + 1, templates, depth);
        continue;
      }
      depth--;
    }
    i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

const SLASH = 47;
const STAR = 42;
const SINGLE = 39;
const DOUBLE = 34;
const BACKTICK = 96;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const DOLLAR = 36;

/** Skips a template literal's text from `i` to its closing backtick or to a `${` (remembered in `templates`). */
function skipTemplate(text: string, i: number, templates: number[], depth: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === BACKTICK) return i + 1;
    else if (c === DOLLAR && text.charCodeAt(i + 1) === OPEN_BRACE) {
      templates.push(depth);
      return i + 2;
    } else i++;
  }
  return i;
}

/** The value of the string literal opening at `start`; undefined (left as written) when it is not one JavaScript reads. */
function readString(text: string, start: number): { value: string | undefined; end: number } {
  const delimiter = text.charCodeAt(start);
  let value = '';
  let i = start + 1;
  let run = i;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === delimiter) return { value: value + text.slice(run, i), end: i + 1 };
    if (c === 10 || c === 13) return { value: undefined, end: i };
    if (c !== BACKSLASH) {
      i++;
      continue;
    }
    value += text.slice(run, i);
    const e = text[i + 1] ?? '';
    i += 2;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) value += simple;
    else if (e === '0' && !/[0-9]/.test(text[i] ?? '')) value += '\0';
    else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i, i + 2))) {
      value += String.fromCharCode(parseInt(text.slice(i, i + 2), 16));
      i += 2;
    } else if (e === 'u' && text[i] === '{') {
      const close = text.indexOf('}', i);
      const code = close < 0 ? Number.NaN : parseInt(text.slice(i + 1, close), 16);
      if (!/^[0-9a-fA-F]+$/.test(text.slice(i + 1, close)) || !(code <= 0x10ffff)) return { value: undefined, end: skipString(text, i, delimiter) };
      value += String.fromCodePoint(code);
      i = close + 1;
    } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i, i + 4))) {
      value += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
      i += 4;
    } else if (e === '\r') {
      if (text[i] === '\n') i++;
    } else if (e === '\n' || e === '\u2028' || e === '\u2029') {
      // A line continuation: no character.
    } else if (/[0-9xu]/.test(e)) {
      // Legacy octal or a malformed escape: keep the literal exactly as the compiler wrote it.
      return { value: undefined, end: skipString(text, i, delimiter) };
    } else value += e;
    run = i;
  }
  return { value: undefined, end: i };
}

function skipString(text: string, i: number, delimiter: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === delimiter) return i + 1;
    else i++;
  }
  return i;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', "'": "'", '"': '"', '\\': '\\' };

/**
 * A value spelled as prettier spells it in the sources: single quotes unless the value holds more
 * single quotes than double ones; only the backslash, that quote, control characters, line and
 * paragraph separators and lone surrogates escaped.
 */
export function quote(value: string): string {
  const singles = value.split("'").length - 1;
  const doubles = value.split('"').length - 1;
  const delimiter = singles > doubles ? '"' : "'";
  let out = delimiter;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const code = value.charCodeAt(i);
    if (ch === '\\') out += '\\\\';
    else if (ch === delimiter) out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += CONTROL_ESCAPES[ch] ?? `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16)}`;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += ch + value[i + 1];
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16)}`;
    else out += ch;
  }
  return out + delimiter;
}

const CONTROL_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };
