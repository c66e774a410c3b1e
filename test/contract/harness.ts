/**
 * The contract harness: every operation of a spec, called through its generated client with the
 * spec's own example values, against Stoplight Prism serving the same spec with `--errors`.
 *
 * An operation passes when
 * - the client sends the call (its own validation accepts the examples),
 * - Prism finds the path and method, and finds nothing in the request that breaks the spec
 *   (no 401/404/415/422, no `sl-violations` header),
 * - Prism finds nothing wrong with the response it serves (no 500, no violation), and
 * - the body the client decoded validates against the operation's response schema.
 *
 * Operations Prism cannot serve are not called, and each is listed with its reason:
 * - `x-streaming` (NDJSON streams: `activityStream`, `streamPosts`): Prism answers with one static
 *   example body and closes; it cannot hold a long-lived newline-delimited stream open.
 * - `x-browser-step` (`oauthAuthorize`, `oauthAuthenticate`): the client builds a URL for the user's
 *   browser and sends nothing. The harness still checks the URL the client built by requesting it
 *   from Prism (without following the redirect) and requiring that Prism accepts it.
 */
import { PAGE_MEMBERS } from '../../generator/model/selection.ts';
import type { SpecDoc } from './spec-schemas.ts';
import { deref, SpecSchemas } from './spec-schemas.ts';
import { startPrism, type PrismServer } from './prism.ts';
import { PRISM_WORKAROUNDS, writePrismSpec } from './prism-spec.ts';

type AuthKind = 'bearer' | 'oauth1' | 'basic' | 'apiKey';

/** The part of a generated operation descriptor the harness reads. */
export interface OperationDescriptor {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly body?: { readonly contentType: string; readonly mode: 'fields' | 'whole' };
  readonly response: string;
  readonly security?: readonly (readonly AuthKind[])[];
  readonly pagination?: unknown;
  readonly streaming?: string;
  readonly browserStep?: boolean;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** A generated package under test. */
export interface ContractTarget {
  /** Used for the Prism copy's file name and in messages. */
  name: string;
  doc: SpecDoc;
  operations: Readonly<Record<string, OperationDescriptor>>;
  /** A client sending every operation to `origin` (sandbox-only ones included). */
  makeClient(options: { origin: string; auth?: unknown; fetch: Fetch }): {
    call(operationId: string, params?: object, options?: object): unknown;
  };
}

export interface OperationResult {
  id: string;
  /**
   * `passed`; `failed` with problems; `excluded` with the reason (not called); `known-defect`: failed
   * the way a listed, not yet fixed client defect makes it fail (set by the test that lists it).
   */
  outcome: 'passed' | 'failed' | 'excluded' | 'known-defect';
  reason?: string;
  problems: string[];
  /** What was sent and answered, e.g. `GET /2/tweets?ids=... -> 200`. */
  exchange?: string;
  ms: number;
}

/** Dummy credentials of each scheme: Prism checks that the credential is there, not that it is right. */
const CREDENTIALS: Record<string, unknown> = {
  bearer: { bearerToken: 'contract-test-bearer-token' },
  oauth1: {
    oauth1: {
      consumerKey: 'contract-key',
      consumerSecret: 'contract-secret',
      token: '6253282-contract',
      tokenSecret: 'contract-token-secret',
    },
  },
  basic: { basic: { username: 'contract-user', password: 'contract-password' } },
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An operation of the spec, as the harness reads it. */
export interface SpecOperation {
  id: string;
  method: string;
  path: string;
  op: any;
  pathParameters: any[];
}

/** Every operation of a spec in document order. */
export function specOperations(doc: SpecDoc): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op?.operationId)
        out.push({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          op,
          pathParameters: item.parameters ?? [],
        });
    }
  }
  return out;
}

/** Why an operation is not called against Prism, or undefined when it is. */
export function exclusionReason(op: SpecOperation): string | undefined {
  if (op.op['x-streaming']) {
    return `x-streaming: ${op.op['x-streaming']}: a long-lived newline-delimited JSON stream; Prism answers with one static example and closes, so there is no stream to read`;
  }
  if (op.op['x-browser-step']) {
    return 'x-browser-step: a browser redirect step; the client only builds the URL and sends nothing (the built URL is still checked against Prism)';
  }
  return undefined;
}

