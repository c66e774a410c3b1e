// One call through @xgen/core-v2's tree-shakable entry, the operation issue 53 sizes: a POST with path and query checks.
import { createCore, createWebhooksStreamLink } from '@xgen/core-v2/functions';

const core = createCore({ auth: { bearerToken: 'TOKEN' } });
console.log(await createWebhooksStreamLink(core, { webhook_id: '123' }));
