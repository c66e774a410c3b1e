import { ValidationError } from './errors.js';
import { oauth1Sign } from './oauth1.js';
/** Which credential kind a configured `auth` provides. */
export function authKindOf(auth) {
    if (!auth)
        return undefined;
    if ('oauth1' in auth)
        return 'oauth1';
    return undefined;
}
const NAMES = {
    bearer: 'bearer token',
    oauth1: 'OAuth 1.0a',
    basic: 'HTTP Basic',
    apiKey: 'API key',
};
/**
 * Decides whether the configured credentials may be sent with an operation. Returns the kind to
 * use, or `undefined` to send none; throws a ValidationError (the `unsupported-authentication`
 * rule) when the operation needs credentials the client does not have.
 */
export function chooseAuth(op, auth) {
    const have = authKindOf(auth);
    const alternatives = op.security;
    // The spec states nothing: send what the client has.
    if (alternatives === undefined)
        return have;
    if (alternatives.length === 0 || alternatives.some((a) => a.length === 0)) {
        return have && alternatives.some((a) => a.length === 1 && a[0] === have) ? have : undefined;
    }
    if (have && alternatives.some((a) => a.length === 1 && a[0] === have))
        return have;
    const accepted = [...new Set(alternatives.map((a) => a.map((k) => NAMES[k]).join(' + ')))].join(' or ');
    throw new ValidationError('auth', 'unsupported-authentication', `${op.id}: accepts ${accepted}, but the client is configured with ${have ? NAMES[have] : 'no credentials'}`);
}
/** Adds the credentials of `kind` to a request. Secrets go only into headers, never into messages. */
export async function applyAuth(kind, auth, target, apiKeyPlacement) {
    if (!kind || !auth)
        return target.url;
    if (kind === 'oauth1' && 'oauth1' in auth) {
        const signed = await oauth1Sign({ method: target.method, url: target.url, ...(target.form ? { form: target.form } : {}) }, auth.oauth1);
        target.headers.authorization = signed.header;
    }
    void apiKeyPlacement;
    return target.url;
}