function exampleOf(doc: SpecDoc, holder: any): { found: boolean; value?: unknown } {
  if (holder?.example !== undefined) return { found: true, value: holder.example };
  const named = Object.values<any>(holder?.examples ?? {})[0];
  if (named !== undefined) {
    const example = deref(doc, named);
    if (example?.value !== undefined) return { found: true, value: example.value };
  }
  const schema = holder?.schema ? deref(doc, holder.schema) : undefined;
  if (schema?.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema?.examples) && schema.examples.length)
    return { found: true, value: schema.examples[0] };
  return { found: false };
}

/**
 * The params object of one call, from the spec's examples: every parameter that has an example (all
 * required ones must), and the request body's example spread into the params or under `body`, as the
 * generated client takes it.
 */
export function exampleParams(
  doc: SpecDoc,
  op: SpecOperation,
  descriptor: OperationDescriptor,
): { params: Record<string, unknown>; problems: string[] } {
  const params: Record<string, unknown> = {};
  const problems: string[] = [];
  const byKey = new Map<string, any>();
  for (const raw of [...op.pathParameters, ...(op.op.parameters ?? [])]) {
    const param = deref(doc, raw);
    byKey.set(`${param.in}:${param.name}`, param);
  }
  for (const param of byKey.values()) {
    const example = exampleOf(doc, param);
    if (example.found) params[param.name] = example.value;
    else if (param.required)
      problems.push(`spec: required ${param.in} parameter ${param.name} has no example`);
  }
  if (op.op.requestBody) {
    const body = deref(doc, op.op.requestBody);
    const type = descriptor.body?.contentType;
    const media = type ? body.content?.[type] : undefined;
    const example = media ? exampleOf(doc, media) : { found: false };
    if (!descriptor.body) problems.push('client: the spec has a request body, the generated operation none');
    else if (example.found) {
      if (descriptor.body.mode === 'whole') params.body = example.value;
      else Object.assign(params, example.value as object);
    } else if (body.required) problems.push(`spec: required ${type} request body has no example`);
  }
  return { params, problems };
}

/** The response object the spec gives for `status` (exact code, then `2XX`-style range, then default). */
function responseFor(doc: SpecDoc, op: SpecOperation, status: number): any {
  const responses = op.op.responses ?? {};
  const raw = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return raw ? deref(doc, raw) : undefined;
}

function mediaFor(response: any, contentType: string | null): { type: string; media: any } | undefined {
  const entries = Object.entries<any>(response?.content ?? {});
  if (!entries.length) return undefined;
  const bare = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const exact = entries.find(([type]) => type.toLowerCase() === bare);
  const [type, media] = exact ?? entries[0]!;
  return { type, media };
}

interface Seen {
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  contentType: string | null;
  violations: string | null;
  body: string;
}

function describeSeen(seen: Seen, origin: string): string {
  return `${seen.method} ${seen.url.startsWith(origin) ? seen.url.slice(origin.length) : seen.url} -> ${seen.status}`;
}

function violationsOf(seen: Seen): string[] {
  if (!seen.violations) return [];
  try {
    return (
      JSON.parse(seen.violations) as { location?: string[]; severity?: string; message?: string }[]
    ).map((v) => `prism ${v.severity ?? ''} at ${(v.location ?? []).join('.')}: ${v.message}`);
  } catch {
    return [`prism violations: ${seen.violations}`];
  }
}

/** A running contract check of one package: Prism started on its spec copy. */
export class ContractRun {
  readonly schemas: SpecSchemas;
  readonly operations: SpecOperation[];
  readonly workarounds = PRISM_WORKAROUNDS;

  private constructor(
    readonly target: ContractTarget,
    readonly prism: PrismServer,
  ) {
    this.schemas = new SpecSchemas(target.doc, target.name);
    this.operations = specOperations(target.doc);
  }

