import { isRecord, type RateLimit } from './errors.js';
import { exchange } from './http.js';
import { OperationCall } from './operation-call.js';
import type { PaginatedOperationSpec, RequestOptions } from './types.js';
import { multi } from './serialize.js';
import { own } from './validate.js';

/** The item type found at a dotted path of a page body, e.g. `PageItem<Response, 'data'>` (`''`: the body is the array). */
export type PageItem<Body, Path extends string> = Path extends ''
  ? Body extends readonly (infer Item)[]
    ? Item
    : never
  : Path extends `${infer Head}.${infer Rest}`
    ? Head extends keyof Body
      ? PageItem<NonNullable<Body[Head]>, Rest>
      : never
    : Path extends keyof Body
      ? NonNullable<Body[Path]> extends readonly (infer Item)[]
        ? Item
        : never
      : never;

/** Limits on walking pages, given with the per-call options of a paginated method. */
export interface PaginationOptions extends RequestOptions {
  /** Stop after this many pages (`.pages()` and `for await`). */
  maxPages?: number;
  /** Stop after this many items (`for await`; `.pages()` stops after the page that reaches it). */
  maxItems?: number;
}

/** How `poll()` asks for new items. */
export interface PollOptions {
  /** The wait between two rounds, in milliseconds. Default 60,000. */
  intervalMs?: number;
  /**
   * Stop after this many rounds (the first, which only notes the newest id when no `since_id` was
   * given, counts). Default: no limit.
   */
  maxRounds?: number;
  /** Ends the polling quietly (the call's own `signal` does too). */
  signal?: AbortSignal;
}

/**
 * What a page adds to its body: its items and the way to the pages around it (`Self`, the page
 * type, is what they resolve to).
 */
export interface PageMembers<Item, Self> {
  /** The items of this page (empty when the page has none). */
  readonly items: Item[];
  /** The token, cursor, offset or (paging by `Link` headers) URL of the next page; undefined on the last page. */
  readonly nextToken: string | undefined;
  /** The token of the previous page, for operations that have one. */
  readonly previousToken: string | undefined;
  /** The rate-limit figures of the response that brought this page. */
  readonly rateLimit: RateLimit | undefined;
  hasNextPage(): boolean;
  /**
   * Fetches the next page; `null` after the last one. Rejects with `PaginationLoopError` when the
   * token was already used.
   */
  getNextPage(): Promise<Self | null>;
  /** Fetches the previous page; `null` when there is none. */
  getPreviousPage(): Promise<Self | null>;
}

/**
 * One page: the response body as sent, plus its items and the way to the pages around it. A
 * narrowed operation's pages have an interface of their own instead (`GetUsersPostsPage<...>`,
 * extending the body and `PageMembers`): tsc resolves an interface's members once, where it
 * reduces this intersection property by property for each new body type.
 */
export type Page<Body, Item> = Body & PageMembers<Item, Page<Body, Item>>;

/** Thrown when the server hands back a token it already gave, which would otherwise loop forever. */
export class PaginationLoopError extends Error {
  override readonly name = 'PaginationLoopError';
  constructor(
    readonly operationId: string,
    /** How many pages had been fetched when the repeat showed up. */
    readonly pages: number,
  ) {
    super(
      `${operationId}: page ${pages} returned a page token that was already used; stopping instead of looping`,
    );
  }
}

/** The tokens requested so far in one walk, newest first (a linked list: pages share their past). */
interface Trail {
  readonly token: string | undefined;
  readonly previous: Trail | undefined;
  readonly depth: number;
}

/**
 * The result of a paginated method: `await` it for the first page, iterate it with
 * `for await` for every item across pages, or call `.pages()` for page after page. Paging
 * stops only when the next token is absent or the cursor is null (a short page is not the
 * end), and never requests a token twice: a repeated one rejects with `PaginationLoopError`.
 * `ThisPage`: the type of a page (`Page<Body, Item>`, or a narrowed operation's page interface).
 */
