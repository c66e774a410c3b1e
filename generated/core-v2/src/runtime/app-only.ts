/**
 * OAuth 2.0 app-only bearer tokens: requested with HTTP Basic and `grant_type=client_credentials`,
 * cached per application and origin. A core gets this support through the `appOnlyAuth` extension
 * (`CoreClient` always has it), so bundles that never use `{ appOnly }` credentials leave it out.
 */

import type { AppOnlyCredentials, AppOnlySupport, CoreExtension } from './auth.js';
import { ApiError } from './errors.js';
import { originFor, request, type ClientCore } from './http.js';
import { oauth2Token as APP_TOKEN } from '../operations.js';
import type { RequestOptions } from './types.js';

interface AppOnlyEntry {
  readonly secret: string;
  readonly token: Promise<string>;
  value?: string;
}

// One entry per application and origin, shared by every client of the package in this realm, so
// concurrent callers share one request and X sees one token request per application.
const cache = new Map<string, AppOnlyEntry>();

const cacheKey = (core: ClientCore, consumerKey: string): string =>
  `${originFor(core, APP_TOKEN)}\n${consumerKey}`;

/**
 * The application's app-only bearer token: the cached one, the one being requested, or a new
 * request with HTTP Basic (one request in flight however many callers wait for it). A failed
 * request is not cached. Credentials with another secret for the same key never get the cached
 * token: they make their own request.
 */
export function appOnlyToken(
  core: ClientCore,
  credentials: AppOnlyCredentials,
  options: RequestOptions = {},
): Promise<string> {
  const key = cacheKey(core, credentials.consumerKey);
  const cached = cache.get(key);
  if (cached && cached.secret === credentials.consumerSecret) return cached.token;
  const { signal, timeoutMs, maxRetries, onResponse } = options;
  const entry: AppOnlyEntry = {
    secret: credentials.consumerSecret,
    token: request<{ access_token?: unknown }>(
      core,
      APP_TOKEN,
      { grant_type: 'client_credentials' },
      {
        auth: { appOnly: credentials },
        ...(signal ? { signal } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(maxRetries !== undefined ? { maxRetries } : {}),
        ...(onResponse ? { onResponse } : {}),
      },
    )
      .then((body) => {
        if (typeof body?.access_token !== 'string' || body.access_token === '') {
          throw new ApiError({
            operationId: APP_TOKEN.id,
            status: 200,
            headers: new Headers(),
            body: undefined,
            message: `${APP_TOKEN.id}: the response holds no access_token`,
          });
        }
        entry.value = body.access_token;
        return body.access_token;
      })
      .catch((error: unknown) => {
        if (cache.get(key) === entry) cache.delete(key);
        throw error;
      }),
  };
  cache.set(key, entry);
  return entry.token;
}

/** Drops the cached app-only token of an application (only when it is `token`, if given). */
export function forgetAppOnlyToken(core: ClientCore, consumerKey: string, token?: string): void {
  const key = cacheKey(core, consumerKey);
  const cached = cache.get(key);
  if (cached && (token === undefined || cached.value === token)) cache.delete(key);
}

const support: AppOnlySupport = { token: appOnlyToken, forget: forgetAppOnlyToken };

/** The extension that gives a core `{ appOnly }` credentials: `createCore({ auth: { appOnly } }, appOnlyAuth)`. */
export const appOnlyAuth: CoreExtension = { appOnly: support };
