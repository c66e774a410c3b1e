/** Timing helpers shared by the benchmarks: child processes with peak memory, medians, alternation. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CommandResult {
  /** Wall time of the whole process, start to exit, in milliseconds. */
  ms: number;
  /** Peak resident memory in KB (GNU time's %M), or undefined where /usr/bin/time is missing. */
  peakKb: number | undefined;
  /**
   * Peak of the resident memory of the whole process tree, summed (the process, its threads and its
   * children, such as xgen's compiler), in KB: sampled every 20 ms from /proc, undefined without it.
   */
  treeKb: number | undefined;
  /** CPU time (user + system) of the process and the children it waited for, in ms (GNU time's %U + %S). */
  cpuMs: number | undefined;
  code: number;
  stdout: string;
  stderr: string;
}

const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Runs a command to completion; wall time is measured here, peak RSS by GNU time when it is there. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CommandResult> {
  const dir = GNU_TIME ? mkdtempSync(join(tmpdir(), 'xgen-bench-')) : undefined;
  const memFile = dir ? join(dir, 'mem') : undefined;
  const [file, argv] =
    GNU_TIME && memFile ? [GNU_TIME, ['-f', '%M %U %S', '-o', memFile, command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(file, argv, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tree = child.pid === undefined ? undefined : sampleTree(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // A program that cannot start is a failed run (exit 127, as a shell says), not a crash of the bench.
    child.on('error', (error) => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      tree?.stop();
      resolve({
        ms: performance.now() - started,
        peakKb: undefined,
        treeKb: undefined,
        cpuMs: undefined,
        code: 127,
        stdout,
        stderr: stderr + error.message,
      });
    });
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const treeKb = tree?.stop();
      let peakKb: number | undefined;
      let cpuMs: number | undefined;
      if (memFile && existsSync(memFile)) {
        const lines = readFileSync(memFile, 'utf8').trim().split('\n');
        const [peak, user, system] = (lines[lines.length - 1] ?? '').split(' ').map(Number);
        peakKb = Number.isFinite(peak) ? peak : undefined;
        cpuMs = Number.isFinite(user) && Number.isFinite(system) ? (user! + system!) * 1000 : undefined;
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
      resolve({ ms, peakKb, treeKb, cpuMs, code: code ?? 1, stdout, stderr });
    });
  });
}

const PAGE_KB = 4;

/** The resident memory of a process and every descendant, in KB (0 once it is gone). */
function treeResidentKb(pid: number): number {
  let total = 0;
  try {
    const resident = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    if (Number.isFinite(resident)) total += resident * PAGE_KB;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ')) {
        if (child !== '') total += treeResidentKb(Number(child));
      }
    }
  } catch {
    // The process ended between two reads.
  }
  return total;
}

/**
 * Samples the summed resident memory of a process tree every 20 ms until `stop`, which returns the
 * peak in KB (undefined without /proc). GNU time's %M is one process's peak: xgen's compiler child and
 * its own process are apart there, and both count here.
 */
function sampleTree(pid: number): { stop: () => number | undefined } {
  if (!existsSync(`/proc/${pid}/task`)) return { stop: () => undefined };
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, treeResidentKb(pid));
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return peak > 0 ? peak : undefined;
    },
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The median of per-round ratios `a[i] / b[i]`: the two ran back to back in each round (see
 * `alternate`), so a slow stretch of a shared machine weighs on both sides of a ratio alike, where a
 * ratio of two medians can pair one side's fast rounds with the other's slow ones. NaN when a round
 * is missing a side.
 */
export function paired(a: readonly number[], b: readonly number[]): number {
  return median(pairedRatios(a, b));
}

/** The per-round ratios `a[i] / b[i]` that `paired` takes the median of; none when a round is missing a side. */
export function pairedRatios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 0 || a.length !== b.length) return [];
  return a.map((value, i) => value / b[i]!);
}

/**
 * A paired ratio as a target row states it: the median, then the lowest and highest per-round ratio
 * and the rounds (`1.47x paired (1.38x-1.55x over 9 rounds)`). The range is what a rerun is judged
 * against: it reproduces the row when its own median falls within it (bench/README.md).
 */
