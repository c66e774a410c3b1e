import { type DocumentSet, isObject } from '../load/index.ts';
import type {
  AuthKind,
  OAuth2FlowModel,
  OAuth2FlowsModel,
  SecuritySchemeModel,
  WebhookSignatureModel,
} from './types.ts';

/**
 * Maps each security scheme to the credential kind that satisfies it: HTTP bearer and OAuth 2 /
 * OpenID Connect take a bearer token, HTTP `OAuth` is OAuth 1.0a signing, HTTP basic takes a
 * user name and password, apiKey takes a key in a header, query or cookie.
 */
export function readSecuritySchemes(docs: DocumentSet, serverUrl = ''): Map<string, SecuritySchemeModel> {
  const root = docs.root as Record<string, unknown>;
  const components = isObject(root.components) ? root.components : {};
  const raw = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const out = new Map<string, SecuritySchemeModel>();
  for (const name of Object.keys(raw)) {
    const scheme = docs.deref(raw[name], {
      file: docs.rootFile,
      tokens: ['components', 'securitySchemes', name],
    }).value as Record<string, unknown>;
    const description = typeof scheme.description === 'string' ? scheme.description : undefined;
    const kind = schemeKind(scheme);
    if (!kind) continue;
    const model: SecuritySchemeModel = { name, kind, description };
    if (kind === 'apiKey') {
      const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
      model.apiKey = { in: where, name: typeof scheme.name === 'string' ? scheme.name : 'X-API-Key' };
    }
    if (kind === 'basic' && scheme['x-basic-encoding'] === 'form-urlencoded') model.basicEncoding = 'form';
    if (kind === 'oauth2' && isObject(scheme.flows)) model.oauth2Flows = readFlows(scheme.flows, serverUrl);
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

const FLOW_NAMES = ['authorizationCode', 'clientCredentials', 'implicit', 'password'] as const;

/** The declared OAuth 2 flows; relative endpoint URLs are resolved against the default server. */
function readFlows(raw: Record<string, unknown>, serverUrl: string): OAuth2FlowsModel {
  const out: OAuth2FlowsModel = {};
  for (const name of FLOW_NAMES) {
    const flow = raw[name];
    if (!isObject(flow)) continue;
    const model: OAuth2FlowModel = { scopes: [] };
    for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
      const url = absoluteUrl(flow[key], serverUrl);
      if (url !== undefined) model[key] = url;
    }
    if (isObject(flow.scopes)) {
      for (const [scope, description] of Object.entries(flow.scopes)) {
        model.scopes.push({ name: scope, description: typeof description === 'string' ? description : '' });
      }
    }
    out[name] = model;
  }
  return out;
}

function absoluteUrl(value: unknown, base: string): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return new URL(value, base === '' ? undefined : `${base}/`).href;
  } catch {
    return undefined;
  }
}

/**
 * `x-webhook-signature` at the document's root: `{ header, crc }`, the header that carries the
 * signature of a delivery and the query parameter of the challenge-response check. A malformed
 * value is a located error.
 */
export function readWebhookSignature(docs: DocumentSet): WebhookSignatureModel | undefined {
  const raw = (docs.root as Record<string, unknown>)['x-webhook-signature'];
  if (raw === undefined) return undefined;
  const at = (...tokens: string[]) => ({ file: docs.rootFile, tokens: ['x-webhook-signature', ...tokens] });
  if (!isObject(raw)) throw docs.error('x-webhook-signature must be an object { header, crc }', at());
  for (const key of Object.keys(raw)) {
    if (key !== 'header' && key !== 'crc' && !key.startsWith('x-'))
      throw docs.error(`x-webhook-signature takes no "${key}" (known: header, crc)`, at(key));
  }
  for (const key of ['header', 'crc'] as const) {
    const value = raw[key];
    if (typeof value !== 'string' || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value))
      throw docs.error(
        `x-webhook-signature "${key}" must be a ${key === 'header' ? 'header' : 'parameter'} name`,
        at(key),
      );
  }
  return { header: String(raw.header).toLowerCase(), crcParameter: String(raw.crc) };
}
