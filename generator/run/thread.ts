import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import {
  addCodeCacheStats,
  type CodeCacheEntry,
  type CodeCacheStats,
  codeCacheStats,
  codeCacheToTake,
  saveCodeCache,
  takeCodeCache,
} from '../code-cache.ts';
import { Interrupted, interruptedBy, stopOnInterrupt } from '../interrupt.ts';

/**
 * Each thread's V8 heap limits: a young generation of 16 MB where V8 gives a thread 48 (three
 * semi-spaces of 16 MB, which it keeps committed once it has grown them). The threads live side by side
 * with the main thread and, on a big spec, with each other: their new spaces were part of the
 * process's peak. Measured from dist/ under load 11-14 (2 cores), alternating: X 2.159's process peak
 * 270-274 MB against 254-255 (3 rounds), Stripe's 405-430 against 382-398 (2), for the same CPU
 * (X 3.5-4.1 s against 3.5-3.9; Stripe 12.7-13.4 against 12.2-12.5). 8 MB saved no more on Stripe's.
 */
export const THREAD_LIMITS = { maxYoungGenerationSizeMb: 16 } as const;

/** A job sent to a thread (what `message` makes of it), and what it sends back. */
interface Request<J> {
  id: number;
  job: J;
}
type Reply<R> =
  | ({ id: number; codeCache?: CodeCache } & ({ result: R } | { error: string }))
  | { id: number; progress: string }
  | { entries: CodeCacheEntry[] };

/** Told with each answer: what the thread's code cache did since the last, and whether entries to write follow. */
interface CodeCache {
  stats: CodeCacheStats;
  entries: boolean;
}

/** A running thread, as its EmitThread holds it. */
interface Running<J, R> {
  worker: Worker;
  pending: Map<number, Pending<J, R>>;
  forget: () => void;
  /** Its code cache entries are still to come (see `stop`). */
  caching?: boolean;
  /** Stopped while they were: it ends once they are written. */
  stopWhenCached?: boolean;
}

/** Told what a job has reached (a thread's job reports as it goes: the stage clock of --verbose). */
export type Progress = (reached: string) => void;

interface Pending<J, R> {
  job: J;
  progress: Progress | undefined;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** Told when a thread cannot start or dies (`--verbose` prints it); nobody by default. */
let onFailure: ((line: string) => void) | undefined;

/**
 * Tells `warn` of every emit thread that cannot start or dies, from now on: its work is then done on
 * the main thread, slower, with the same output, so nothing else says so.
 */
export function warnThreadFailures(warn: ((line: string) => void) | undefined): void {
  onFailure = warn;
}

function threadFailed(label: string, error: unknown): void {
  const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
  onFailure?.(
    `xgen: warning: the thread for ${label} did not run (${why}); its work is done on the main thread, slower`,
  );
}

/**
 * Emit work done on a thread of its own (emit-emit-threads.ts has the emit stage's two, spec-thread.ts the
 * spec's). The thread is started when generation starts, so that it
 * loads its libraries while this one reads the spec and builds the model; jobs sent to it run
 * there while this thread does other work. `onThisThread` does the same work on this thread, with the
 * same result: on one core or with XGEN_THREADS=0 (the thread is never started), where the thread
 * cannot start or dies (what it held is done here), and for a job that failed on the thread (done
 * again here, so that the error is this thread's own, of its own class).
 */
export class EmitThread<J, R> {
  private thread: Running<J, R> | null | undefined;
  private nextId = 0;

  /**
   * @param label what the thread does, for the warning when it cannot start ("the schema types")
   * @param entry the worker's file beside this module, without its extension
   * @param override an environment variable naming another entry file, for testing a thread that cannot start
   * @param data the worker's `workerData` (which work an entry serving several kinds does)
   * @param message what of a job the thread is sent, where that is not the job itself (a model's bytes, not the model)
   */
  constructor(
    private readonly label: string,
    private readonly entry: string,
    private readonly onThisThread: (job: J, progress: Progress) => Promise<R>,
    private readonly override: string,
    private readonly data?: unknown,
    private readonly message: (job: J) => unknown = (job) => job,
  ) {}

