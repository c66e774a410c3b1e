// One call through @xdevplatform/xdk.
import { Client } from '@xdevplatform/xdk';

const client = new Client({ bearerToken: 'TOKEN' });
console.log(await client.posts.getByIds(['20']));