export class PagePromise<Body, Item, ThisPage extends PageMembers<Item, ThisPage> = Page<Body, Item>>
  extends OperationCall<PaginatedOperationSpec, PaginationOptions>
  implements PromiseLike<ThisPage>, AsyncIterable<Item>
{
  #first: Promise<ThisPage> | undefined;

  then<A = ThisPage, B = never>(
    onFulfilled?: ((page: ThisPage) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.first().then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<ThisPage | B> {
    return this.first().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<ThisPage> {
    return this.first().finally(onFinally);
  }

  /** Every page in order, within `maxPages` (and `maxItems`). Pages already walked are not kept. */
  async *pages(): AsyncGenerator<ThisPage, void, undefined> {
    const maxPages = this.options.maxPages ?? Infinity;
    const maxItems = this.options.maxItems ?? Infinity;
    if (maxPages <= 0 || maxItems <= 0) return;
    // This walk's own record of tokens, so that a long walk checks each one in constant time.
    const seen = new Set<string>();
    const start = startToken(this.op, this.params);
    if (start !== undefined) seen.add(start);
    let trail: Trail = { token: start, previous: undefined, depth: 1 };
    let page: ThisPage = await this.first();
    let pages = 0;
    let items = 0;
    for (;;) {
      yield page;
      pages += 1;
      items += page.items.length;
      const next = page.nextToken;
      if (next === undefined || pages >= maxPages || items >= maxItems) return;
      if (seen.has(next)) throw new PaginationLoopError(this.op.id, pages);
      seen.add(next);
      trail = { token: next, previous: trail, depth: trail.depth + 1 };
      page = await this.fetchPage(paramsFor(this.op, this.params, next), trail);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const maxItems = this.options.maxItems ?? Infinity;
    const signal = this.options.signal;
    let count = 0;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        if (count >= maxItems) return;
        signal?.throwIfAborted();
        yield item;
        count += 1;
      }
    }
  }

  /**
   * Polls for new items only, with `since_id`: each round walks every page newer than the newest
   * id seen so far and yields its items (in the order the server sends them), then waits
   * `intervalMs`. Without a `since_id` in the params, the first round only notes the newest id.
   * Ends quietly when the signal aborts; only for operations that take `since_id`.
   */
  async *poll(options: PollOptions = {}): AsyncGenerator<Item, void, undefined> {
    if (!this.op.params?.some((p) => p.name === 'since_id' && p.in === 'query')) {
      throw new TypeError(`${this.op.id} takes no since_id parameter, so it cannot be polled for new items`);
    }
    const stop = joinSignals(options.signal, this.options.signal);
    const signal = stop.signal;
    const intervalMs = options.intervalMs ?? 60_000;
    const maxRounds = options.maxRounds ?? Infinity;
    const base: Record<string, unknown> = { ...this.params };
    delete base[this.op.pagination.token];
    delete base.since_id;
    const { maxPages: _pages, maxItems: _items, ...request } = this.options;
    let since = tokenOf(this.params.since_id);
    try {
      for (let round = 0; round < maxRounds; round++) {
        if (round > 0) await this.core.sleep(intervalMs, signal);
        const params = since === undefined ? base : { ...base, since_id: since };
        const walk = new PagePromise<Body, Item, ThisPage>(this.core, this.op, params, {
          ...request,
          signal,
        });
        if (since === undefined) {
          since = newestIdOf(await walk, undefined);
          continue;
        }
        let newest = since;
        for await (const page of walk.pages()) {
          newest = newestIdOf(page, newest) ?? newest;
          for (const item of page.items) {
            signal.throwIfAborted();
            yield item;
          }
        }
        since = newest;
      }
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    } finally {
      stop.release();
    }
  }

  private first(): Promise<ThisPage> {
    const start = startToken(this.op, this.params);
    this.#first ??= this.fetchPage(this.params, { token: start, previous: undefined, depth: 1 });
    return this.#first;
  }

  /** Fetches one page; `trail` holds the tokens requested before it, for `getNextPage`'s loop check. */
  private async fetchPage(params: Record<string, unknown>, trail: Trail): Promise<ThisPage> {
    const { body, info } = await exchange(this.core, this.op, params, this.options);
    const spec = this.op.pagination;
    const found = valueAt(body, spec.items);
    const items = Array.isArray(found) ? (found as Item[]) : [];
    const next = nextToken(spec, body, items, params, info.headers);
    const previous = spec.previous === undefined ? undefined : tokenOf(valueAt(body, spec.previous));
    let nextPage: Promise<ThisPage | null> | undefined;
    let previousPage: Promise<ThisPage | null> | undefined;
    const follow = (token: string | undefined): Promise<ThisPage | null> => {
      if (token === undefined) return Promise.resolve(null);
      return this.fetchPage(paramsFor(this.op, params, token), {
        token,
        previous: trail,
        depth: trail.depth + 1,
      });
    };
    const page = {
      ...(isRecord(body) ? body : {}),
      items,
      nextToken: next,
      previousToken: previous,
      rateLimit: info.rateLimit,
      hasNextPage: (): boolean => next !== undefined,
      getNextPage: (): Promise<ThisPage | null> => {
        if (next !== undefined && trailHas(trail, next))
          return Promise.reject(new PaginationLoopError(this.op.id, trail.depth));
        // Kept so that asking twice does not fetch twice; dropped on failure so that it can be asked again.
        nextPage ??= follow(next).catch((error: unknown) => {
          nextPage = undefined;
          throw error;
        });
        return nextPage;
      },
      getPreviousPage: (): Promise<ThisPage | null> => {
        previousPage ??= follow(previous).catch((error: unknown) => {
          previousPage = undefined;
          throw error;
        });
        return previousPage;
      },
    };
    return page as unknown as ThisPage;
  }
}

/** The token the walk starts from: the one given in the params (none when paging by links). */
function startToken(op: PaginatedOperationSpec, params: Record<string, unknown>): string | undefined {
  return op.pagination.style === 'link' ? undefined : tokenOf(own(params, op.pagination.token));
}

/** The next page's token, as the operation's style finds it; undefined on the last page. */
function nextToken(
  spec: PaginatedOperationSpec['pagination'],
  body: unknown,
  items: unknown[],
  params: Record<string, unknown>,
  headers: Headers,
): string | undefined {
  switch (spec.style) {
    case 'link':
      return nextLink(headers.get('link'));
    case 'after': {
      if (valueAt(body, spec.hasMore ?? 'has_more') !== true || items.length === 0) return undefined;
      return tokenOf(spec.next ? valueAt(body, spec.next) : valueAt(items[items.length - 1], 'id'));
    }
    case 'offset': {
      // An empty page is the end; so is reaching the total, when the body states one.
      if (items.length === 0) return undefined;
      const offset = Number(own(params, spec.token) ?? 0) + items.length;
      const total = spec.total === undefined ? undefined : valueAt(body, spec.total);
      return typeof total === 'number' && offset >= total ? undefined : String(offset);
    }
    default:
      return spec.next === undefined ? undefined : tokenOf(valueAt(body, spec.next));
  }
}

/**
 * The params of the page a token leads to. Paging by links, the `rel="next"` URL's query values
 * replace those of the operation's query parameters (typed as the parameter is: the server's own
 * links carry the page, cursor and size it expects); otherwise the token goes in its parameter.
 */
function paramsFor(
  op: PaginatedOperationSpec,
  params: Record<string, unknown>,
  token: string,
): Record<string, unknown> {
  if (op.pagination.style !== 'link') {
    const value = op.pagination.style === 'offset' ? Number(token) : token;
    return { ...params, [op.pagination.token]: value };
  }
  const query = new URL(token, 'http://link.invalid').searchParams;
  const next: Record<string, unknown> = { ...params };
  for (const param of op.params ?? []) {
    if (param.in !== 'query') continue;
    const values = query.getAll(param.name);
    if (values.length === 0) continue;
    const type = param.type;
    const typed = (text: string): unknown =>
      type === 'integer' || type === 'number' ? Number(text) : type === 'boolean' ? text === 'true' : text;
    next[param.key ?? param.name] =
      type === 'array'
        ? values.flatMap((v) => (param.style === multi || values.length > 1 ? [v] : v.split(',')))
        : typed(values[0] ?? '');
  }
  return next;
}

/** The `rel="next"` target of a `Link` header (RFC 8288), or undefined. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  const link = /<([^>]*)>((?:\s*;\s*[^;,]*(?:"[^"]*")?)*)/g;
  for (let match = link.exec(header); match; match = link.exec(header)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const values = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (values.includes('next')) return match[1];
  }
  return undefined;
}

function trailHas(trail: Trail, token: string): boolean {
  for (let node: Trail | undefined = trail; node; node = node.previous) if (node.token === token) return true;
  return false;
}

function valueAt(body: unknown, path: string): unknown {
  if (path === '') return body;
  let node = body;
  for (const key of path.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A token as sent, or undefined when it is absent, null or empty (the end). */
function tokenOf(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

/** The newest id a page shows: `meta.newest_id`, or the largest item `id`, if newer than `than`. */
function newestIdOf(page: { items: unknown[] }, than: string | undefined): string | undefined {
  let newest = than;
  const candidates = [valueAt(page, 'meta.newest_id'), ...page.items.map((item) => valueAt(item, 'id'))];
  for (const candidate of candidates) {
    const id = tokenOf(candidate);
    if (id !== undefined && /^[0-9]+$/.test(id) && (newest === undefined || isNewer(id, newest))) newest = id;
  }
  return newest;
}

/** Compares two decimal ids (snowflakes exceed 2^53) without losing precision. */
function isNewer(a: string, b: string): boolean {
  const x = a.replace(/^0+(?=.)/, '');
  const y = b.replace(/^0+(?=.)/, '');
  return x.length !== y.length ? x.length > y.length : x > y;
}

/** One signal that aborts when any of the given ones does; `release` unhooks it from them. */
function joinSignals(...signals: (AbortSignal | undefined)[]): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  for (const s of present) {
    if (s.aborted) controller.abort();
    else s.addEventListener('abort', abort, { once: true });
  }
  return {
    signal: controller.signal,
    release: () => present.forEach((s) => s.removeEventListener('abort', abort)),
  };
}
