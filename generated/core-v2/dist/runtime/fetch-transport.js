export const transport = undefined;
export { follow as send } from './redirects.js';
