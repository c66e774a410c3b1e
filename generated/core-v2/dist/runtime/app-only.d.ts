/**
 * OAuth 2.0 app-only bearer tokens: requested with HTTP Basic and `grant_type=client_credentials`,
 * cached per application and origin. A core gets this support through the `appOnlyAuth` extension
 * (`CoreClient` always has it), so bundles that never use `{ appOnly }` credentials leave it out.
 */
import type { AppOnlyCredentials, CoreExtension } from './auth.js';
import { type ClientCore } from './http.js';
import type { RequestOptions } from './types.js';
/**
 * The application's app-only bearer token: the cached one, the one being requested, or a new
 * request with HTTP Basic (one request in flight however many callers wait for it). A failed
 * request is not cached. Credentials with another secret for the same key never get the cached
 * token: they make their own request.
 */
export declare function appOnlyToken(
  core: ClientCore,
  credentials: AppOnlyCredentials,
  options?: RequestOptions,
): Promise<string>;
/** Drops the cached app-only token of an application (only when it is `token`, if given). */
export declare function forgetAppOnlyToken(core: ClientCore, consumerKey: string, token?: string): void;
/** The extension that gives a core `{ appOnly }` credentials: `createCore({ auth: { appOnly } }, appOnlyAuth)`. */
export declare const appOnlyAuth: CoreExtension;
