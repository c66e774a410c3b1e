import { type DocumentSet, isObject, type Location } from '../load/index.ts';

/**
 * The cross-field rules `x-validation` may name (contract: spec/ads-validation-rules.md), with the
 * arguments each takes. A rule the runtime does not implement is a spec error, so a spec can
 * never depend on a check that silently does nothing.
 */
const RULES: Record<string, { required: string[]; optional: string[] }> = {
  mutuallyExclusive: { required: ['fields'], optional: [] },
  exactlyOne: { required: ['fields'], optional: [] },
  atLeastOne: { required: ['fields'], optional: [] },
  requiredWhen: { required: ['fields', 'when'], optional: [] },
  forbiddenWhen: { required: ['field', 'when'], optional: ['values'] },
  compare: { required: ['field', 'op', 'other'], optional: ['otherDefault'] },
  itemCount: { required: ['fields'], optional: ['min', 'max', 'where'] },
  granularity: { required: ['fields', 'unit', 'mode'], optional: [] },
  maxSpan: { required: ['from', 'to', 'max'], optional: ['toDefault'] },
  maxAhead: { required: ['field', 'max'], optional: [] },
  maxBodyBytes: { required: ['max'], optional: [] },
};
const COMMON = ['rule', 'message', 'at', 'when'];
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

/** Reads and checks an operation's `x-validation` list; throws a located SpecError on a bad rule. */
export function readRules(raw: unknown, docs: DocumentSet, at: Location): Record<string, unknown>[] {
  if (raw === undefined) return [];
  const listAt: Location = { ...at, tokens: [...at.tokens, 'x-validation'] };
  if (!Array.isArray(raw)) throw docs.error('x-validation must be a list of rule objects', listAt);
  return raw.map((rule, index) => {
    const ruleAt: Location = { ...listAt, tokens: [...listAt.tokens, String(index)] };
    if (!isObject(rule) || typeof rule.rule !== 'string')
      throw docs.error('an x-validation entry needs a "rule" name', ruleAt);
    const known = RULES[rule.rule];
    if (!known) {
      throw docs.error(
        `unknown x-validation rule "${rule.rule}"; known rules: ${Object.keys(RULES).join(', ')}`,
        {
          ...ruleAt,
          tokens: [...ruleAt.tokens, 'rule'],
        },
      );
    }
    for (const key of known.required) {
      if (rule[key] === undefined)
        throw docs.error(`x-validation rule "${rule.rule}" needs "${key}"`, ruleAt);
    }
    for (const key of Object.keys(rule)) {
      if (!COMMON.includes(key) && !known.required.includes(key) && !known.optional.includes(key)) {
        throw docs.error(`x-validation rule "${rule.rule}" takes no argument "${key}"`, {
          ...ruleAt,
          tokens: [...ruleAt.tokens, key],
        });
      }
    }
    for (const key of ['max'] as const) {
      if (
        (rule.rule === 'maxSpan' || rule.rule === 'maxAhead') &&
        (typeof rule[key] !== 'string' || !DURATION.test(rule[key]))
      ) {
        throw docs.error(
          `x-validation rule "${rule.rule}": "${key}" must be an ISO 8601 duration such as P7D`,
          { ...ruleAt, tokens: [...ruleAt.tokens, key] },
        );
      }
    }
    if (rule.rule === 'compare' && !['lt', 'lte', 'gt', 'gte'].includes(String(rule.op))) {
      throw docs.error('x-validation rule "compare": "op" must be lt, lte, gt or gte', {
        ...ruleAt,
        tokens: [...ruleAt.tokens, 'op'],
      });
    }
    return rule;
  });
}
