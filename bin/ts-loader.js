// A module loader hook (node:module register) that runs xgen's TypeScript sources when xgen is
// installed without a build and without tsx: each `.ts` file of xgen is compiled on load by the
// `typescript` dependency (types erased, no type check: `npm run lint` checks them in xgen's CI).
// The JavaScript is kept in the user's cache folder by the hash of the source, so that only the
// first run after an install or upgrade compiles (typescript itself is then not even loaded).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// xgen's sources, by real path (Node names modules by real path: a linked checkout is followed).
const sources =
  pathToFileURL(realpathSync(fileURLToPath(new URL('../generator', import.meta.url)))).href + '/';
const env = process.env;
// The same place as the result cache (generator/cache/result-cache.ts defaultCacheDir).
const cacheDir = join(
  env.XGEN_CACHE_DIR
    ? resolve(env.XGEN_CACHE_DIR)
    : env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)
      ? join(env.XDG_CACHE_HOME, 'xgen')
      : process.platform === 'win32' && env.LOCALAPPDATA
        ? join(env.LOCALAPPDATA, 'xgen', 'cache')
        : join(homedir(), '.cache', 'xgen'),
  'js',
);
const COMPILER_OPTIONS = {
  module: 99 /* ESNext */,
  target: 9 /* ES2022 */,
  verbatimModuleSyntax: true,
  useDefineForClassFields: true,
};
let ts;

export async function load(url, context, nextLoad) {
  if (!url.startsWith(sources) || !url.endsWith('.ts') || url.slice(sources.length).includes('node_modules/'))
    return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = readFileSync(fileName, 'utf8');
  const key = createHash('sha256')
    .update(JSON.stringify(COMPILER_OPTIONS))
    .update('\0')
    .update(source)
    .digest('hex');
  const cached = join(cacheDir, `${key}.js`);
  try {
    return { format: 'module', source: readFileSync(cached, 'utf8'), shortCircuit: true };
  } catch {
    // Not compiled yet.
  }
  ts ??= (await import('typescript')).default;
  const { outputText } = ts.transpileModule(source, { fileName, compilerOptions: COMPILER_OPTIONS });
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${cached}.${process.pid}.tmp`;
    writeFileSync(temporary, outputText);
    renameSync(temporary, cached);
  } catch {
    // A cache that cannot be written only costs time.
  }
  return { format: 'module', source: outputText, shortCircuit: true };
}
