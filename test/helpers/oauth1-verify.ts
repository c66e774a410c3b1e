import { oauth1Sign } from '../../generated/core-v2/src/runtime/oauth1.js';
import type { SeenRequest } from './server.js';

/** The parameters of an `Authorization: OAuth ...` header, decoded. */
export function parseOAuthHeader(header: string | undefined): Record<string, string> {
  if (!header?.startsWith('OAuth ')) return {};
  const out: Record<string, string> = {};
  for (const part of header.slice(6).split(',')) {
    const match = /^\s*([^=]+)="([^"]*)"\s*$/.exec(part);
    if (match?.[1] && match[2] !== undefined)
      out[decodeURIComponent(match[1])] = decodeURIComponent(match[2]);
  }
  return out;
}

/**
 * Checks a request's OAuth 1.0a signature the way a server does: recompute it from the request
 * line, the query, a form body and the header's own nonce and timestamp.
 */
export async function verifyOAuth1(
  request: SeenRequest,
  origin: string,
  secrets: { consumerKey: string; consumerSecret: string; token?: string; tokenSecret?: string },
): Promise<boolean> {
  const header = parseOAuthHeader(request.headers.authorization);
  if (!header.oauth_signature || !header.oauth_nonce || !header.oauth_timestamp) return false;
  if (header.oauth_consumer_key !== secrets.consumerKey) return false;
  if ((header.oauth_token ?? undefined) !== secrets.token) return false;
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries(header)) {
    if (
      k.startsWith('oauth_') &&
      ![
        'oauth_signature',
        'oauth_nonce',
        'oauth_timestamp',
        'oauth_consumer_key',
        'oauth_token',
        'oauth_signature_method',
        'oauth_version',
      ].includes(k)
    )
      extra[k] = v;
  }
  const isForm = String(request.headers['content-type'] ?? '').startsWith(
    'application/x-www-form-urlencoded',
  );
  const expected = await oauth1Sign(
    { method: request.method, url: origin + request.url, ...(isForm ? { form: request.body } : {}) },
    secrets,
    {
      nonce: header.oauth_nonce,
      timestamp: header.oauth_timestamp,
      version: header.oauth_version === '1.0' ? '1.0' : null,
      ...(Object.keys(extra).length ? { extra } : {}),
    },
  );
  return expected.signature === header.oauth_signature;
}
