/**
 * What several test files build the same way (the docs site, say) built once per `npm test`: test/run.ts
 * names a folder of the run (XGEN_TEST_SHARED, inside the run's temporary folder, so removed with it);
 * the first test process to need a fixture builds it there, holding a lock folder, and the others wait
 * for it and reuse it. A test file run on its own (no such folder) builds its own copy where `ownDir`
 * says, as before. A fixture is read-only to its users: a test that changes files copies it first.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The key of fixture `name`: its folder and its marks in the run's shared folder are named after it. */
function keyOf(name: string): string {
  return `${name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40)}-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

/** Whether fixture `name` is built in the run's shared folder `shared` (for the runner, which schedules around it). */
export function fixtureBuilt(shared: string, name: string): boolean {
  return existsSync(join(shared, `${keyOf(name)}.done`));
}

/**
 * The folder of fixture `name` (its words say what it is and how it is built: the key), built by
 * `build(dir)` once per run. Without a run's shared folder, `build(ownDir())` here and now.
 */
export async function sharedFixture(
  name: string,
  build: (dir: string) => unknown,
  ownDir: () => string,
): Promise<string> {
  const shared = process.env.XGEN_TEST_SHARED;
  if (!shared) {
    const dir = ownDir();
    await build(dir);
    return dir;
  }
  const key = keyOf(name);
  const dir = join(shared, key);
  const done = join(shared, `${key}.done`);
  const lock = join(shared, `${key}.lock`);
  mkdirSync(shared, { recursive: true });
  for (;;) {
    if (existsSync(done)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Another test process builds it: wait, unless that process has died (then take its lock over).
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // The lock was just made or just removed: look again.
      }
      if (owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      rmSync(dir, { recursive: true, force: true });
      await build(dir);
      writeFileSync(done, '');
      return dir;
    } finally {
      // A failed build leaves no `done`: the next process to ask builds it again (and shows its error).
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
