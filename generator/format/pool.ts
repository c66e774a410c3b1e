import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Prettier in worker threads, one per core: a package's files are formatted side by side (the
 * biggest first), and the workers load prettier and warm it up while the main thread is still
 * emitting. Prettier's output depends only on the text and the options, never on the thread.
 */
export interface FormatPool {
  /** Formats one file; rejects with prettier's message when it cannot. */
  format(text: string, parser: string): Promise<string>;
  /** Stops the workers (their memory goes back); the next `formatPool` starts new ones. */
  close(): void;
}

/** The worker: plain JavaScript (no TypeScript loader needed), prettier imported once, then a format per message. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const prettier = import(workerData.prettier);
const format = (text, parser) => prettier.then((p) => p.format(text, { ...workerData.options, parser }));
// Warm-up: the TypeScript parser and printer compiled before the first real file arrives.
const warm = format('export const a: { b?: readonly string[] } = { b: [\\'c\\'] };\\n', 'babel-ts').catch(() => {});
parentPort.on('message', ({ id, text, parser }) => {
  warm
    .then(() => format(text, parser))
    .then(
      (formatted) => parentPort.postMessage({ id, text: formatted }),
      (error) => parentPort.postMessage({ id, error: String((error && error.message) || error) }),
    );
});
`;

interface Job {
  text: string;
  parser: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Job | undefined;
}

let pool: FormatPool | undefined | null;

/**
 * The process's pool, started on first call (call early: the workers warm up meanwhile). Undefined
 * on a single core, or where workers cannot start: prettier then runs on the main thread.
 */
export function formatPool(options: Record<string, unknown>): FormatPool | undefined {
  if (pool !== undefined) return pool ?? undefined;
  const size = Math.min(availableParallelism(), 4);
  if (size < 2 || process.env.XGEN_FORMAT_WORKERS === '0') {
    pool = null;
    return undefined;
  }
  try {
    pool = startPool(size, options);
  } catch {
    pool = null;
  }
  return pool ?? undefined;
}

function startPool(size: number, options: Record<string, unknown>): FormatPool {
  const queue: Job[] = [];
  let nextId = 0;
  const pending = new Map<number, Job>();
  const slots: Slot[] = [];
  const workerData = { prettier: import.meta.resolve('prettier'), options };
  const dispatch = (): void => {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const job = queue.shift()!;
      const id = nextId++;
      slot.busy = job;
      pending.set(id, job);
      // Referenced while it has work: an idle pool does not keep the process alive.
      slot.worker.ref();
      slot.worker.postMessage({ id, text: job.text, parser: job.parser });
    }
  };
  for (let i = 0; i < size; i++) {
    const worker = new Worker(WORKER, { eval: true, workerData, execArgv: [], stdout: true, stderr: true });
    const slot: Slot = { worker, busy: undefined };
    worker.unref();
    worker.on('message', (message: { id: number; text?: string; error?: string }) => {
      const job = pending.get(message.id);
      pending.delete(message.id);
      slot.busy = undefined;
      if (queue.length === 0) worker.unref();
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.text ?? '');
      }
      dispatch();
    });
    worker.on('error', (error) => {
      // A worker that died takes its job with it; the others carry on with the queue.
      slots.splice(slots.indexOf(slot), 1);
      slot.busy?.reject(error);
      if (slots.length === 0) for (const job of queue.splice(0)) job.reject(error);
    });
    slots.push(slot);
  }
  return {
    close() {
      for (const slot of slots.splice(0)) void slot.worker.terminate();
      if (pool === this) pool = undefined;
    },
    format(text, parser) {
      if (slots.length === 0) return Promise.reject(new Error('the formatting workers stopped'));
      return new Promise<string>((resolve, reject) => {
        queue.push({ text, parser, resolve, reject });
        dispatch();
      });
    },
  };
}
