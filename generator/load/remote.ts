import { SpecError } from '../errors.ts';
import { hasUserInfo, redactUrls, shownUrl, USER_INFO_REFUSED } from '../urls.ts';
import { binaryKind, notASpecReason } from './file-kind.ts';
import { checkSpecSize } from './limits.ts';
import { parseSpecFile } from './parse.ts';

/** How long one request may take, in ms (XGEN_FETCH_TIMEOUT_MS overrides it). */
export function fetchTimeout(): number {
  const setting = Number(process.env.XGEN_FETCH_TIMEOUT_MS);
  return Number.isFinite(setting) && setting > 0 ? setting : 30_000;
}

/** The most documents one spec may fetch (the root and the files its `$ref`s reach). */
export const MAX_REMOTE_DOCUMENTS = 500;

/** A document's URL without its fragment: the key its text is kept under. */
export function documentUrl(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/**
 * Fetches a spec given by URL and every document its relative `$ref`s reach on the same origin
 * (scheme, host and port), each with a timeout and the size cap of a spec file. A `$ref` to another
 * origin is not followed (the load stage then names it where it is written). Returns each document's
 * text by its URL (without fragment); the root first.
 */
export async function fetchSpecTree(root: string): Promise<Map<string, string>> {
  if (hasUserInfo(root)) throw new SpecError(USER_INFO_REFUSED, shownUrl(root), '');
  const texts = new Map<string, string>();
  const origin = new URL(root).origin;
  const queue = [documentUrl(root)];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (texts.has(url)) continue;
    if (texts.size >= MAX_REMOTE_DOCUMENTS)
      throw new SpecError(
        `the spec reaches more than ${MAX_REMOTE_DOCUMENTS} documents by $ref: refused`,
        shownUrl(root),
        '',
      );
    const text = await fetchText(url);
    texts.set(url, text);
    let data: unknown;
    try {
      data = parseSpecFile(shownUrl(url), text).data;
    } catch {
      continue; // the load stage reports it, located
    }
    for (const ref of refsIn(data)) {
      const file = ref.split('#')[0] ?? '';
      if (file === '') continue;
      let target: URL;
      try {
        target = new URL(file, url);
      } catch {
        continue;
      }
      if (target.origin === origin && !texts.has(documentUrl(target.href)))
        queue.push(documentUrl(target.href));
    }
  }
  return texts;
}

/** Every `$ref` string in a document. */
function refsIn(data: unknown): string[] {
  const refs: string[] = [];
  const stack = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && typeof (value as { $ref?: unknown }).$ref === 'string')
      refs.push((value as { $ref: string }).$ref);
    for (const child of Array.isArray(value) ? value : Object.values(value))
      if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return refs;
}

/** One document's text: a 2xx answer within the timeout, not too large (checkSpecSize), text rather than binary. */
async function fetchText(url: string): Promise<string> {
  const shown = shownUrl(url);
  const timeout = fetchTimeout();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: controller.signal,
        redirect: 'follow',
        headers: { accept: 'application/yaml, application/json;q=0.9, */*;q=0.5' },
      });
    } catch (error) {
      throw new SpecError(fetchFailure(error, timeout), shown, '');
    }
    if (!response.ok)
      throw new SpecError(
        `cannot fetch the spec: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        shown,
        '',
      );
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared)) checkSpecSize(declared, shown);
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (response.body) {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          total += chunk.length;
          checkSpecSize(total, shown);
          chunks.push(chunk);
        }
      } catch (error) {
        // The rest of the answer is not read (too large, or broken).
        controller.abort();
        if (error instanceof SpecError) throw error;
        throw new SpecError(fetchFailure(error, timeout), shown, '');
      }
    }
    const bytes = Buffer.concat(chunks);
    const kind = binaryKind(bytes);
    if (kind) throw new SpecError(notASpecReason(kind), shown, '');
    return bytes.toString('utf8');
  } finally {
    clearTimeout(timer);
  }
}

/** Why a request failed, in one line without the URL's secrets. */
function fetchFailure(error: unknown, timeout: number): string {
  const e = error as { name?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'AbortError' || e.name === 'TimeoutError')
    return `cannot fetch the spec: no complete answer within ${timeout / 1000} s`;
  const cause = e.cause?.code ?? e.cause?.message ?? (error instanceof Error ? error.message : String(error));
  // What fetch or node says may quote the URL, with what it holds.
  return `cannot fetch the spec: ${redactUrls(cause)}`;
}
