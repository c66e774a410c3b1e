/**
 * The schema-types thread (see schema-types-thread.ts): loads TypeScript 5.9 and openapi-typescript
 * as soon as it starts, then renders `schemas.ts` for each model part it is sent.
 */
import { emitSchemaTypes } from './schema-types.ts';
import type { SchemaTypesJob } from './schema-types-thread.ts';
import { serveJobs } from './thread.ts';

serveJobs(({ model, openapiVersion }: SchemaTypesJob) => emitSchemaTypes(model, openapiVersion));
