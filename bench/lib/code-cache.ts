import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * xgen's code cache (compiled library code, docs/guide/generating.md) in the benchmarks: by
 * default the user's, warm after the warm-up run (a later run of xgen on the machine); with
 * BENCH_CODE_CACHE=cold every xgen run gets an empty one (a first run after installing).
 */
const COLD = process.env.BENCH_CODE_CACHE === 'cold';
const FOLDER = join(tmpdir(), `xgen-bench-code-cache-${process.pid}`);
if (COLD) process.on('exit', () => rmSync(FOLDER, { recursive: true, force: true }));

/** The environment of one xgen run: with BENCH_CODE_CACHE=cold, an emptied code cache. */
export function codeCacheEnv(): Record<string, string> {
  if (!COLD) return {};
  rmSync(FOLDER, { recursive: true, force: true });
  return { XGEN_CODE_CACHE: FOLDER };
}

/** The sentence a section's notes carry: whether xgen's code cache was warm. */
export const CODE_CACHE_NOTE = COLD
  ? "xgen's code cache: empty for every run (`BENCH_CODE_CACHE=cold`), as on a first run after installing."
  : "xgen's code cache (compiled library code): warm, written by the warm-up run, as on any later run; `BENCH_CODE_CACHE=cold` empties it before every xgen run.";
