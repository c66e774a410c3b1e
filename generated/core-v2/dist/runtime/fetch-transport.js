export const transport = undefined;
/** Attempts' time limits: a `setTimeout` each (called as plain functions: a browser's refuse another `this`). */
export const setTimer = setTimeout;
export const clearTimer = clearTimeout;
export { follow as send } from './redirects.js';
