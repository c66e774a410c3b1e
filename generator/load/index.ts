import { DocumentSet } from './documents.ts';
import { checkEffectiveNesting } from './ref-depth.ts';
import { validateDocument, type OpenApiVersion } from './validate.ts';

export { DocumentSet, isObject, isRef, type Location, type ResolvedRef } from './documents.ts';
export { HTTP_METHODS, type OpenApiVersion } from './validate.ts';

/** A spec read from disk, validated, with every reachable file loaded on demand. */
export interface LoadedSpec {
  docs: DocumentSet;
  version: OpenApiVersion;
}

/** Reads and validates a spec; throws SpecError/SpecErrors naming file:line:column. */
export function loadSpec(path: string, text?: string): LoadedSpec {
  const docs = new DocumentSet(path, text);
  const version = validateDocument(docs);
  checkEffectiveNesting(docs);
  return { docs, version };
}
