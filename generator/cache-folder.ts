import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * Where xgen's caches live unless told otherwise: XGEN_CACHE_DIR, else the user's cache folder
 * (`$XDG_CACHE_HOME/xgen`, else `~/.cache/xgen`; `%LOCALAPPDATA%\xgen\cache` on Windows), so that they
 * work in any folder, with or without node_modules. A leaf: the result cache (cache/) and the code
 * cache, which every thread starts, both keep their files below it.
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XGEN_CACHE_DIR) return resolve(env.XGEN_CACHE_DIR);
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, 'xgen');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'xgen', 'cache');
  return join(homedir(), '.cache', 'xgen');
}