  /**
   * Starts Prism on the Prism copy of the target's spec. `mutate` changes that copy only (the client
   * and the examples still come from the real spec): the harness self-test breaks it on purpose.
   */
  static async start(
    target: ContractTarget,
    options: { mutate?: (copy: SpecDoc) => void; copyName?: string } = {},
  ): Promise<ContractRun> {
    const file = writePrismSpec(target.doc, options.copyName ?? target.name, options.mutate);
    return new ContractRun(target, await startPrism(file));
  }

  stop(): Promise<void> {
    return this.prism.stop();
  }

  /** Checks one operation (see the module comment). */
  async check(operationId: string): Promise<OperationResult> {
    const started = performance.now();
    const op = this.operations.find((o) => o.id === operationId);
    const done = (result: Omit<OperationResult, 'ms'>): OperationResult => ({
      ...result,
      ms: Math.round(performance.now() - started),
    });
    if (!op) return done({ id: operationId, outcome: 'failed', problems: ['spec: no such operation'] });
    const descriptor = this.target.operations[operationId];
    if (!descriptor)
      return done({
        id: operationId,
        outcome: 'failed',
        problems: ['client: the generated operation table has no such operation'],
      });
    const problems: string[] = [];
    if (descriptor.method !== op.method)
      problems.push(`client: method ${descriptor.method}, spec ${op.method}`);
    if (descriptor.path !== op.path) problems.push(`client: path ${descriptor.path}, spec ${op.path}`);

    const { params, problems: exampleProblems } = exampleParams(this.target.doc, op, descriptor);
    problems.push(...exampleProblems);

    const origin = this.prism.url;
    const seen: Seen[] = [];
    const recordingFetch: Fetch = async (input, init) => {
      const response = await fetch(input, init);
      seen.push({
        method: init.method ?? 'GET',
        url: input,
        requestBody:
          typeof init.body === 'string'
            ? init.body
            : init.body instanceof URLSearchParams
              ? init.body.toString()
              : undefined,
        status: response.status,
        contentType: response.headers.get('content-type'),
        violations: response.headers.get('sl-violations'),
        body: await response.clone().text(),
      });
      return response;
    };
    // No `security` or an empty list: the operation takes no credentials.
    const alternatives = descriptor.security?.length ? descriptor.security : [[]];
    const usable = alternatives.find(
      (alt) => alt.length === 0 || (alt.length === 1 && CREDENTIALS[alt[0]!] !== undefined),
    );
    if (!usable) problems.push(`harness: no single credential satisfies ${JSON.stringify(alternatives)}`);
    const auth = usable && usable.length ? CREDENTIALS[usable[0]!] : undefined;
    const client = this.target.makeClient({ origin, auth, fetch: recordingFetch });

    const excluded = exclusionReason(op);
    if (excluded) {
      if (descriptor.streaming === undefined && descriptor.browserStep === undefined)
        problems.push(
          'client: the spec marks the operation streaming or browser-only, the generated descriptor does not',
        );
      if (op.op['x-browser-step']) {
        // The URL builder's output must be a request Prism accepts.
        try {
          const url = client.call(operationId, params) as string;
          const response = await fetch(url, { redirect: 'manual' });
          const entry: Seen = {
            method: 'GET',
            url,
            status: response.status,
            contentType: response.headers.get('content-type'),
            violations: response.headers.get('sl-violations'),
            body: await response.text(),
          };
          if (entry.status >= 400)
            problems.push(`prism refused the built URL with ${entry.status}: ${entry.body.slice(0, 300)}`);
          problems.push(...violationsOf(entry));
          return done({
            id: operationId,
            outcome: problems.length ? 'failed' : 'excluded',
            reason: excluded,
            problems,
            exchange: describeSeen(entry, origin),
          });
        } catch (error) {
          problems.push(`client threw ${(error as Error).name}: ${(error as Error).message}`);
        }
      }
      return done({
        id: operationId,
        outcome: problems.length ? 'failed' : 'excluded',
        reason: excluded,
        problems,
      });
    }
    if (problems.some((p) => p.startsWith('harness') || p.startsWith('spec: required')))
      return done({ id: operationId, outcome: 'failed', problems });

    let result: unknown;
    let threw: unknown;
    try {
      result = await (client.call(operationId, params, { maxRetries: 0 }) as PromiseLike<unknown>);
    } catch (error) {
      threw = error;
    }
    const last = seen.at(-1);
    if (threw !== undefined) {
      const error = threw as Error & { status?: number };
      problems.push(`client threw ${error.name}: ${error.message}`);
    }
    if (!last) {
      if (threw === undefined) problems.push('client: no request was sent');
      return done({ id: operationId, outcome: 'failed', problems });
    }
    if (seen.length > 1) problems.push(`client sent ${seen.length} requests for one call`);
    if (last.status < 200 || last.status > 299) {
      problems.push(`prism answered ${last.status}: ${last.body.slice(0, 400)}`);
      if (last.requestBody !== undefined)
        problems.push(`request body was: ${last.requestBody.slice(0, 400)}`);
    }
    problems.push(...violationsOf(last));

    if (threw === undefined && last.status >= 200 && last.status <= 299) {
      const response = responseFor(this.target.doc, op, last.status);
      const media = mediaFor(response, last.contentType);
      if (!response) problems.push(`spec: no response for status ${last.status}`);
      else if (media?.media?.schema) {
        let decoded = result;
        if (descriptor.pagination && decoded && typeof decoded === 'object') {
          decoded = Object.fromEntries(
            Object.entries(decoded).filter(([key]) => !PAGE_MEMBERS.includes(key)),
          );
        }
        for (const line of this.schemas.check(media.media.schema, decoded))
          problems.push(`decoded ${media.type} body: ${line}`);
      } else if (media === undefined && result !== undefined && result !== null && result !== '') {
        problems.push(
          `client decoded a body (${JSON.stringify(result).slice(0, 100)}) where the spec has no content`,
        );
      }
    }
    return done({
      id: operationId,
      outcome: problems.length ? 'failed' : 'passed',
      problems,
      exchange: describeSeen(last, origin),
    });
  }