export function pairedSpread(a: readonly number[], b: readonly number[]): string {
  const ratios = pairedRatios(a, b);
  if (ratios.length === 0 || !ratios.every(Number.isFinite)) return '—';
  return `${ratio(median(ratios), 1)} paired (${spread(ratios)})`;
}

/** The lowest and highest of some ratios and how many: `1.38x-1.55x over 9 rounds`. */
export function spread(ratios: readonly number[]): string {
  const low = Math.min(...ratios);
  const high = Math.max(...ratios);
  return `${ratio(low, 1)}-${ratio(high, 1)} over ${ratios.length} rounds`;
}

/**
 * The rounds for a short run whose ratio sits close to its bound (X's 2.159 spec, about 2 s): three
 * times the rounds asked, at least 5, since the noise of a shared machine weighs most on short runs.
 */
export function shortRunRounds(runs: number): number {
  return Math.max(5, 3 * runs);
}

/**
 * Runs every contender once per round, `warmup` rounds discarded then `runs` kept, rotating which
 * contender goes first each round so that none always runs on a cold (or hot) machine.
 */
export async function alternate<C extends string, R>(
  contenders: readonly C[],
  rounds: { warmup: number; runs: number },
  once: (contender: C, round: number) => Promise<R>,
): Promise<Map<C, R[]>> {
  const results = new Map<C, R[]>(contenders.map((c) => [c, []]));
  const total = rounds.warmup + rounds.runs;
  for (let round = 0; round < total; round++) {
    for (let i = 0; i < contenders.length; i++) {
      const contender = contenders[(i + round) % contenders.length]!;
      const result = await once(contender, round);
      if (round >= rounds.warmup) results.get(contender)!.push(result);
    }
  }
  return results;
}

/** `value / ours` as `1.23x`, or a dash when either side is missing. */
export function ratio(value: number | undefined, ours: number | undefined): string {
  if (
    value === undefined ||
    ours === undefined ||
    !Number.isFinite(value) ||
    !Number.isFinite(ours) ||
    ours === 0
  )
    return '—';
  const r = value / ours;
  return `${r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(2) : r.toFixed(2)}x`;
}

export function ms(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  return value >= 10_000
    ? `${(value / 1000).toFixed(1)} s`
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${value.toFixed(0)} ms`;
}

export function mb(kb: number | undefined): string {
  return kb === undefined || !Number.isFinite(kb) ? '—' : `${(kb / 1024).toFixed(0)} MB`;
}

export function kb(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? '—' : `${(bytes / 1024).toFixed(1)} KB`;
}

/** What a contender's runs come to: medians of its runs, or, when any run failed, why (never a figure). */
export type Outcome =
  | { failed: false; ms: number; peakKb: number | undefined }
  | { failed: true; code: number; why: string };

/** The first lines of a failed run's output that say why. */
export function why(result: CommandResult): string {
  const lines = (result.stderr + result.stdout).split('\n').filter((l) => l.trim() !== '');
  return lines.slice(0, 3).join(' / ') || '(no output)';
}

/**
 * Medians over runs that all succeeded. A single failed run fails the contender: a time from a process that
 * exited early measures the failure, not the work, and must not appear as a figure (or meet a target).
 */
export function outcome(results: CommandResult[]): Outcome {
  const failed = results.find((r) => r.code !== 0);
  if (failed) return { failed: true, code: failed.code, why: why(failed) };
  if (results.length === 0) return { failed: true, code: -1, why: 'no run' };
  // The whole tree's peak where /proc gives it (xgen's compiler is a child process), else GNU time's.
  const peaks = results.map((r) => r.treeKb ?? r.peakKb);
  return {
    failed: false,
    ms: median(results.map((r) => r.ms)),
    peakKb: peaks.every((p) => p !== undefined) ? median(peaks as number[]) : undefined,
  };
}

/** Wall time of an outcome for a table cell: `FAILED (exit n)` when it failed. */
export function msOf(result: Outcome): string {
  return result.failed ? `FAILED (exit ${result.code})` : ms(result.ms);
}

/** Peak memory of an outcome for a table cell. */
export function mbOf(result: Outcome): string {
  return result.failed ? '—' : mb(result.peakKb);
}
