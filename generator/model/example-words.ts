/**
 * Made-up values that read like ones a person would write: ids, names, texts and dates for what
 * a field's name and format say (in the API's own words, example-vocabulary.ts), numbers within
 * the schema's bounds.
 */
import { safeRegExp, type Schema } from './example-schema.ts';
import type { ExampleVocabulary } from './example-vocabulary.ts';
import { sampleOfPattern } from './pattern-sample.ts';

/**
 * What a value is for, so that an example reads like one a person would write: the parameter's or
 * property's name (`user_id`, `query`) and the operation's path (`/2/users/{id}` makes `id` a user's).
 */
export interface ExampleHint {
  name: string;
  path: string;
  /** An example stated beside the schema (a parameter's own, a media type's), tried first. */
  stated?: unknown;
  /** Which item of an array this is: the second id of a list is another id. */
  index?: number;
}

/** A number within the schema's bounds: 1 for most, 10 for a page size or count. */
export function numberExample(schema: Schema, type: 'integer' | 'number', hint: ExampleHint): number {
  const step = type === 'integer' ? 1 : 0.5;
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + step
        : -Infinity;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - step
        : Infinity;
  const preferred = /max|count|limit|size|results|per_page/i.test(hint.name) ? 10 : 1;
  let value = Math.min(Math.max(preferred, min), max);
  if (type === 'integer') value = Math.ceil(value);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0)
    value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return value;
}

/** Realistic strings for what the name says, then by format; the first that meets the pattern and lengths wins. */
export function stringExample(schema: Schema, hint: ExampleHint, words: ExampleVocabulary): string {
  const named = byName(hint, words);
  // The n-th item of a list: the n-th of the names' values first.
  const candidates = [
    ...byFormat(schema.format),
    ...named.slice((hint.index ?? 0) % Math.max(named.length, 1)),
    ...named,
  ];
  const pattern = typeof schema.pattern === 'string' ? safeRegExp(schema.pattern) : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const meets = (s: string): boolean => {
    const length = [...s].length;
    return length >= min && length <= max && (!pattern || pattern.test(s));
  };
  const generic = ['example', ...words.ids, words.username, 'US', 'en', 'https://example.com/', 'abc123'];
  const found = [...candidates, ...generic].find(meets);
  if (found !== undefined) return found;
  const built = typeof schema.pattern === 'string' ? sampleOfPattern(schema.pattern) : undefined;
  if (built !== undefined && meets(built)) return built;
  // Too short for minLength: the pattern's last character repeated often fits (`[a-f0-9]+`).
  if (built && built.length < min && meets(built.padEnd(min, built.slice(-1))))
    return built.padEnd(min, built.slice(-1));
  // Lengths alone: pad or cut a plain word.
  const word = candidates[0] ?? 'example';
  return word.length < min
    ? word.padEnd(min, 'x')
    : [...word].slice(0, Number.isFinite(max) ? max : undefined).join('');
}

function byFormat(format: unknown): string[] {
  switch (format) {
    case 'date-time':
      return ['2025-01-01T00:00:00Z'];
    case 'date':
      return ['2025-01-01'];
    case 'time':
      return ['12:00:00'];
    case 'uri':
    case 'url':
    case 'uri-reference':
    case 'iri':
      return ['https://example.com/'];
    case 'email':
      return ['user@example.com'];
    case 'uuid':
      return ['123e4567-e89b-12d3-a456-426614174000'];
    case 'hostname':
      return ['example.com'];
    case 'ipv4':
      return ['192.0.2.1'];
    case 'ipv6':
      return ['2001:db8::1'];
    case 'byte':
      return ['aGVsbG8='];
    default:
      return [];
  }
}

/** Values a person would write for a field of this name (and, for a bare `id`, of this path). */
function byName({ name, path }: ExampleHint, words: ExampleVocabulary): string[] {
  const n = name.toLowerCase();
  const user = [...words.userIds];
  if (n === 'id' || n === 'ids') {
    const last =
      path
        .split('/')
        .filter((s) => s && !s.startsWith('{'))
        .pop() ?? '';
    if (/users?$/.test(last) || /\/users\/\{/.test(path)) return user;
    if (/lists?$/.test(last) || /\/lists\/\{/.test(path)) return [...words.listIds];
    if (/spaces?$/.test(last) || /\/spaces\/\{/.test(path)) return [...words.spaceIds];
    return [...words.postIds];
  }
  if (/(^|_)target_user_?id$/.test(n)) return user.slice(1);
  if (/(^|_)(user|author|participant|owner|follower|following|source_user)_?ids?$/.test(n)) return user;
  if (/(^|_)(tweet|post)_?ids?$/.test(n)) return [...words.postIds];
  if (/(^|_)list_?ids?$/.test(n)) return [...words.listIds];
  if (/(^|_)space_?ids?$/.test(n)) return [...words.spaceIds];
  if (/media_?keys?$/.test(n)) return [...words.mediaKeys];
  if (/(^|_)usernames?$/.test(n)) return [words.username];
  if (/(^|_)query$/.test(n)) return [words.query];
  if (/(^|_)(text|message)$/.test(n)) return [...words.texts];
  if (/(^|_)uuids?$/.test(n)) return ['123e4567-e89b-12d3-a456-426614174000'];
  if (/(^|_)(name|title)$/.test(n)) return ['Example'];
  if (/(^|_)description$/.test(n)) return ['An example.'];
  if (/(^|_)(lang|language)$/.test(n)) return ['en'];
  if (/country(_code)?$/.test(n)) return ['US'];
  if (/(^|_)(url|uri|link|callback)$/.test(n)) return ['https://example.com/'];
  if (/(^|_)email$/.test(n)) return ['user@example.com'];
  if (/(^|_)token$/.test(n)) return [words.token];
  if (/(^|_|\b)(time|at|date)$/.test(n)) return ['2025-01-01T00:00:00Z'];
  if (/(^|_)ids?$/.test(n)) return [...words.ids];
  return [];
}
