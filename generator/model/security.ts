import { type DocumentSet, isObject } from '../load/index.ts';
import type { AuthKind, SecuritySchemeModel } from './types.ts';

/**
 * Maps each security scheme to the credential kind that satisfies it: HTTP bearer and OAuth 2 /
 * OpenID Connect take a bearer token, HTTP `OAuth` is OAuth 1.0a signing, HTTP basic takes a
 * user name and password, apiKey takes a key in a header, query or cookie.
 */
export function readSecuritySchemes(docs: DocumentSet): Map<string, SecuritySchemeModel> {
  const root = docs.root as Record<string, unknown>;
  const components = isObject(root.components) ? root.components : {};
  const raw = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const out = new Map<string, SecuritySchemeModel>();
  for (const name of Object.keys(raw)) {
    const scheme = docs.deref(raw[name], { file: docs.rootFile, tokens: ['components', 'securitySchemes', name] })
      .value as Record<string, unknown>;
    const description = typeof scheme.description === 'string' ? scheme.description : undefined;
    const kind = schemeKind(scheme);
    if (!kind) continue;
    const model: SecuritySchemeModel = { name, kind, description };
    if (kind === 'apiKey') {
      const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
      model.apiKey = { in: where, name: typeof scheme.name === 'string' ? scheme.name : 'X-API-Key' };
    }
    if (kind === 'basic' && scheme['x-basic-encoding'] === 'form-urlencoded') model.basicEncoding = 'form';
    out.set(name, model);
  }
  return out;
}

function schemeKind(scheme: Record<string, unknown>): AuthKind | undefined {
  const type = String(scheme.type ?? '').toLowerCase();
  if (type === 'http') {
    const http = String(scheme.scheme ?? '').toLowerCase();
    if (http === 'bearer') return 'bearer';
    if (http === 'basic') return 'basic';
    if (http === 'oauth') return 'oauth1';
    return undefined;
  }
  if (type === 'oauth2' || type === 'openidconnect') return 'oauth2';
  if (type === 'apikey') return 'apiKey';
  return undefined;
}
