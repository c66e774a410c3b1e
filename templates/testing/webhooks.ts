/**
 * Webhook deliveries as the API sends them, for testing a webhook handler: the JSON body and the
 * signature header (`sha256=` + base64 of its HMAC-SHA256 keyed by the app's consumer secret), the
 * way the package's `verifyWebhookSignature` checks it.
 */
import { spec } from './spec.js';

/** A signed delivery: POST `body` with `headers` to the handler under test. */
export interface SignedWebhook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Signs `event` (as its JSON text) with `consumerSecret`, in the header the spec names. */
export async function signedWebhook(event: unknown, consumerSecret: string): Promise<SignedWebhook> {
  const header = spec.webhook?.header;
  if (header === undefined) throw new TypeError('signedWebhook: the spec states no webhook signature');
  const body = JSON.stringify(event);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(consumerSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return { body, headers: { 'content-type': 'application/json', [header]: `sha256=${btoa(binary)}` } };
}
