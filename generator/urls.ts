/**
 * URLs as xgen reads and shows them. A leaf module: the load stage fetches specs given by URL, the
 * cache and CLI tell them from files, and every message that may quote a URL (a cause from fetch or
 * node included) shows it without the user name, password and query that may hold a secret.
 */

/** Whether a spec is given by http(s) URL rather than by path. */
export function isUrl(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

/** Whether a URL names a user (and maybe a password) before its host: `http://user:secret@host/`. */
export function hasUserInfo(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*@/i.test(url);
  }
}

/**
 * A URL as messages show it: without user name, password, query or fragment, which may hold a token.
 */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin === 'null' ? `${u.protocol}//${u.host}` : u.origin}${u.pathname}`;
  } catch {
    return withoutSecrets(url).replace(/#.*$/, '');
  }
}

/**
 * Why a spec URL with a user name or password is refused: fetch does not send them, and they would
 * show wherever the URL does (process lists, shell history, CI logs).
 */
export const USER_INFO_REFUSED =
  'a spec URL with a user name or password is refused: fetch does not send them, and they would show in process lists and logs. ' +
  'xgen sends no credentials when it fetches a spec: download it with them (for example `curl --netrc -o spec.yaml <url>`) and pass the file';

/** Anything that looks like a URL in free text (a scheme, `://`, then up to a space, quote or bracket). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>()[\]{}]+/gi;

/**
 * A text with every URL in it shown without user name, password and query (its fragment, often a
 * JSON pointer, stays): for messages quoting what fetch, node or a spec said.
 */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => {
    try {
      const u = new URL(url);
      if (u.username === '' && u.password === '' && u.search === '') return url;
      return `${u.protocol}//${u.host}${u.pathname}${u.hash}`;
    } catch {
      return withoutSecrets(url);
    }
  });
}

/** What no parser could read, by pattern: user info after the scheme, and the query. */
function withoutSecrets(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#\s]*@/i, '$1').replace(/\?[^#]*/, '');
}
