/**
 * uvu's `test` and `suite` as the test files take them (`import { test } from '../helpers/uvu.ts'`).
 * uvu runs `before`/`after` hooks in a `try/finally` that returns from the `finally`: a `before` error is
 * swallowed (its tests silently do not run) and an `after` error aborts the whole run. Here each hook's
 * error is recorded for the runner (a `before` one rethrown so its tests do not run); each test and hook
 * records what runs since when (`running()`), for the runner's hang watchdog; and tests no `run()` queued
 * are handed to the runner after each file (`takeUnqueued()`), never dropped silently. With
 * XGEN_TEST_CPU_TESTS set, each test prints the processor time it took (its threads' and the child
 * processes it waited for included), to find what a slow file spends its time on.
 */
import { processCpu } from './process-cpu.ts';
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

/** A suite with tests registered after its last `run()` (or with no `run()` at all). */
export interface Unqueued {
  file: string;
  suite: string;
  tests: number;
}

// Shared with test/run-files.ts through globalThis: the runner and the test files must see one record
// whichever way they reached this module.
const store = globalThis as unknown as {
  __xgenHookFailures?: HookFailure[];
  __xgenRunning?: Running;
  __xgenSuites?: { pending: Unqueued; run: () => void }[];
  UVU_QUEUE?: unknown[][];
  UVU_INDEX?: number;
};

/** Every hook failure recorded so far. */
export function hookFailures(): HookFailure[] {
  return (store.__xgenHookFailures ??= []);
}

/** What runs now. */
export function running(): Running | undefined {
  return store.__xgenRunning;
}

/** Records that `what` starts now. */
export function startRunning(what: string): void {
  store.__xgenRunning = { what, since: Date.now() };
}

/**
 * The suites holding tests that no `run()` queued, each then emptied: its tests are dropped, or uvu would
 * run them with the next file that calls `run()` on the same suite (all files share the default `test`).
 */
export function takeUnqueued(): Unqueued[] {
  const taken: Unqueued[] = [];
  for (const { pending, run } of store.__xgenSuites ?? []) {
    if (pending.tests === 0) continue;
    taken.push({ ...pending });
    // uvu's run() empties the suite into the current queue group: point it at a group thrown away.
    const queue = store.UVU_QUEUE!;
    const index = store.UVU_INDEX;
    store.UVU_INDEX = queue.push([null]) - 1;
    run();
    queue.pop();
    store.UVU_INDEX = index;
    pending.tests = 0;
  }
  return taken;
}

/** The name test/run-files.ts gave the file being loaded (the first entry of its uvu queue group). */
function currentFile(): string {
  const group = store.UVU_QUEUE?.[store.UVU_INDEX ?? 0];
  return typeof group?.[0] === 'string' ? group[0] : '';
}

type Hook = (handler: (context: any) => unknown) => void;
type Register = (name: string, handler: (context: any) => unknown) => void;

function guard<T extends uvu.Test<any>>(t: T, suite: string): T {
  const where = (file: string) => `${file}${suite ? ` (suite "${suite}")` : ''}`;
  const pending: Unqueued = { file: currentFile(), suite, tests: 0 };
  (store.__xgenSuites ??= []).push({ pending, run: () => t.run() });
  const wrap =
    (register: Hook, hook: HookFailure['hook']): Hook =>
    (handler) => {
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
  // (while test/run-files.ts imports it), not when it runs.
  const tracked =
    (register: Register): Register =>
    (name, handler) => {
      pending.file = currentFile();
      pending.tests++;
      const label = `${where(pending.file)}: test "${name}"`;
      register(name, async (context: unknown) => {
        startRunning(label);
        if (!process.env.XGEN_TEST_CPU_TESTS) return handler(context);
        const from = processCpu();
        try {
          return await handler(context);
        } finally {
          console.log(`  cpu ${String(processCpu() - from).padStart(7)} ms  ${name}`);
        }
      });
    };
  const before = t.before as unknown as Hook & { each: Hook };
  const after = t.after as unknown as Hook & { each: Hook };
  const guarded = Object.assign(tracked(t as unknown as Register), {
    before: Object.assign(wrap(before, 'before'), { each: before.each }),
    after: Object.assign(wrap(after, 'after'), { each: after.each }),
    only: tracked(t.only as unknown as Register),
    skip: t.skip,
    run: () => {
      pending.tests = 0;
      t.run();
    },
  });
  return guarded as unknown as T;
}

export const test = guard(uvu.test, '');
export const suite: typeof uvu.suite = (name, state) => guard(uvu.suite(name, state), name ?? '');
