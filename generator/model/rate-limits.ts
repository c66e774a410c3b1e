import { type DocumentSet, isObject, type Location } from '../load/index.ts';
import type { ParamModel, RateLimitModel } from './types.ts';

const DURATION = /^(\d+)(ms|s|m|h)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const KEYS = new Set(['requests', 'per', 'when', 'key', 'description']);

/**
 * Reads an operation's `x-rate-limit` (one limit or a list; contract: spec/rate-limits.md):
 * at most `requests` requests in any window of `per`, counted only for requests that set the
 * parameter `when` (when given), in a budget named `key` (default: the operation's own) that
 * operations naming the same key share. Throws a located SpecError on a malformed limit.
 */
export function readRateLimits(
  raw: unknown,
  docs: DocumentSet,
  at: Location,
  operation: { id: string; params: ParamModel[]; bodyFields: string[] },
  /** The budgets seen so far, by key: operations sharing one must state the same limit. */
  budgets: Map<string, { requests: number; windowMs: number; id: string }>,
): RateLimitModel[] {
  if (raw === undefined) return [];
  const extAt: Location = { ...at, tokens: [...at.tokens, 'x-rate-limit'] };
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((limit, index) => {
    const limitAt: Location = Array.isArray(raw)
      ? { ...extAt, tokens: [...extAt.tokens, String(index)] }
      : extAt;
    const keyAt = (key: string): Location => ({ ...limitAt, tokens: [...limitAt.tokens, key] });
    if (!isObject(limit))
      throw docs.error('x-rate-limit must be an object { requests, per } or a list of them', limitAt);
    for (const key of Object.keys(limit)) {
      if (!KEYS.has(key) && !key.startsWith('x-'))
        throw docs.error(
          `x-rate-limit takes no "${key}" (known: requests, per, when, key, description)`,
          keyAt(key),
        );
    }
    const { requests, per, when, key } = limit;
    if (typeof requests !== 'number' || !Number.isInteger(requests) || requests < 1) {
      throw docs.error('x-rate-limit "requests" must be a whole number of at least 1', keyAt('requests'));
    }
    const match = typeof per === 'string' ? DURATION.exec(per) : null;
    if (!match || Number(match[1]) <= 0)
      throw docs.error('x-rate-limit "per" must be a duration such as 60s, 15m or 1h', keyAt('per'));
    const windowMs = Number(match[1]) * (UNIT_MS[match[2] ?? 's'] ?? 1_000);
    if (when !== undefined && typeof when !== 'string')
      throw docs.error('x-rate-limit "when" must name a parameter', keyAt('when'));
    if (
      typeof when === 'string' &&
      !operation.params.some((p) => p.key === when) &&
      !operation.bodyFields.includes(when)
    ) {
      throw docs.error(`x-rate-limit "when": the operation has no parameter "${when}"`, keyAt('when'));
    }
    if (key !== undefined && (typeof key !== 'string' || key === ''))
      throw docs.error('x-rate-limit "key" must be a non-empty string', keyAt('key'));
    // A conditional limit of its own operation is a budget of its own, apart from an unconditional one.
    const budget = typeof key === 'string' ? key : when ? `${operation.id}?${when}` : operation.id;
    const first = budgets.get(budget);
    if (!first) budgets.set(budget, { requests, windowMs, id: operation.id });
    else if (first.requests !== requests || first.windowMs !== windowMs) {
      throw docs.error(
        `x-rate-limit key "${budget}" is shared with ${first.id}, which states a different limit`,
        keyAt('key'),
      );
    }
    return {
      key: budget,
      requests,
      windowMs,
      ...(typeof when === 'string' ? { when } : {}),
    };
  });
}
