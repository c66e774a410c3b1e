/** Timing helpers shared by the benchmarks: child processes with peak memory, medians, alternation. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CommandResult {
  /** Wall time of the whole process, start to exit, in milliseconds. */
  ms: number;
  /** Peak resident memory in KB (GNU time's %M), or undefined where /usr/bin/time is missing. */
  peakKb: number | undefined;
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
  const [file, argv] = GNU_TIME && memFile ? [GNU_TIME, ['-f', '%M', '-o', memFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      let peakKb: number | undefined;
      if (memFile && existsSync(memFile)) {
        const lines = readFileSync(memFile, 'utf8').trim().split('\n');
        const last = Number(lines[lines.length - 1]);
        peakKb = Number.isFinite(last) ? last : undefined;
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
      resolve({ ms, peakKb, code: code ?? 1, stdout, stderr });
    });
  });
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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
  if (value === undefined || ours === undefined || !Number.isFinite(value) || !Number.isFinite(ours) || ours === 0) return '—';
  const r = value / ours;
  return `${r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(2) : r.toFixed(2)}x`;
}

export function ms(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

export function mb(kb: number | undefined): string {
  return kb === undefined || !Number.isFinite(kb) ? '—' : `${(kb / 1024).toFixed(0)} MB`;
}

export function kb(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? '—' : `${(bytes / 1024).toFixed(1)} KB`;
}
