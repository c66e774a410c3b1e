/**
 * The schema-types thread (see schema-types-thread.ts): loads TypeScript 5.9 and openapi-typescript
 * as soon as it starts, then renders `schemas.ts` for each model part it is sent.
 */
import { parentPort } from 'node:worker_threads';
import { emitSchemaTypes, type SchemaTypesInput } from './schema-types.ts';

export interface SchemaTypesRequest {
  id: number;
  model: SchemaTypesInput;
  openapiVersion: '3.0' | '3.1';
}

export type SchemaTypesReply = { id: number; text: string } | { id: number; error: string; stack?: string | undefined };

parentPort?.on('message', ({ id, model, openapiVersion }: SchemaTypesRequest) => {
  let reply: SchemaTypesReply;
  try {
    reply = { id, text: emitSchemaTypes(model, openapiVersion) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined };
  }
  parentPort?.postMessage(reply);
});
