/** Paths shared by the benchmarks, and the one-time setup: peers installed, xgen built. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

/** Builds `dist/` (what the published `xgen` bin runs) when it is missing or older than `generator/`. */
export function ensureXgenBuilt(): void {
  const cli = join(ROOT, 'dist/generator/cli.js');
  if (existsSync(cli) && newest(join(ROOT, 'dist/generator')) >= newest(join(ROOT, 'generator'))) return;
  console.log('Building xgen: tsc -p tsconfig.build.json');
  try {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      { cwd: ROOT, stdio: 'inherit' },
    );
  } catch (error) {
    // tsc still emits on type errors; benchmark that rather than nothing, but say so.
    if (!existsSync(cli)) throw error;
    console.warn('xgen: the generator has type errors (above); benchmarking what tsc emitted.');
  }
}

/** The published entry point of xgen. */
export const XGEN_BIN = join(ROOT, 'bin/xgen.js');
