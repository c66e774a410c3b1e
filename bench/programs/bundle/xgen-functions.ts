// One call through @xgen/core-v2's tree-shakable entry: a function per operation, taking a core.
import { createCore, getPostsByIds } from '@xgen/core-v2/functions';

const core = createCore({ auth: { bearerToken: 'TOKEN' } });
console.log(await getPostsByIds(core, { ids: ['20'] }));
