/** The model of a one-operation spec whose query parameters each use one of these enum schemas (the enum emitters' tests). */
import { loadSpec } from '../../generator/load/index.ts';
import { buildModel } from '../../generator/model/index.ts';
import type { ApiModel } from '../../generator/model/types.ts';

export function enumModel(schemas: Record<string, object>): ApiModel {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Enums', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'getA',
          parameters: Object.keys(schemas).map((name) => ({
            name: name.toLowerCase(),
            in: 'query',
            schema: { $ref: `#/components/schemas/${name}` },
          })),
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: { schemas },
  };
  return buildModel(loadSpec('enums.json', JSON.stringify(spec)), {
    packageName: '@test/enums',
    clientName: 'EnumsClient',
  });
}
