import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * xgen's code cache (compiled library code, docs/guide/generating.md) in the benchmarks: a folder of
 * the benchmark's own, so that what the measured runs load is what the warm-up run wrote (a later run
 * of xgen on the machine). The user's folder may hold entries other runs made (a test suite's small
 * specs, an older build), which xgen keeps as they are: on this repo's checkout such entries made both
 * X packages' generation about 1.1x slower than entries its warm-up wrote (`XGEN_CACHE_DIR` A/B, 10
 * rounds). With BENCH_CODE_CACHE=cold every xgen run gets an empty one (a first run after installing).
 */
const COLD = process.env.BENCH_CODE_CACHE === 'cold';
const FOLDER = join(tmpdir(), `xgen-bench-code-cache-${process.pid}`);
rmSync(FOLDER, { recursive: true, force: true });
process.on('exit', () => rmSync(FOLDER, { recursive: true, force: true }));

/** The environment of one xgen run: the benchmark's code cache, emptied first with BENCH_CODE_CACHE=cold. */
export function codeCacheEnv(): Record<string, string> {
  if (COLD) rmSync(FOLDER, { recursive: true, force: true });
  return { XGEN_CODE_CACHE: FOLDER };
}

/** The sentence a section's notes carry: whether xgen's code cache was warm. */
export const CODE_CACHE_NOTE = COLD
  ? "xgen's code cache: empty for every run (`BENCH_CODE_CACHE=cold`), as on a first run after installing."
  : "xgen's code cache (compiled library code): warm, in a folder of the benchmark's own that the warm-up run wrote, as on any later run; `BENCH_CODE_CACHE=cold` empties it before every xgen run.";
