/**
 * Writes the copy of a spec that Prism serves, under test/.tmp/contract/ (TMP_DIR). The specs themselves stay as
 * they are; this copy only rewrites what Prism 5.14.2 cannot read as the spec means it:
 *
 * 1. HTTP security schemes other than basic, bearer and digest (ours: `scheme: OAuth`, OAuth 1.0a
 *    signing). Prism has no handler for them: it logs "We currently do not support this type of
 *    security scheme: http/oauth" and lets every request through, so an unsigned call would pass.
 *    The copy declares them as an `apiKey` in the `Authorization` header, so Prism at least requires
 *    the credential header (it cannot check an OAuth 1.0a signature; the runtime and browser tests do).
 * 2. Object examples of `application/x-www-form-urlencoded` responses. Prism serves an example as the
 *    body as it stands and validates a form response as an encoded string ("Target is not a string"),
 *    so the copy holds the same example URL-encoded (`oauth_token=...&oauth_token_secret=...`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SpecDoc } from './spec-schemas.ts';

/**
 * Where the copies go: a folder for each transport's pass when the runner runs both (test/run.ts).
 * Prism watches the file it serves and restarts when it changes: with one shared copy, one pass
 * rewriting it while the other's Prism served it reset that pass's connections mid-suite.
 */
export const TMP_DIR = resolve(
  import.meta.dirname,
  '..',
  '.tmp',
  'contract',
  ...(process.env.XGEN_TEST_TRANSPORT ? [process.env.XGEN_TEST_TRANSPORT] : []),
);

/** The rewrites above, as they are reported by the contract tests. */
export const PRISM_WORKAROUNDS = [
  'http security schemes Prism does not know (scheme: OAuth) are served as apiKey in the Authorization header (Prism then requires the header; it cannot check OAuth 1.0a signatures)',
  'object examples of application/x-www-form-urlencoded responses are served URL-encoded (Prism serves and validates a form body as an encoded string)',
];

const PRISM_HTTP_SCHEMES = new Set(['basic', 'bearer', 'digest']);

function formEncode(value: unknown): string {
  const form = new URLSearchParams();
  for (const [key, item] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(item) ? item : [item])
      form.append(key, typeof one === 'string' ? one : JSON.stringify(one));
  }
  return form.toString();
}

function encodeFormResponses(responses: Record<string, any> | undefined): void {
  for (const response of Object.values(responses ?? {})) {
    for (const [type, media] of Object.entries<any>(response?.content ?? {})) {
      if (!type.startsWith('application/x-www-form-urlencoded')) continue;
      if (media.example !== undefined && typeof media.example !== 'string')
        media.example = formEncode(media.example);
      for (const example of Object.values<any>(media.examples ?? {})) {
        if (example?.value !== undefined && typeof example.value !== 'string')
          example.value = formEncode(example.value);
      }
    }
  }
}

/** Returns a Prism-compatible deep copy of `doc` (see the module comment). */
export function prismCompatible(doc: SpecDoc): SpecDoc {
  const copy = structuredClone(doc);
  for (const scheme of Object.values<any>(copy.components?.securitySchemes ?? {})) {
    if (scheme.type === 'http' && !PRISM_HTTP_SCHEMES.has(String(scheme.scheme).toLowerCase())) {
      const description =
        `${scheme.description ?? ''} (Prism copy: http/${scheme.scheme} served as apiKey in Authorization)`.trim();
      for (const key of Object.keys(scheme)) delete scheme[key];
      Object.assign(scheme, { type: 'apiKey', in: 'header', name: 'Authorization', description });
    }
  }
  encodeFormResponses(copy.components?.responses);
  for (const item of Object.values<any>(copy.paths ?? {})) {
    for (const op of Object.values<any>(item))
      if (op && typeof op === 'object' && op.responses) encodeFormResponses(op.responses);
  }
  return copy;
}

/**
 * Writes the Prism copy of `doc` as `<TMP_DIR>/<name>.json`, after `mutate` (which the
 * harness self-test uses to break the copy on purpose), and returns its path.
 */
export function writePrismSpec(doc: SpecDoc, name: string, mutate?: (copy: SpecDoc) => void): string {
  const copy = prismCompatible(doc);
  mutate?.(copy);
  mkdirSync(TMP_DIR, { recursive: true });
  const file = join(TMP_DIR, `${name}.json`);
  writeFileSync(file, JSON.stringify(copy, null, 1));
  return file;
}
