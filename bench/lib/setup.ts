/** Paths shared by the benchmarks, and the one-time setup: peers installed, xgen built. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// @ts-expect-error: plain JavaScript without declarations (the bin's own helper)
import { RECORD, sourcesHash } from '../../bin/sources-hash.js';

export const BENCH = resolve(import.meta.dirname, '..');
export const ROOT = resolve(BENCH, '..');
export const OUT = join(BENCH, '.out');
export const PEERS = join(BENCH, 'node_modules');
export const REFERENCE_SPEC = resolve(ROOT, 'test/fixtures/reference/x-openapi-2.159.json');

/** The specs every generator is run on, by short name. */
export const SPECS = {
  'core-v2': join(ROOT, 'spec/core-v2.yaml'),
  'ads-v12': join(ROOT, 'spec/ads-v12.yaml'),
  'x-2.159': REFERENCE_SPEC,
} as const;
export type SpecName = keyof typeof SPECS;
export const SPEC_NAMES = Object.keys(SPECS) as SpecName[];

/** Where a generator's output for a spec goes. */
export function outDir(tool: string, spec: string): string {
  return join(OUT, 'gen', tool, spec);
}

/** The xgen package generated from core-v2 by the generation benchmark (src and dist). */
export const XGEN_CORE = outDir('xgen', 'core-v2');

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Installs the peers from bench/package-lock.json when they are missing. */
export function ensurePeers(): void {
  if (existsSync(join(PEERS, '.package-lock.json')) && existsSync(join(PEERS, 'esbuild'))) return;
  console.log('Installing the peers: npm ci --prefix bench');
  execFileSync(NPM, ['ci', '--prefix', BENCH, '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Builds `dist/` as `npm run dist` does, hash record included, unless it is there and current: the
 * published `bin/xgen.js` runs `dist/` only while the sources hash to its record (bin/sources-hash.js),
 * and would otherwise run the sources through tsx, which is not what the tables say they measure.
 */
export function ensureXgenBuilt(): void {
  const cli = join(ROOT, 'dist/generator/cli/main.js');
  const record = join(ROOT, RECORD);
  const current =
    existsSync(record) && readFileSync(record, 'utf8').trim() === sourcesHash(join(ROOT, 'generator'));
  if (existsSync(cli) && current) return;
  console.log('Building xgen: npm run dist');
  execFileSync(NPM, ['run', 'dist'], { cwd: ROOT, stdio: 'inherit' });
}

/** The published entry point of xgen. */
export const XGEN_BIN = join(ROOT, 'bin/xgen.js');
