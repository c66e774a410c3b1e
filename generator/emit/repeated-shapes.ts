import type { ApiModel, ValueChecks } from '../model/types.ts';

/** Shapes whose key is shorter than this stay inline: a constant would not pay for itself. */
const MIN_SHAPE_KEY = 200;

const keys = new WeakMap<ValueChecks, string>();

/**
 * What identifies a check's rendering: its rules, as JSON (the same rules render the same code),
 * less a body field's `required`, which its descriptor says rather than its check.
 */
export function shapeKey(c: ValueChecks & { required?: boolean }): string {
  let key = keys.get(c);
  if (key === undefined) {
    const { required: _, ...rules } = c;
    keys.set(c, (key = JSON.stringify(rules)));
  }
  return key;
}

/**
 * The unnamed checks (inline schemas) that occur more than once in a package's operations, by
 * shapeKey. Stripe's form bodies repeat the same inline objects and enums (the 300-value merchant
 * category list twelve times): half of its `operations.ts`, each copy type-checked, emitted and
 * bundled. A shape inside one that repeats is counted once per place its parent is written, so
 * only shapes that repeat on their own get a constant.
 */
export function repeatedShapes(model: ApiModel): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const visit = (c: ValueChecks | undefined): void => {
    if (!c) return;
    if (c.schema === undefined) {
      const key = shapeKey(c);
      if (key.length >= MIN_SHAPE_KEY) {
        if (seen.has(key)) {
          repeated.add(key);
          return;
        }
        seen.add(key);
      }
    }
    visit(c.items);
    for (const inner of Object.values(c.properties ?? {})) visit(inner);
    for (const inner of c.oneOf ?? []) visit(inner);
  };
  // Bodies only: parameters' checks that repeat are shared whole (argument-checks.ts).
  for (const op of model.operations) {
    if (!op.body) continue;
    for (const field of Object.values(op.body.fieldChecks)) visit(field);
    visit(op.body.checks);
  }
  return repeated;
}
