import type { OperationSpec, ValueChecks } from './types.js';
/**
 * Checks a call's params against the rules the spec states, before anything is sent.
 * Throws a ValidationError naming the parameter and the rule.
 */
export declare function validateParams(op: OperationSpec, params: Record<string, unknown>): void;
/** Checks one value against its rules; `name` is the path shown in the message. */
export declare function checkValue(op: OperationSpec, name: string, value: unknown, checks: ValueChecks): void;