  /** Starts the thread (once per process); a no-op on one core or with XGEN_THREADS=0. */
  start(): void {
    if (this.thread !== undefined) return;
    this.thread = null;
    if (availableParallelism() < 2 || process.env.XGEN_THREADS === '0') return;
    try {
      const worker = this.startWorker();
      const pending = new Map<number, Pending<J, R>>();
      const running: Running<J, R> = { worker, pending, forget: () => {} };
      worker.on('message', (reply: Reply<R>) => {
        if ('entries' in reply) {
          // Written here, in one step, where a signal cannot cut it in two (code-cache.ts).
          if (!interruptedBy()) saveCodeCache(reply.entries);
          running.caching = false;
          if (running.stopWhenCached) end(running);
          return;
        }
        if ('codeCache' in reply && reply.codeCache) {
          addCodeCacheStats(reply.codeCache.stats);
          running.caching = reply.codeCache.entries;
        }
        const job = pending.get(reply.id);
        if ('progress' in reply) {
          job?.progress?.(reply.progress);
          return;
        }
        pending.delete(reply.id);
        if (pending.size === 0) worker.unref();
        if (!job) return;
        if ('result' in reply) job.resolve(reply.result);
        else this.redo(job);
      });
      // Idle, the thread does not keep the process alive (a job refs it until answered: see run).
      // Only after the 'message' listener: Node refs a worker's port when its first one is added,
      // and a thread that was never sent a job (a run refused before emitting, under --watch or in
      // a test process sharing the threads) held the process open for good.
      worker.unref();
      // A thread that could not start (a loader this thread has and it lacks) or that died: what it
      // held, and every later job, is done here.
      const fallBack = (error?: unknown): void => {
        // Ended for a signal, not failed: its jobs are cancelled (redo), not done here.
        if (this.thread?.worker === worker && !interruptedBy()) {
          this.thread = null;
          threadFailed(this.label, error);
        }
        for (const job of pending.values()) this.redo(job);
        pending.clear();
      };
      worker.on('error', fallBack);
      worker.on('exit', (code) => fallBack(`it exited with code ${code}`));
      // On a signal the thread is told to end at once, beside the others: the process's exit then
      // waits for none of them to wind down one after the other (each holds a TypeScript).
      running.forget = stopOnInterrupt(() => void worker.terminate().catch(() => {}));
      worker.on('exit', running.forget);
      this.thread = running;
    } catch (error) {
      this.thread = null;
      threadFailed(this.label, error);
    }
  }

  /**
   * The worker, started the way this module itself was loaded, which the files beside it tell (not
   * the shape of its URL: tsx adds a query to it, another loader may add something else):
   * `<entry>.js` beside it (dist/, built or installed) starts as it is; `<entry>.ts` (the sources, in
   * a checkout or an install without a build) through tsx's API when tsx is installed, else through
   * bin/ts-loader.js (the `typescript` dependency), since Node 20 gives a thread none of the loader
   * hooks of this one (`--import tsx`, `register`).
   */
  private startWorker(): Worker {
    const other = process.env[this.override];
    const compiled = new URL(`./${this.entry}.js`, import.meta.url);
    const options = { workerData: this.data, resourceLimits: THREAD_LIMITS };
    if (!other && existsSync(fileURLToPath(compiled))) return new Worker(compiled, options);
    const entry = other ? pathToFileURL(other) : new URL(`./${this.entry}.ts`, import.meta.url);
    if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
    const boot = tsxBoot(entry.href) ?? loaderBoot(entry.href);
    if (!boot)
      throw new Error(
        `no TypeScript loader for ${fileURLToPath(entry)} (neither tsx nor bin/ts-loader.js is there)`,
      );
    return new Worker(boot, { eval: true, ...options });
  }

  /**
   * Forgets the thread, for tests: the next start makes a new one. The old one is not stopped (it is
   * idle and does not keep the process alive): terminating a thread that has tsx's loader ends the
   * whole process on Node 20.
   */
  forget(): void {
    this.thread = undefined;
  }

