/** A signed delivery: POST `body` with `headers` to the handler under test. */
export interface SignedWebhook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}
/** Signs `event` (as its JSON text) with `consumerSecret`, in the header the spec names. */
export declare function signedWebhook(event: unknown, consumerSecret: string): Promise<SignedWebhook>;
