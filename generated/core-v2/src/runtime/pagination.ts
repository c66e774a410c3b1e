import type { ClientCore } from './http.js';
import type { PaginatedOperationSpec, RequestOptions } from './types.js';

/** The item type found at a dotted path of a page body, e.g. `PageItem<Response, 'data'>`. */
export type PageItem<Body, Path extends string> = Path extends `${infer Head}.${infer Rest}`
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
  /** Stop after this many pages. */
  maxPages?: number;
  /** Stop after this many items. */
  maxItems?: number;
}

/** One page: the response body as sent, plus its items and a way to the next page. */
export type Page<Body, Item> = Body & {
  /** The items of this page (empty when the page has none). */
  readonly items: Item[];
  /** The token or cursor of the next page, when there is one. */
  readonly nextToken: string | undefined;
  hasNextPage(): boolean;
  /** Fetches the next page; `null` after the last one. */
  getNextPage(): Promise<Page<Body, Item> | null>;
};

/** Thrown when the server hands back a token it already gave, which would otherwise loop forever. */
export class PaginationLoopError extends Error {
  override readonly name = 'PaginationLoopError';
  constructor(readonly operationId: string) {
    super(
      `${operationId}: the server returned a page token that was already used; stopping instead of looping`,
    );
  }
}

/**
 * The result of a paginated method: `await` it for the first page, iterate it with
 * `for await` for every item across pages, or call `.pages()` for page after page. Paging
 * stops only when the next token is absent or the cursor is null; a short page is not the end.
 */
export class PagePromise<Body, Item> implements PromiseLike<Page<Body, Item>>, AsyncIterable<Item> {
  #first: Promise<Page<Body, Item>> | undefined;

  constructor(
    private readonly core: ClientCore,
    private readonly op: PaginatedOperationSpec,
    private readonly params: Record<string, unknown>,
    private readonly options: PaginationOptions = {},
  ) {}

  then<A = Page<Body, Item>, B = never>(
    onFulfilled?: ((page: Page<Body, Item>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.first().then(onFulfilled, onRejected);
  }

  catch<B = never>(
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<Page<Body, Item> | B> {
    return this.first().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<Page<Body, Item>> {
    return this.first().finally(onFinally);
  }

  /** Every page in order, within `maxPages`. */
  async *pages(): AsyncGenerator<Page<Body, Item>, void, undefined> {
    const maxPages = this.options.maxPages ?? Infinity;
    let page: Page<Body, Item> | null = await this.first();
    for (let count = 1; page && count <= maxPages; count++) {
      yield page;
      if (count === maxPages) return;
      page = await page.getNextPage();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const maxItems = this.options.maxItems ?? Infinity;
    let count = 0;
    if (count >= maxItems) return;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        yield item;
        if (++count >= maxItems) return;
      }
    }
  }

  private first(): Promise<Page<Body, Item>> {
    this.#first ??= this.fetchPage(this.params, new Set());
    return this.#first;
  }

  private async fetchPage(params: Record<string, unknown>, seen: Set<string>): Promise<Page<Body, Item>> {
    const body = await this.core.request<Body>(this.op, params, this.options);
    const spec = this.op.pagination;
    const next = tokenAt(body, spec.next);
    const items = valueAt(body, spec.items);
    const token = spec.token;
    let nextPage: Promise<Page<Body, Item> | null> | undefined;
    const page = {
      ...(body as object),
      items: Array.isArray(items) ? (items as Item[]) : [],
      nextToken: next,
      hasNextPage: (): boolean => next !== undefined,
      getNextPage: (): Promise<Page<Body, Item> | null> => {
        if (next === undefined) return Promise.resolve(null);
        if (seen.has(next)) return Promise.reject(new PaginationLoopError(this.op.id));
        nextPage ??= this.fetchPage({ ...params, [token]: next }, new Set([...seen, next]));
        return nextPage;
      },
    };
    return page as Page<Body, Item>;
  }
}

function valueAt(body: unknown, path: string): unknown {
  let node = body;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The next token, or undefined when it is absent, null or empty (the end). */
function tokenAt(body: unknown, path: string): string | undefined {
  const value = valueAt(body, path);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}
