/**
 * Whether a spec is given by http(s) URL rather than by path. A leaf module: the load stage fetches
 * such specs, and the cache and CLI only need to tell them from files.
 */
export function isUrl(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}
