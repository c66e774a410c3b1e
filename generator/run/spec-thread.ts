import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { SpecError, SpecErrors } from '../errors.ts';
import { Interrupted } from '../interrupt.ts';
import { EmitThread, type Progress } from './thread.ts';
import { isObject, loadSpec } from '../load/index.ts';
import { packageLicense } from '../license.ts';
import { buildModel } from '../model/index.ts';
import { apiSnapshot, renderSnapshot } from '../diff/snapshot.ts';
import type { PackageFiles } from '../emit/emitters.ts';
import { type ModelBytes, ModelHandle, serializeModel } from './model-bytes.ts';
import { renderRuntime, type TemplateOverrides } from '../emit/runtime.ts';
import type { ApiModel } from '../model/types.ts';
import { isUrl } from '../urls.ts';

/** What the spec thread is sent: where the spec is and what the model is named (a structured clone). */
export interface SpecJob {
  kind: 'load';
  /** Names the model the thread keeps for the snapshot job that follows. */
  key: number;
  spec: string;
  overlays: readonly string[];
  remote: ReadonlyMap<string, string> | undefined;
  packageName: string;
  clientName: string;
  /** The config's `names:` and where each entry is written (plain records: they cross the thread). */
  names?: Record<string, string> | undefined;
  namesAt?: Record<string, string> | undefined;
  /** The package's published names (its API snapshot), operationId -> `group.method`: kept where two operations want one. */
  published?: Record<string, string> | undefined;
}

/** A located problem as plain data: a SpecError crosses a thread as its fields (a clone keeps only an Error's message). */
type SpecErrorFields = Pick<SpecError, 'reason' | 'file' | 'pointer' | 'line' | 'column'>;

/** What the main thread needs to know of a model before emitting, without reading it: the report's counts. */
export interface ModelFacts {
  /** Operations that page or stream by inference rather than by `x-pagination` / `x-streaming`. */
  inferred: { paginated: number; streams: number };
  /** The `*.fields` parameters whose field selection was inferred, and how many operations' results follow them. */
  selectionsInferred: { params: string[]; operations: number };
}

/**
 * What the spec thread sends back: the model (as its bytes from the thread: see model-bytes.ts) and
 * what the rest of the pipeline needs of the loaded spec.
 */
export type SpecResult<M extends ApiModel | ModelBytes = ApiModel | ModelBytes> =
  | {
      model: M;
      facts: ModelFacts;
      version: '3.0' | '3.1';
      warnings: SpecErrorFields[];
      notes: SpecErrorFields[];
      /** Every spec and overlay file read, with its text (from the thread: without it, see Rest). */
      inputs: { file: string; text: string }[];
      /** The spec's `info.license` as an SPDX identifier (license.ts: `UNLICENSED` for one named in words). */
      license: string | undefined;
    }
  | { refused: SpecErrorFields[]; many: boolean };

/**
 * What the rest of the package needs of the model a load job with the same key built (which the
 * thread then forgets): its API snapshot and its runtime files.
 */
export interface RestJob {
  kind: 'rest';
  key: number;
  overrides: TemplateOverrides;
}

/**
 * The API snapshot (generator/diff/snapshot.ts), as written in the package, the runtime's files
 * (rendered from templates/), and the spec's files by the sha256 of their texts.
 */
export interface Rest {
  snapshot: string;
  runtime: PackageFiles;
  inputs: SpecInput[];
}

/** A spec or overlay file read, by the sha256 of its text: what the result cache records of it. */
export interface SpecInput {
  file: string;
  sha256: string;
}

/** What a loaded spec and its model come to. */
export interface LoadedModel {
  /** The model: built here, or its bytes from the spec thread, read here only if this thread must emit. */
  model: ModelHandle;
  facts: ModelFacts;
  /**
   * The runtime's files, made on the spec thread while the emitters work; undefined for a spec
   * loaded here, whose runtime the emit stage renders once its threads are under way.
   */
  runtime: Promise<PackageFiles> | undefined;
  /**
   * The API snapshot, as written in the package: made on the spec thread, or here when first asked
   * (after the emit threads have the model: no emitter reads it, only the version step).
   */
  snapshot: () => Promise<string>;
  version: '3.0' | '3.1';
  warnings: SpecError[];
  notes: SpecError[];
  /**
   * The spec's files by their hashes: from the spec thread with the snapshot (its texts, as big as
   * the spec, never cross to this thread), or hashed here when first asked.
   */
  inputs: () => Promise<SpecInput[]>;
  license: string | undefined;
}

