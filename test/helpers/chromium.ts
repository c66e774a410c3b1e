/**
 * Headless Chromium for the tests that need a browser, with nothing installed by hand: the browser
 * comes inside the @sparticuz/chromium npm package (brotli-packed in node_modules, unpacked on first
 * launch into a folder beside npm's cache named for the package's version, so that the temporary
 * folder keeps nothing of it; no download), driven by
 * playwright-core. XGEN_CHROMIUM points at another Chromium binary instead (Debian's
 * `/usr/bin/chromium`, say).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

/**
 * Flags this machine needs besides Playwright's: as root, no sandbox; its closed network refuses
 * the connections Chromium makes on its own at start (updates, sync, Google's hosts), so none is made.
 */
const QUIET = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The package's flags that would switch off what browser tests check (the same-origin policy, CORS,
 * mixed content): left out, so that a page behaves as in a user's browser.
 */
const CHANGES_THE_WEB = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
]);

/**
 * Unpacks the package's Chromium (once) and returns its path. The package unpacks into `tmpdir()`
 * and reuses a `chromium` it finds there, whichever version put it there; so `tmpdir()` names a folder
 * of this version beside npm's cache while it works.
 */
async function packagedChromium(): Promise<string> {
  // The package exports no package.json: read the one above its entry point (build/index.js, or
  // build/cjs/index.cjs in other releases).
  let folder = dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium'));
  const manifest = (dir: string): { name?: string; version?: string } | undefined =>
    existsSync(join(dir, 'package.json'))
      ? (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string })
      : undefined;
  while (manifest(folder)?.name !== '@sparticuz/chromium' && dirname(folder) !== folder)
    folder = dirname(folder);
  const version = manifest(folder)?.version ?? 'unknown';
  // npm sets npm_config_cache for the scripts it runs; ~/.npm is its default.
  const npmCache = process.env.npm_config_cache || join(homedir(), '.npm');
  const unpacked = join(npmCache, '_xgen', `chromium-${version}`);
  mkdirSync(unpacked, { recursive: true });
  const before = process.env.TMPDIR;
  process.env.TMPDIR = unpacked;
  try {
    return await sparticuz.executablePath();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

/** Launches a headless Chromium; close it when done (it holds a process and a profile folder). */
export async function launchChromium(): Promise<Browser> {
  const own = process.env.XGEN_CHROMIUM;
  if (own && !existsSync(own)) {
    throw new Error(
      `${own} is missing: XGEN_CHROMIUM names a Chromium executable that is not there. Unset it to use the Chromium that npm ci brings (@sparticuz/chromium).`,
    );
  }
  const executablePath = own || (await packagedChromium());
  // The package's flags suit its own build (single process, software GL); another binary gets only ours.
  const packaged = own
    ? []
    : sparticuz.args.filter((flag) => !CHANGES_THE_WEB.has(flag) && !flag.startsWith('--headless'));
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...new Set([...packaged, ...QUIET])],
    timeout: 60_000,
  });
}
