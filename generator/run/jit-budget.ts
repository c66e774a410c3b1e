/**
 * Imported first by cli/main.ts, so that it runs before the generator's modules load and its threads start.
 *
 * V8 optimizes a function with TurboFan once it has run through its "interrupt budget" of bytecode
 * (66 KB by default on Node 20) a few times. A cold `xgen generate` lives about two seconds on X's spec,
 * and with the default V8 optimized some 270 functions of TypeScript, ts-morph and the generator, on
 * background threads that took the cores the main and emit threads needed (about 2 s of compile
 * time in all, on a machine of 2 cores). Eight times the budget leaves the functions that are hot in
 * such a run optimized, and most of the rest in the baseline tiers. Measured (bench/RESULTS.md,
 * "Measurements behind design choices"): X's spec 0.81x the wall time and 0.79x the CPU, GitHub's
 * 0.98x and 0.94x.
 *
 * The flag is the process's, so the emit and spec threads started later have it too; it changes
 * when code is compiled, never what it computes (output is byte for byte the same). V8's code cache
 * keys its data by the flags as they are when it is made and read, which is after this.
 */
import { setFlagsFromString } from 'node:v8';

/** Eight times Node 20's default (67584): measured best of 1x, 8x and 16x on X's and GitHub's specs. */
export const INTERRUPT_BUDGET = 8 * 67584;

setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
