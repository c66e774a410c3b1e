/**
 * What a table was measured on, printed beside it: a ratio from a loaded 2-core machine and one from
 * a quiet 16-core one are different figures, and a peer's next release is a different contender.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { BENCH, PEERS, ROOT } from './setup.ts';

/** The machine: cores, CPU model, memory, platform. */
export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${process.platform} ${process.arch}`;
}

/** The 1-minute load average, as `uptime` prints it. */
export function load(): string {
  return loadavg()[0]!.toFixed(2);
}

/** The installed version of a package under `modules`, or `?` when it is not there. */
function installed(modules: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return '?';
  }
}

/** The peers (bench/package.json's dependencies) with their installed versions, and xgen's compilers. */
export function versions(): string {
  const bench = JSON.parse(readFileSync(join(BENCH, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const peers = Object.keys(bench.dependencies).map((name) => `${name} ${installed(PEERS, name)}`);
  const modules = join(ROOT, 'node_modules');
  const ours = `xgen ${installed(ROOT, '.')} at ${commit()} (TypeScript ${installed(modules, 'typescript')}, native ${installed(modules, 'typescript-native')})`;
  return `${ours}; Node ${process.version}; peers: ${peers.join(', ')}`;
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'an unknown commit';
  }
}

/** The line under a table: when, on what, under which load (at its start and end), against which versions. */
export function environmentLine(loadAtStart: string): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `_Measured ${date} UTC on ${machine()}; load ${loadAtStart} at the start, ${load()} at the end (1-minute average); ${versions()}._`;
}
