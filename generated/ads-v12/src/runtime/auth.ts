import { ValidationError } from './errors.js';
import type { OAuth1Credentials } from './oauth1.js';
import type { AuthKind, OperationSpec } from './types.js';

/** The credentials a client sends. Each operation uses the schemes its spec allows. */
export type ClientAuth =
  /** OAuth 1.0a (HMAC-SHA1) user context; the token pair is left out for consumer-only steps. */
  { oauth1: OAuth1Credentials };

export type { OAuth1Credentials };

/** The credential kinds a configured `auth` can provide, in order of preference. */
export function authKindsOf(auth: ClientAuth | undefined): readonly AuthKind[] {
  if (!auth) return [];
  if ('oauth1' in auth) return ['oauth1'];
  return [];
}

const NAMES: Record<AuthKind, string> = {
  bearer: 'bearer token',
  oauth2: 'OAuth 2.0 user access token',
  oauth1: 'OAuth 1.0a',
  basic: 'HTTP Basic',
  apiKey: 'API key',
};

function configuredName(auth: ClientAuth | undefined): string {
  const kind = authKindsOf(auth)[0];
  return kind ? NAMES[kind] : 'no credentials';
}

/**
 * Decides whether the configured credentials may be sent with an operation. Returns the kind to
 * use, or `undefined` to send none; throws a ValidationError (the `unsupported-authentication`
 * rule) when the operation needs credentials the client does not have.
 */
export function chooseAuth(op: OperationSpec, auth: ClientAuth | undefined): AuthKind | undefined {
  const have = authKindsOf(auth);
  const alternatives = op.security;
  // The spec states nothing: send what the client has.
  if (alternatives === undefined) return have[0];
  for (const kind of have) if (alternatives.some((a) => a.length === 1 && a[0] === kind)) return kind;
  // Security is optional: send nothing rather than credentials the operation does not take.
  if (alternatives.length === 0 || alternatives.some((a) => a.length === 0)) return undefined;
  const accepted = [...new Set(alternatives.map((a) => a.map((k) => NAMES[k]).join(' + ')))].join(' or ');
  throw new ValidationError(
    'auth',
    'unsupported-authentication',
    `${op.id}: accepts ${accepted}, but the client is configured with ${configuredName(auth)}`,
  );
}

/** `127.0.0.0/8`, `::1` and `localhost`: the hosts an HTTPS-only step may reach over plain HTTP (tests). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Throws a ValidationError (rule `https-required`) unless `url` is `https:`, or `http:` to a
 * loopback host. The message names the origin only: a URL's query or user info may hold secrets.
 */
export function requireSecureUrl(url: string, subject: string, parameter = 'baseUrl'): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError(parameter, 'https-required', `${subject}: needs an absolute https: URL`);
  }
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return;
  throw new ValidationError(
    parameter,
    'https-required',
    `${subject}: OAuth steps require HTTPS, and ${parsed.protocol}//${parsed.host} is neither https: nor a loopback host`,
  );
}

/**
 * The value of a Basic `Authorization` header. With `formEncode` (RFC 6749 section 2.3.1, what X's
 * app-only token endpoint expects) each part is application/x-www-form-urlencoded first.
 */
export function basicAuthorization(username: string, password: string, formEncode = false): string {
  const encode = (value: string): string =>
    formEncode ? new URLSearchParams([['', value]]).toString().slice(1) : value;
  const bytes = new TextEncoder().encode(`${encode(username)}:${encode(password)}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
}

/** What signing needs to know of the request being sent. */
export interface SigningTarget {
  method: string;
  url: string;
  /** Decoded pairs of a form body (they are signed with OAuth 1.0a). */
  form: [string, string][] | undefined;
  headers: Record<string, string>;
}

/** Signs a request with OAuth 1.0a; resolves to the value of its `Authorization` header. */
export type OAuth1Signer = (target: SigningTarget, credentials: OAuth1Credentials) => Promise<string>;

/**
 * Credential support that a core carries only when it is given, so that a bundle which never uses
 * it leaves its code out: `oauth1Auth` signs with OAuth 1.0a. `AdsClient` has every one. Bearer tokens need none.
 */
export interface CoreExtension {
  readonly oauth1?: OAuth1Signer;
}

/**
 * Adds the credentials of `kind` to a request; returns the URL to send (a promise of it when
 * signing is asynchronous). Secrets go only into headers, never into messages. With app-only
 * credentials, `bearer` needs the token resolved first (see `AppOnlySupport`).
 */
export function applyAuth(
  op: OperationSpec,
  kind: AuthKind | undefined,
  auth: ClientAuth | undefined,
  target: SigningTarget,
  extensions: CoreExtension,
): string | Promise<string> {
  if (!kind || !auth) return target.url;
  if (kind === 'oauth1' && 'oauth1' in auth) {
    // The core was checked for the signer when it was made (and each call's own auth when sent).
    return extensions.oauth1!(target, auth.oauth1).then((header) => {
      target.headers.authorization = header;
      return target.url;
    });
  }
  void op;
  return target.url;
}
