// One call through @xgen/core-v2's client class (every resource is built; `call` and `operations` stay reachable).
import { CoreClient } from '@xgen/core-v2';

const client = new CoreClient({ auth: { bearerToken: 'TOKEN' } });
console.log(await client.tweets.getPostsByIds({ ids: ['20'] }));
