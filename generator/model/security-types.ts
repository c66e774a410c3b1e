/** The model's credentials: the kinds of auth, the security schemes, their OAuth flows, webhook signing. */

/** `bearer`: an HTTP bearer token (app-only or user); `oauth2`: an OAuth 2.0 (or OpenID Connect) user access token. */
export type AuthKind = 'bearer' | 'oauth2' | 'oauth1' | 'basic' | 'apiKey';

export interface SecuritySchemeModel {
  name: string;
  /** How the runtime satisfies it. */
  kind: AuthKind;
  /** For apiKey: where the key goes and under which name. */
  apiKey?: { in: 'header' | 'query' | 'cookie'; name: string };
  /** For basic: `x-basic-encoding: form-urlencoded` form-encodes user name and password before base64 (RFC 6749 2.3.1). */
  basicEncoding?: 'form';
  /** For oauth2: the flows the scheme declares, with absolute URLs. */
  oauth2Flows?: OAuth2FlowsModel;
  description?: string;
}

/** The flows of an OAuth 2 security scheme, by OpenAPI name. */
export interface OAuth2FlowsModel {
  authorizationCode?: OAuth2FlowModel;
  clientCredentials?: OAuth2FlowModel;
  implicit?: OAuth2FlowModel;
  password?: OAuth2FlowModel;
}

/** One OAuth 2 flow: its endpoints (absolute, resolved against the default server) and scopes. */
export interface OAuth2FlowModel {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope names with their descriptions, in the spec's order. */
  scopes: { name: string; description: string }[];
}

/**
 * How the API signs the requests it sends to a webhook (`x-webhook-signature`): the header that
 * carries `sha256=` and the base64 HMAC-SHA256 of the raw body, keyed by the app's consumer secret,
 * and the query parameter of the GET challenge-response check (CRC) answered with the same MAC.
 */
export interface WebhookSignatureModel {
  header: string;
  crcParameter: string;
}

/** A step of an OAuth credential flow (`x-oauth-step`); the runtime's flow helpers find their operations by it. */
export type OAuthStep =
  | 'request-token'
  | 'authorize'
  | 'authenticate'
  | 'access-token'
  | 'invalidate'
  | 'app-token'
  | 'app-token-invalidate';

/** The credential flows a spec supports, from its security schemes and its operations' `x-oauth-step` marks. */
export interface AuthFlowsModel {
  /** The operation of each OAuth step, by step in camelCase (`requestToken`, `appToken`). */
  steps: Record<string, { id: string; constName: string }>;
  /** The OAuth 1.0a three-legged flow: request-token and access-token steps under an OAuth 1.0a scheme. */
  oauth1: boolean;
  /** App-only tokens: an app-token step under Basic credentials, and bearer tokens to send. */
  appOnly: boolean;
  /** The OAuth 2 authorization-code flow the user-flow helpers default to, when a scheme declares one. */
  oauth2User?: OAuth2UserFlowModel;
}

/** An OAuth 2 authorization-code flow with both endpoints: what the user-flow helpers need. */
export interface OAuth2UserFlowModel {
  /** The security scheme that declares it. */
  scheme: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** The refresh endpoint: the token endpoint when the flow names none. */
  refreshUrl: string;
  /** The flow's scope names, in the spec's order. */
  scopes: string[];
}
