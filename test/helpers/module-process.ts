/**
 * A module run in a Node process of its own through tsx: for tests of what a process does as a whole
 * (its threads, whether it ends by itself, its signals).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir, ROOT, tempDir } from './cli.ts';

/**
 * Runs `code` (an ES module) from a file, in the repository root, with the environment added. From a
 * file, not `node -e`: `-e` needs `--input-type=module`, which the process's workers inherit, and which
 * stops a worker that loads a file (it then fails, and its work is silently done on the main thread).
 */
export function runModule(
  code: string,
  { env = {}, timeout }: { env?: Record<string, string>; timeout?: number } = {},
): SpawnSyncReturns<string> {
  const dir = tempDir('module');
  try {
    const file = join(dir, 'probe.mjs');
    writeFileSync(file, code);
    return spawnSync(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      encoding: 'utf8',
      ...(timeout === undefined ? {} : { timeout }),
      env: { ...process.env, ...env },
    });
  } finally {
    removeDir(dir);
  }
}
