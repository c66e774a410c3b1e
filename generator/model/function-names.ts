import { NameTable } from './names.ts';

/**
 * The values `functions.ts` declares or imports besides the operation functions, which must not
 * take their names: a function named `createCore` would shadow the core factory it re-exports.
 */
const FUNCTIONS_MODULE_VALUES = [
  'createCore',
  'oauth1Auth',
  'appOnlyAuth',
  'request',
  'buildUrl',
  'ops',
  'then',
];

/**
 * The `/functions` export of each operation, by operationId, in the order given (the client's):
 * its descriptor's name, numbered when the module needs that name itself (an operation
 * `createCore` gets `createCore2`). Decided here once: the emitters, the README and the API
 * snapshot all read it.
 */
export function functionNames(operations: readonly { id: string; constName: string }[]): Map<string, string> {
  const table = new NameTable(FUNCTIONS_MODULE_VALUES);
  return new Map(operations.map((op) => [op.id, table.claim(op.constName)]));
}