/** The models built on the thread whose rest is still to be made, with their spec's texts, by key. */
const kept = new Map<number, { model: ApiModel; texts: { file: string; text: string }[] }>();

/** On the spec thread: a load job's result (the model kept for its rest job), or a rest job's. */
export function specThreadJob(job: SpecJob | RestJob, progress: Progress): SpecResult | Rest {
  if (job.kind === 'load') {
    const result = loadAndModel(job, progress);
    if (!('model' in result)) return result;
    const model = result.model;
    kept.set(job.key, { model, texts: result.inputs });
    // Serialized once, here: the main thread hands the same bytes on to both emit threads. The
    // spec's texts stay here: the rest job sends their hashes.
    return {
      ...result,
      model: serializeModel(model),
      inputs: result.inputs.map(({ file }) => ({ file, text: '' })),
    };
  }
  const made = kept.get(job.key);
  kept.delete(job.key);
  if (!made) throw new Error(`no model ${job.key} on this thread`);
  return rest(made.model, job.overrides, made.texts);
}

/** The snapshot and the runtime of a model, and its spec's files by their hashes. */
export function rest(
  model: ApiModel,
  overrides: TemplateOverrides,
  texts: { file: string; text: string }[] = [],
): Rest {
  return {
    snapshot: renderSnapshot(apiSnapshot(model)),
    runtime: new Map(renderRuntime(model, overrides).map((rendered) => [rendered.path, rendered.text])),
    inputs: hashed(texts),
  };
}

/** Texts by their hashes; a text not known (empty: it stayed on a thread that ended) by one that matches none. */
function hashed(texts: { file: string; text: string }[]): SpecInput[] {
  return texts.map(({ file, text }) => ({
    file,
    sha256: text ? createHash('sha256').update(text).digest('hex') : '',
  }));
}

/** load -> model, where it runs (the thread or this one); `progress('model')` between the two. */
export function loadAndModel(job: SpecJob, progress: Progress): SpecResult<ApiModel> {
  try {
    const spec = loadSpec(job.spec, undefined, job.overlays, job.remote);
    progress('model');
    const model = buildModel(spec, {
      packageName: job.packageName,
      clientName: job.clientName,
      names: job.names,
      namesAt: job.namesAt,
      published: new Map(Object.entries(job.published ?? {})),
    });
    const root = spec.docs.root;
    const license =
      isObject(root) && isObject(root.info) && isObject(root.info.license) ? root.info.license : undefined;
    return {
      model,
      facts: modelFacts(model),
      version: spec.version,
      warnings: spec.docs.warnings.map(fields),
      notes: spec.docs.notes.map(fields),
      inputs: spec.docs.loadedFiles,
      license: packageLicense(license),
    };
  } catch (error) {
    // A bad spec is an answer, not a failure of the thread: its located errors go back as data.
    if (error instanceof SpecErrors) return { refused: error.errors.map(fields), many: true };
    if (error instanceof SpecError) return { refused: [fields(error)], many: false };
    throw error;
  }
}

function modelFacts(model: ApiModel): ModelFacts {
  return {
    inferred: {
      paginated: model.operations.filter((o) => o.pagination?.inferred).length,
      streams: model.operations.filter((o) => o.streamingInferred).length,
    },
    selectionsInferred: {
      params: [...new Set(model.selections.filter((s) => s.inferred).map((s) => s.param))].sort(),
      operations: model.operations.filter((o) => o.narrowing?.inferredFrom).length,
    },
  };
}

function fields({ reason, file, pointer, line, column }: SpecError): SpecErrorFields {
  return { reason, file, pointer, line, column };
}

function specError({ reason, file, pointer, line, column }: SpecErrorFields): SpecError {
  return new SpecError(reason, file, pointer, line, column);
}

/**
 * A spec at least this big (with its overlays) is loaded and modelled on a thread of its own: GitHub's
 * 13 MB take seconds of uninterrupted work, during which this thread could not answer SIGINT. Below,
 * the work takes less than a tenth of a second, less than starting a thread.
 */
const THREAD_BYTES = 1 << 20;

/**
 * Loading and modelling on a thread of its own (spec-worker.ts), so that this thread stays free to
 * answer a signal at once (the thread ends with the process). Any other failure there is done again
 * here, for this thread's own error.
 */
