/**
 * uvu as the test files see it under test/run.ts. uvu runs a suite's `before` and `after` hooks in a
 * `try/finally` that returns from the `finally`, so what a `before` hook throws is swallowed (its tests just
 * do not run, and nothing says why) and what an `after` hook throws aborts the whole run. Here every
 * `before`/`after` hook is wrapped: its error is recorded with the suite's file and name for the runner to
 * print and count; a `before` error is rethrown (the suite's tests must not run), an `after` error is not
 * (the other suites still run).
 *
 * Each test and hook also records what is running and since when (`running()`), so that test/run.ts can
 * stop a test that hangs and name it, instead of the run waiting for CI's own time limit.
 */
import * as uvu from 'uvu';

/** A hook that threw: which suite (file and name), which hook, what. */
export interface HookFailure {
  file: string;
  suite: string;
  hook: 'before' | 'after';
  error: unknown;
}

/** What runs now (a test, or a suite's hook) and since when. */
export interface Running {
  what: string;
  since: number;
}

const store = globalThis as unknown as {
  __xgenHookFailures?: HookFailure[];
  __xgenRunning?: Running;
  UVU_QUEUE?: unknown[][];
  UVU_INDEX?: number;
};

/** Every hook failure recorded so far (shared with test/run.ts through globalThis). */
export function hookFailures(): HookFailure[] {
  return (store.__xgenHookFailures ??= []);
}

/** What runs now, shared with test/run.ts through globalThis. */
export function running(): Running | undefined {
  return store.__xgenRunning;
}

/** Records that `what` starts now. */
export function startRunning(what: string): void {
  store.__xgenRunning = { what, since: Date.now() };
}

/** The name test/run.ts gave the file being loaded (the first entry of its uvu queue group). */
function currentFile(): string {
  const group = store.UVU_QUEUE?.[store.UVU_INDEX ?? 0];
  return typeof group?.[0] === 'string' ? group[0] : '';
}

type Hook = (handler: (context: any) => unknown) => void;
type Register = (name: string, handler: (context: any) => unknown) => void;

function guard<T extends uvu.Test<any>>(t: T, suite: string): T {
  const where = (file: string) => `${file}${suite ? ` (suite "${suite}")` : ''}`;
  const wrap = (register: Hook, hook: HookFailure['hook']): Hook => (handler) => {
    const file = currentFile();
    register(async (context: unknown) => {
      startRunning(`${where(file)}: the ${hook} hook`);
      try {
        await handler(context);
      } catch (error) {
        hookFailures().push({ file, suite, hook, error });
        if (hook === 'before') throw error;
      }
    });
  };
  // A test records itself as running when it starts; the file is known when the test is registered
  // (while test/run.ts imports it), not when it runs.
  const tracked = (register: Register): Register => (name, handler) => {
    const label = `${where(currentFile())}: test "${name}"`;
    register(name, (context: unknown) => {
      startRunning(label);
      return handler(context);
    });
  };
  const before = t.before as unknown as Hook & { each: Hook };
  const after = t.after as unknown as Hook & { each: Hook };
  const guarded = Object.assign(tracked(t as unknown as Register), {
    before: Object.assign(wrap(before, 'before'), { each: before.each }),
    after: Object.assign(wrap(after, 'after'), { each: after.each }),
    only: tracked(t.only as unknown as Register),
    skip: t.skip,
    run: t.run,
  });
  return guarded as unknown as T;
}

export const test = guard(uvu.test, '');
export const suite: typeof uvu.suite = (name, state) => guard(uvu.suite(name, state), name ?? '');
export const exec = uvu.exec;
export type { Callback, Test } from 'uvu';
