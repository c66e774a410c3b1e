/**
 * An emit thread (see emit-threads.ts): loads the libraries of the emitter it serves (its workerData)
 * as soon as it starts, then answers each job sent to it with that emitter's result (the emitters'
 * thread also a small spec's schema types).
 */
import { workerData } from 'node:worker_threads';
import { enableCodeCache } from '../code-cache.ts';
import { readModel, readSchemaPart } from './model-bytes.ts';
import type { EmittersJob, EmitWork, SchemaTypesJob } from './emit-threads.ts';
import { serveJobs } from './thread.ts';

// Before the libraries load: their compiled code comes from the cache when it is warm.
enableCodeCache();
const work = workerData as EmitWork;
if (work === 'schema-types') {
  const { emitSchemaTypes } = await import('../emit/schema-types.ts');
  serveJobs(({ model, openapiVersion }: SchemaTypesJob) =>
    emitSchemaTypes(readSchemaPart(model), openapiVersion),
  );
} else {
  // The emitters' thread also renders a small spec's schema types (emit-threads.ts): openapi-typescript
  // and TypeScript 5.9 are loaded once the emitters are.
  const { runEmitters } = await import('../emit/emitters.ts');
  const { emitSchemaTypes } = await import('../emit/schema-types.ts');
  serveJobs((job: EmittersJob | SchemaTypesJob) =>
    job.kind === 'emitters'
      ? runEmitters(readModel(job.model), job.packageJson)
      : emitSchemaTypes(readSchemaPart(job.model), job.openapiVersion),
  );
}
