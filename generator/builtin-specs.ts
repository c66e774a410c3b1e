import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The specs xgen ships (its package's `spec/`): X's interfaces, hand-written. `--spec xgen:core-v2` (or
 * `spec: xgen:core-v2` in a config) generates X's client into any repository from the installed xgen,
 * with the same versioning, history and migrate path as a spec of one's own.
 */

/** A shipped spec: its file in `spec/` and the client class its packages are named for by default. */
interface BuiltinSpec {
  readonly file: string;
  readonly client: string;
}

/** The shipped specs, by the name after `xgen:`. */
export const BUILTIN_SPECS: Readonly<Record<string, BuiltinSpec>> = {
  'core-v2': { file: 'core-v2.yaml', client: 'CoreClient' },
  'ads-v12': { file: 'ads-v12.yaml', client: 'AdsClient' },
};

const PREFIX = 'xgen:';

/** Whether a spec argument names a shipped spec (`xgen:core-v2`), known or not. */
export function isBuiltinSpecName(spec: string): boolean {
  return spec.startsWith(PREFIX);
}

/**
 * The shipped spec `xgen:<name>` names: its absolute path and default client class name; undefined for
 * a name xgen does not ship (the caller lists `BUILTIN_SPECS`).
 */
export function builtinSpec(spec: string): { path: string; client: string } | undefined {
  const name = spec.slice(PREFIX.length);
  const known = Object.hasOwn(BUILTIN_SPECS, name) ? BUILTIN_SPECS[name] : undefined;
  return known ? { path: join(SPEC_DIR, known.file), client: known.client } : undefined;
}

/** `xgen:core-v2, xgen:ads-v12`: for a message about a name that is not one. */
export function builtinSpecNames(): string {
  return Object.keys(BUILTIN_SPECS)
    .map((name) => PREFIX + name)
    .join(', ');
}

/** Walks up from this file (in `generator/` or the built `dist/generator/`) to the package's `spec/`. */
const SPEC_DIR = ((start: string): string => {
  for (let dir = start, i = 0; i < 5; i++, dir = dirname(dir)) {
    const candidate = join(dir, 'spec');
    if (existsSync(join(candidate, 'core-v2.yaml'))) return candidate;
  }
  return resolve(start, '..', 'spec');
})(dirname(fileURLToPath(import.meta.url)));
