import { UsageError } from '../errors.ts';
import { SPECIAL_MEMBERS } from './names.ts';
import type { OperationModel } from './types.ts';

/** Where the config's `names:` puts one operation: `client.<group>.<method>`. */
export interface NameOverride {
  group: string;
  method: string;
}

/** Client members a group cannot replace, and resource members a method cannot. */
const CLIENT_MEMBERS = new Set(['call', 'options', 'request', ...SPECIAL_MEMBERS]);
const RESOURCE_MEMBERS = new Set(['core', 'constructor', ...SPECIAL_MEMBERS]);

/**
 * The config's `names:` (operationId -> `group.method`), checked against the spec's operations:
 * each id must be one, no two entries may name one method, and no name may replace a member the
 * client or a resource has. A mistake is a UsageError located at the entry in the config.
 */
export function readNameOverrides(
  operations: readonly Pick<OperationModel, 'id'>[],
  options: {
    names?: Record<string, string> | undefined;
    namesAt?: Record<string, string> | undefined;
    namesOfOtherVersion?: boolean | undefined;
  },
): Map<string, NameOverride> {
  const overrides = new Map<string, NameOverride>();
  const names = options.names ?? {};
  const ids = new Set(operations.map((o) => o.id));
  const byTarget = new Map<string, string>();
  for (const [id, target] of Object.entries(names)) {
    const fail = (message: string): never => {
      const at = options.namesAt?.[id];
      throw new UsageError(`${at ? `${at}: ` : ''}names: ${message}`);
    };
    if (!ids.has(id)) {
      // The names of a package's current spec, read against an older one: an operation added since has no name there.
      if (options.namesOfOtherVersion) continue;
      fail(`no operation has the id "${id}"`);
    }
    const [group = '', method = '', ...rest] = target.split('.');
    if (rest.length > 0 || !/^[A-Za-z_$][\w$]*$/.test(group) || !/^[A-Za-z_$][\w$]*$/.test(method))
      fail(`"${id}" must map to group.method, got "${target}"`);
    if (CLIENT_MEMBERS.has(group)) fail(`"${target}": the client's own member "${group}" cannot be a group`);
    if (RESOURCE_MEMBERS.has(method)) fail(`"${target}": "${method}" cannot be a method name`);
    const taken = byTarget.get(target);
    if (taken) fail(`"${id}" and "${taken}" both map to ${target}`);
    byTarget.set(target, id);
    overrides.set(id, { group, method });
  }
  return overrides;
}
