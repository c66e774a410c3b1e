import type { ApiModel } from '../model/types.ts';
import type { PackageFiles } from './emitters.ts';
import type { PackageJsonOptions } from './package-files.ts';
import { EmitThread } from './thread.ts';

/** What the emitters' thread is sent (a structured clone: the model is plain data). */
export interface EmittersJob {
  model: ApiModel;
  packageJson: PackageJsonOptions;
}

/**
 * The emitters built on ts-morph structures run on a thread of their own (emitters-worker.ts),
 * started when generation starts: it loads ts-morph (with the TypeScript it bundles) while this
 * thread reads the spec and builds the model, beside the schema-types thread. Where it does not
 * run, the emitters run here: same files.
 */
const thread = new EmitThread<EmittersJob, PackageFiles>(
  'the emitters',
  'emitters-worker',
  async ({ model, packageJson }) => (await import('./emitters.ts')).runEmitters(model, packageJson),
  'XGEN_EMITTERS_WORKER',
);

/** Starts the thread (once per process); a no-op on one core or with XGEN_THREADS=0. */
export function startEmittersThread(): void {
  thread.start();
}

/** Forgets the thread, for tests: the next start makes a new one (see EmitThread.forget). */
export function forgetEmittersThread(): void {
  thread.forget();
}

/** Ends the thread, freeing its memory (see EmitThread.stop). */
export function stopEmittersThread(): void {
  thread.stop();
}

/** Whether the thread runs (it may still fall back if it cannot load). */
export function emittersThreadRunning(): boolean {
  return thread.running();
}

/** Emitting asked for as soon as the model is built, by model. */
const requested = new WeakMap<ApiModel, Promise<PackageFiles>>();

/** Starts running the emitters on a model as soon as it is built. `emitted` takes it up. */
export function requestEmitters(model: ApiModel, packageJson: PackageJsonOptions): void {
  if (requested.has(model)) return;
  const files = thread.run({ model, packageJson });
  // Handled where `emitted` hands it out; this keeps a failure from being unhandled until then.
  files.catch(() => {});
  requested.set(model, files);
}

/** The emitters' files for a model: those requested for it, or new ones (on the thread when it runs, otherwise here). */
export function emitted(model: ApiModel, packageJson: PackageJsonOptions): Promise<PackageFiles> {
  const early = requested.get(model);
  if (early) {
    requested.delete(model);
    return early;
  }
  return thread.run({ model, packageJson });
}
