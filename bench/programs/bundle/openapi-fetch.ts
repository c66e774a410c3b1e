// One call through openapi-fetch, typed by openapi-typescript's output for core-v2.
import createClient from 'openapi-fetch';
import type { paths } from '../../.out/gen/openapi-typescript/core-v2/schema.ts';

const client = createClient<paths>({
  baseUrl: 'https://api.x.com',
  headers: { authorization: 'Bearer TOKEN' },
});
console.log(await client.GET('/2/tweets', { params: { query: { ids: ['20'] } } }));