const thread = new EmitThread<SpecJob | RestJob, SpecResult | Rest>(
  'loading the spec',
  'spec-worker',
  async (job, progress) => {
    // A rest job redone here has no model here: loadModel makes it from its own copy.
    if (job.kind === 'rest') throw new Error('the spec thread ended before the rest');
    return loadAndModel(job, progress);
  },
  'XGEN_SPEC_WORKER',
);

let nextKey = 0;

/** The packages loading a spec on the thread now: it ends with the last. */
let users = 0;

/** How many jobs the spec thread holds unanswered, for tests. */
export function specThreadJobs(): number {
  return thread.jobs();
}

/**
 * Whether a spec is big enough to be loaded and modelled on a thread of its own (and to have its
 * schema types rendered on one: see run/emit-threads.ts), by its size before reading it.
 */
export function isBigSpec(where: Pick<SpecJob, 'spec' | 'overlays' | 'remote'>): boolean {
  return specBytes(where) >= THREAD_BYTES;
}

/** The spec's size in bytes, as far as it is known before reading it (its root file and overlays, or the fetched texts). */
function specBytes(job: Pick<SpecJob, 'spec' | 'overlays' | 'remote'>): number {
  if (job.remote) return [...job.remote.values()].reduce((sum, text) => sum + text.length, 0);
  let bytes = 0;
  for (const file of [job.spec, ...job.overlays]) {
    try {
      if (!isUrl(file)) bytes += statSync(file).size;
    } catch {
      // A missing file is the load stage's to report.
    }
  }
  return bytes;
}

/**
 * Loads a spec and builds its model: on the spec thread for a big spec, here for a small one (or
 * with XGEN_THREADS=0, or on one core). Throws the spec's SpecError(s) as loading it here would.
 */
export async function loadModel(
  where: Omit<SpecJob, 'kind' | 'key'>,
  overrides: TemplateOverrides,
  progress: Progress,
): Promise<LoadedModel> {
  const job: SpecJob = { ...where, kind: 'load', key: nextKey++ };
  const big = isBigSpec(job);
  if (!big) {
    let snapshot: Promise<string> | undefined;
    let inputs: Promise<SpecInput[]> | undefined;
    return answer(loadAndModel(job, progress), (model, texts) => ({
      runtime: undefined,
      snapshot: () => (snapshot ??= Promise.resolve().then(() => renderSnapshot(apiSnapshot(model.model())))),
      inputs: () => (inputs ??= Promise.resolve().then(() => hashed(texts))),
    }));
  }
  users++;
  thread.start();
  const release = (): void => {
    // Its memory (a parsed spec, its libraries) is not needed past the last snapshot.
    if (--users === 0) thread.stop();
  };
  let result: SpecResult;
  try {
    result = (await thread.run(job, progress)) as SpecResult;
  } catch (error) {
    release();
    throw error;
  }
  if ('refused' in result) release();
  return answer(result, (model, texts) => {
    // Begun at once: the thread is otherwise idle while this one sends the model to the emitters.
    // Redone here, the texts are those of a load done here, or none (they stayed on the thread):
    // then no cached result is ever reused for these inputs.
    // A run stopped by a signal makes nothing more (the thread cancelled the job).
    const made = (thread.run({ kind: 'rest', key: job.key, overrides }) as Promise<Rest>).catch(
      (error: unknown) => {
        if (error instanceof Interrupted) throw error;
        return rest(model.model(), overrides, texts);
      },
    );
    // A failure is the emit stage's to report (through `runtime`, or `snapshot` when asked).
    made.finally(release).catch(() => {});
    return {
      runtime: made.then((r) => r.runtime),
      snapshot: () => made.then((r) => r.snapshot),
      inputs: () => made.then((r) => r.inputs),
    };
  });
}

/** A result as this thread uses it: the spec's errors thrown, its warnings SpecErrors again, the rest under way. */
function answer(
  result: SpecResult,
  made: (
    model: ModelHandle,
    texts: { file: string; text: string }[],
  ) => Pick<LoadedModel, 'runtime' | 'snapshot' | 'inputs'>,
): LoadedModel {
  if ('refused' in result)
    throw result.many ? new SpecErrors(result.refused.map(specError)) : specError(result.refused[0]!);
  // Bytes from the thread, or the model itself where the thread's work was done here.
  const model = 'buffer' in result.model ? ModelHandle.received(result.model) : ModelHandle.of(result.model);
  const loaded = {
    ...result,
    model,
    ...made(model, result.inputs),
    warnings: result.warnings.map(specError),
    notes: result.notes.map(specError),
  };
  loaded.runtime?.catch(() => {});
  return loaded;
}
