import * as assert from 'uvu/assert';

/** Asserts that `promise` rejects, with an error whose message matches `expected` (or that passes it). */
export async function rejects(
  promise: Promise<unknown>,
  expected?: RegExp | ((error: unknown) => boolean),
  message?: string,
): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (expected instanceof RegExp) assert.match((error as Error).message, expected, message);
    else if (expected) assert.ok(expected(error), message ?? String(error));
    return;
  }
  assert.unreachable(message ?? 'expected a rejection');
}
