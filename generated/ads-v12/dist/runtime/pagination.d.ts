import { type RateLimit } from './errors.js';
import { OperationCall } from './operation-call.js';
import type { PaginatedOperationSpec, RequestOptions } from './types.js';
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
export declare class PaginationLoopError extends Error {
  readonly operationId: string;
  /** How many pages had been fetched when the repeat showed up. */
  readonly pages: number;
  readonly name = 'PaginationLoopError';
  constructor(
    operationId: string,
    /** How many pages had been fetched when the repeat showed up. */
    pages: number,
  );
}
/**
 * The result of a paginated method: `await` it for the first page, iterate it with
 * `for await` for every item across pages, or call `.pages()` for page after page. Paging
 * stops only when the next token is absent or the cursor is null (a short page is not the
 * end), and never requests a token twice: a repeated one rejects with `PaginationLoopError`.
 * `ThisPage`: the type of a page (`Page<Body, Item>`, or a narrowed operation's page interface).
 */
export declare class PagePromise<Body, Item, ThisPage extends PageMembers<Item, ThisPage> = Page<Body, Item>>
  extends OperationCall<PaginatedOperationSpec, PaginationOptions>
  implements PromiseLike<ThisPage>, AsyncIterable<Item>
{
  #private;
  then<A = ThisPage, B = never>(
    onFulfilled?: ((page: ThisPage) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B>;
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<ThisPage | B>;
  finally(onFinally?: (() => void) | null): Promise<ThisPage>;
  /** Every page in order, within `maxPages` (and `maxItems`). Pages already walked are not kept. */
  pages(): AsyncGenerator<ThisPage, void, undefined>;
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined>;
  /**
   * Polls for new items only, with `since_id`: each round walks every page newer than the newest
   * id seen so far and yields its items (in the order the server sends them), then waits
   * `intervalMs`. Without a `since_id` in the params, the first round only notes the newest id.
   * Ends quietly when the signal aborts; only for operations that take `since_id`.
   */
  poll(options?: PollOptions): AsyncGenerator<Item, void, undefined>;
  private first;
  /** Fetches one page; `trail` holds the tokens requested before it, for `getNextPage`'s loop check. */
  private fetchPage;
}
/** The `rel="next"` target of a `Link` header (RFC 8288), or undefined. */
export declare function nextLink(header: string | null): string | undefined;
