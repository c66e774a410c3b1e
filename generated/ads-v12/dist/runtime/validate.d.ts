import type { OperationSpec, ValueChecks } from './types.js';
/**
 * Checks a call's params against the rules the spec states, before anything is sent.
 * Throws a ValidationError naming the parameter and the rule.
 */
export declare function validateParams(op: OperationSpec, params: Record<string, unknown>): void;
/** A param the caller set: never one inherited from Object.prototype (a query `toString`). */
export declare function own(params: Record<string, unknown>, key: string): unknown;
/**
 * Checks one value against its rules; `name` is the path shown in the message, with `[index]`
 * added for an array item (built only when a message or a nested check needs it).
 */
export declare function checkValue(
  op: OperationSpec,
  name: string,
  value: unknown,
  checks: ValueChecks,
  index?: number,
): void;
/**
 * Required properties, each property's own checks, and the one shape of a union the object must
 * match. Descriptors refer to it (`ValueChecks.object`) where they check objects.
 */
export declare function checkObject(
  op: OperationSpec,
  name: string,
  value: Record<string, unknown>,
  checks: ValueChecks,
): void;
