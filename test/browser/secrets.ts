/** The credentials the browser program uses and the loopback API checks (the OAuth 1.0a signature with the same secrets). */
export const BROWSER_SECRETS = {
  bearerToken: 'browser-bearer-token',
  oauth1: {
    consumerKey: 'browser-consumer',
    consumerSecret: 'browser-consumer-secret',
    token: '6253282-browser',
    tokenSecret: 'browser-token-secret',
  },
};

/** What one step of the browser program saw, or the error it hit. */
export type StepResult = { ok: true; [key: string]: unknown } | { ok: false; error: string };
export type BrowserResults = Record<string, StepResult>;
