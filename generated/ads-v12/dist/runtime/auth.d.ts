import { type OAuth1Credentials } from './oauth1.js';
import type { AuthKind, OperationSpec } from './types.js';
/** The credentials a client sends. Each operation uses the schemes its spec allows. */
export type ClientAuth = 
/** OAuth 1.0a (HMAC-SHA1) user context; the token pair is left out for consumer-only steps. */
{
    oauth1: OAuth1Credentials;
};
export type { OAuth1Credentials };
/** Which credential kind a configured `auth` provides. */
export declare function authKindOf(auth: ClientAuth | undefined): AuthKind | undefined;
/**
 * Decides whether the configured credentials may be sent with an operation. Returns the kind to
 * use, or `undefined` to send none; throws a ValidationError (the `unsupported-authentication`
 * rule) when the operation needs credentials the client does not have.
 */
export declare function chooseAuth(op: OperationSpec, auth: ClientAuth | undefined): AuthKind | undefined;
/** What signing needs to know of the request being sent. */
export interface SigningTarget {
    method: string;
    url: string;
    /** Decoded pairs of a form body (they are signed with OAuth 1.0a). */
    form: [string, string][] | undefined;
    headers: Record<string, string>;
}
/** Adds the credentials of `kind` to a request. Secrets go only into headers, never into messages. */
export declare function applyAuth(kind: AuthKind | undefined, auth: ClientAuth | undefined, target: SigningTarget, apiKeyPlacement?: {
    in: 'header' | 'query' | 'cookie';
    name: string;
}): Promise<string>;
