/**
 * Loads a peer from bench/node_modules (or a module by absolute path). The specifier is not a literal
 * on purpose: `npm run lint` type-checks bench/*.ts without the peers installed, so their types must
 * not be needed.
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function peer<T>(name: string): Promise<T> {
  return (await import(isAbsolute(name) ? pathToFileURL(name).href : name)) as T;
}
