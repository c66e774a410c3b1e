/** The two generated packages as contract-test targets, each with the spec it was generated from. */
import { resolve } from 'node:path';
import { CoreClient, operations as coreOperations } from '../../generated/core-v2/src/index.js';
import { AdsClient, operations as adsOperations } from '../../generated/ads-v12/src/index.js';
import type { ContractTarget, OperationDescriptor } from './harness.ts';
import { readSpec } from './spec-schemas.ts';

const root = resolve(import.meta.dirname, '..', '..');

export const CORE_SPEC = resolve(root, 'spec/core-v2.yaml');
export const ADS_SPEC = resolve(root, 'spec/ads-v12.yaml');

type Options = NonNullable<ConstructorParameters<typeof CoreClient>[0]> &
  NonNullable<ConstructorParameters<typeof AdsClient>[0]>;

export function coreTarget(): ContractTarget {
  return {
    name: 'core-v2',
    doc: readSpec(CORE_SPEC),
    operations: coreOperations as unknown as Record<string, OperationDescriptor>,
    makeClient: ({ origin, auth, fetch }) => {
      const client = new CoreClient({ baseUrl: origin, auth: auth as Options['auth'], fetch, maxRetries: 0 });
      return {
        call: (id, params, options) => (client.call as (...a: unknown[]) => unknown)(id, params, options),
      };
    },
  };
}

export function adsTarget(): ContractTarget {
  return {
    name: 'ads-v12',
    doc: readSpec(ADS_SPEC),
    operations: adsOperations as unknown as Record<string, OperationDescriptor>,
    makeClient: ({ origin, auth, fetch }) => {
      // Prism serves both hosts: the sandbox-only operations go to the same origin.
      const client = new AdsClient({
        baseUrl: origin,
        sandboxBaseUrl: origin,
        auth: auth as Options['auth'],
        fetch,
        maxRetries: 0,
      });
      return {
        call: (id, params, options) => (client.call as (...a: unknown[]) => unknown)(id, params, options),
      };
    },
  };
}