  /**
   * Ends the thread and frees what it holds (its libraries, its copy of the model); the next start
   * makes a new one. Jobs still pending are done here.
   */
  stop(): void {
    const current = this.thread;
    this.thread = undefined;
    if (!current) return;
    for (const job of current.pending.values()) this.redo(job);
    current.pending.clear();
    // A thread making its code cache entries (a first run) ends once they are written: it is idle
    // and does not keep the process alive meanwhile.
    if (current.caching) current.stopWhenCached = true;
    else end(current);
  }

  /** Whether the thread runs (it may still fall back if it cannot load). */
  running(): boolean {
    return Boolean(this.thread);
  }

  /** Whether the thread holds a job it has not answered yet. */
  busy(): boolean {
    return this.jobs() > 0;
  }

  /** How many jobs the thread holds that it has not answered yet. */
  jobs(): number {
    return this.thread?.pending.size ?? 0;
  }

  /** The job's result: from the thread when it runs, else done here. */
  run(job: J, progress?: Progress): Promise<R> {
    // A run stopped by a signal does no more work; its thread is ending and would answer nothing.
    const signal = interruptedBy();
    if (signal) return Promise.reject(new Interrupted(signal));
    if (!this.thread) return this.onThisThread(job, progress ?? (() => {}));
    const { worker, pending } = this.thread;
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      pending.set(id, { job, progress, resolve, reject });
      worker.ref();
      worker.postMessage({ id, job: this.message(job) } satisfies Request<unknown>);
    });
  }

  /** A job the thread did not finish (it failed there, or the thread ended), done here. */
  private redo(job: Pending<J, R>): void {
    // A run stopped by a signal does no more work (the thread was ended for it: see start): the job
    // is cancelled, so that nothing waits on it for good.
    const signal = interruptedBy();
    if (signal) {
      job.reject(new Interrupted(signal));
      return;
    }
    void this.onThisThread(job.job, job.progress ?? (() => {})).then(job.resolve, job.reject);
  }
}

/** Ends a thread now. */
function end(running: Pick<Running<unknown, unknown>, 'worker' | 'forget'>): void {
  running.forget();
  running.worker.terminate().catch(() => {});
}

/** A worker's code that loads a TypeScript entry through tsx's API, where tsx is installed. */
function tsxBoot(entry: string): string | undefined {
  let api: string;
  try {
    api = import.meta.resolve('tsx/esm/api');
  } catch {
    return undefined;
  }
  return `import(${JSON.stringify(api)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
}

/** A worker's code that loads a TypeScript entry through bin/ts-loader.js (xgen installed without tsx). */
function loaderBoot(entry: string): string | undefined {
  const loader = new URL('../../bin/ts-loader.js', import.meta.url);
  if (!existsSync(fileURLToPath(loader))) return undefined;
  return `import('node:module').then((m) => { m.register(${JSON.stringify(loader.href)}); return import(${JSON.stringify(entry)}); });`;
}

/**
 * In a worker: answers every job sent to it with `work`'s result (or its error's message). Each
 * answer tells what the thread's code cache did meanwhile; the entries it is to write follow that
 * answer, made once the work compiled what it uses (see code-cache.ts), and are written by the
 * thread that started this one.
 */
export function serveJobs<J, R>(work: (job: J, progress: Progress) => R): void {
  let told: CodeCacheStats = { loaded: 0, compiled: 0 };
  parentPort?.on('message', ({ id, job }: Request<J>) => {
    let reply: Reply<R>;
    try {
      reply = {
        id,
        result: work(job, (reached) => parentPort?.postMessage({ id, progress: reached } satisfies Reply<R>)),
      };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    const entries = codeCacheToTake();
    const now = codeCacheStats();
    reply.codeCache = {
      stats: { loaded: now.loaded - told.loaded, compiled: now.compiled - told.compiled },
      entries,
    };
    told = now;
    parentPort?.postMessage(reply);
    if (entries) parentPort?.postMessage({ entries: takeCodeCache() } satisfies Reply<R>);
  });
}
