/**
 * The header checks of a call: a header fetch would refuse, or one that could smuggle another, is
 * refused before sending; an error's text is scrubbed of every header value and credential.
 */
import type { ClientAuth } from './auth.js';
import { ValidationError } from './errors.js';
import type { OperationSpec } from './types.js';

/** Header values fetch would refuse, or that would split the request: CR, LF, NUL, beyond Latin-1. */
const BAD_HEADER_VALUE = /[\r\n\0]|[^\u0000-\u00ff]/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CANNOT_SEND = ' cannot be sent';
const WHY = 'it holds a line break, NUL or a character beyond Latin-1';

/**
 * Refuses, before sending, a header fetch would refuse (its error would quote the value) or that
 * could smuggle another header: a ValidationError naming the option, never the value.
 */
export function checkHeaders(
  op: OperationSpec,
  headers: Record<string, string>,
  credentials: ClientAuth | undefined,
  call: Record<string, string> | undefined,
): void {
  // A token or API key is named by its option wherever it goes (header, cookie or query).
  // Loops over keys, not entries: this runs on every attempt.
  const given: Record<string, unknown> = credentials ?? {};
  for (const kind in given) {
    const value = given[kind];
    if (typeof value === 'string' && BAD_HEADER_VALUE.test(value))
      throw new ValidationError(
        `auth.${kind}`,
        'header-value',
        `${op.id}: auth.${kind}${CANNOT_SEND}: ${WHY}`,
      );
  }
  for (const name in headers) {
    if (HEADER_NAME.test(name) && !BAD_HEADER_VALUE.test(headers[name]!)) continue;
    const option =
      credentials && (name === 'authorization' || name === 'cookie' || name === op.apiKey?.name.toLowerCase())
        ? `auth.${Object.keys(credentials)[0] ?? 'credentials'}`
        : call && name in call
          ? `options.headers.${name}`
          : (op.params?.find((p) => p.in === 'header' && p.name.toLowerCase() === name)?.name ??
            `headers.${name}`);
    throw new ValidationError(
      option,
      'header-value',
      `${op.id}: ${option}${CANNOT_SEND} as an HTTP header: ${WHY} (or the header name is not a token)`,
    );
  }
}

/** An error's text with every header value and credential taken out. */
export function scrub(
  text: string,
  headers: Record<string, string>,
  credentials: ClientAuth | undefined,
): string {
  const secrets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      // The whole value, and each word of it long enough to be a secret (the token of `Bearer <token>`).
      if (value.length >= 4) secrets.push(value);
      for (const part of value.split(/[\s,;=]+/)) if (part.length >= 6) secrets.push(part);
    } else if (typeof value === 'object' && value) Object.values(value).forEach(collect);
  };
  collect([headers, credentials]);
  // Longest first, so that a value is not left half-redacted by a part of it.
  for (const secret of secrets.sort((a, b) => b.length - a.length))
    text = text.split(secret).join('[redacted]');
  return text;
}