  /** Checks every operation of the spec, `concurrency` at a time. */
  async checkAll({ only, concurrency = 4 }: { only?: string[]; concurrency?: number } = {}): Promise<
    OperationResult[]
  > {
    const ids = this.operations.map((o) => o.id).filter((id) => !only || only.includes(id));
    const results: OperationResult[] = new Array(ids.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, ids.length) }, async () => {
        while (next < ids.length) {
          const index = next++;
          results[index] = await this.check(ids[index]!);
        }
      }),
    );
    return results;
  }
}

/**
 * A table of results for the test output. With `failuresExpected` (a spec broken on purpose), a failure is
 * what the test wants: it reads `caught`, so that only real failures print `failed` in the output.
 */
export function formatResults(
  name: string,
  results: OperationResult[],
  ms: number,
  options: { failuresExpected?: boolean } = {},
): string {
  const count = (outcome: OperationResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const known = count('known-defect') ? `, ${count('known-defect')} known client defects` : '';
  const failed = options.failuresExpected
    ? `${count('failed')} drifts caught as intended`
    : `${count('failed')} failed`;
  const lines = [
    `contract ${name}: ${count('passed')} passed, ${failed}${known}, ${count('excluded')} excluded, in ${ms} ms`,
  ];
  for (const r of results) {
    const outcome = options.failuresExpected && r.outcome === 'failed' ? 'caught' : r.outcome;
    lines.push(`  ${outcome.padEnd(12)} ${r.id.padEnd(36)} ${r.exchange ?? ''}`);
    if (r.reason) lines.push(`               excluded: ${r.reason}`);
    // The client's own error text says "<operation> failed with HTTP n"; shown as "-> HTTP n" where that is intended.
    for (const p of r.problems)
      lines.push(
        `               ! ${options.failuresExpected ? p.replace(/ failed with HTTP /, ' -> HTTP ') : p}`,
      );
  }
  return lines.join('\n');
}
