import { DocumentSet } from './documents.ts';
import { applyOverlays } from './overlay.ts';
import { checkEffectiveNesting } from './ref-depth.ts';
import { validateDocument, type OpenApiVersion } from './validate.ts';

export { DocumentSet, isObject, isRef, type Location, type ResolvedRef } from './documents.ts';
export { HTTP_METHODS, type OpenApiVersion } from './validate.ts';

/** A spec read from disk, validated, with every reachable file loaded on demand. */
export interface LoadedSpec {
  docs: DocumentSet;
  version: OpenApiVersion;
}

/**
 * Reads a spec (a path, or a URL whose documents `remote` holds: see remote.ts), applies the OpenAPI Overlay documents `overlays` to it in order, and validates the
 * result; throws SpecError/SpecErrors naming file:line:column (in the spec or an overlay).
 */
export function loadSpec(
  path: string,
  text?: string,
  overlays: readonly string[] = [],
  remote?: ReadonlyMap<string, string>,
): LoadedSpec {
  const docs = new DocumentSet(path, text, remote);
  applyOverlays(docs, overlays);
  const version = validateDocument(docs);
  checkEffectiveNesting(docs);
  return { docs, version };
}
