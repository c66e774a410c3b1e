// One call through @xgen/core-v2.
import { CoreClient } from '@xgen/core-v2';

const client = new CoreClient({ auth: { bearerToken: 'TOKEN' } });
console.log(await client.tweets.getPostsByIds({ ids: ['20'] }));
