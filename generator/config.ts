import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import { UsageError } from './errors.ts';
import { isObject } from './load/index.ts';

/** One package to generate. */
export interface PackageConfig {
  /** Absolute path of the spec. */
  spec: string;
  /** Absolute path of the output folder. */
  out: string;
  /** npm package name. */
  name: string;
  /** Client class name. */
  client: string;
  /** Template name -> absolute path of the file that replaces the built-in one. */
  templates: Record<string, string>;
  /** The package's first version (later ones move by semver from the diff of each regeneration). */
  version?: string;
}

/**
 * Reads `xgen.config.yaml`:
 *
 *     packages:
 *       - spec: spec/core-v2.yaml
 *         out: generated/core-v2
 *         name: '@xgen/core-v2'
 *         client: CoreClient
 *     templates:                       # optional, for every package (a package may have its own too)
 *       runtime/pagination.ts: my-templates/pagination.ts.hbs
 */
export function readConfig(path: string): PackageConfig[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`config file ${path} not found (pass --config or use --spec/--out/--name)`);
  }
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new UsageError(`config file ${path} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const base = dirname(resolve(path));
  if (!isObject(raw) || !Array.isArray(raw.packages) || raw.packages.length === 0) {
    throw new UsageError(`${path}: expected a "packages" list`);
  }
  const shared = readTemplates(raw.templates, base, `${path}: templates`);
  return raw.packages.map((entry, i) => {
    const where = `${path}: packages[${i}]`;
    if (!isObject(entry)) throw new UsageError(`${where} must be an object`);
    for (const key of ['spec', 'out', 'name']) {
      if (typeof entry[key] !== 'string' || entry[key] === '') throw new UsageError(`${where}.${key} must be a non-empty string`);
    }
    const name = String(entry.name);
    return {
      spec: resolve(base, String(entry.spec)),
      out: resolve(base, String(entry.out)),
      name,
      client: typeof entry.client === 'string' ? entry.client : defaultClientName(name),
      templates: { ...shared, ...readTemplates(entry.templates, base, `${where}.templates`) },
      ...(typeof entry.version === 'string' ? { version: entry.version } : {}),
    };
  });
}

function readTemplates(raw: unknown, base: string, where: string): Record<string, string> {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw new UsageError(`${where} must map template names to files`);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(raw)) {
    if (typeof file !== 'string') throw new UsageError(`${where}.${name} must be a file path`);
    out[name.replace(/\.hbs$/, '')] = resolve(base, file);
  }
  return out;
}

/** `@acme/pet-store` -> `PetStoreClient`. */
export function defaultClientName(packageName: string): string {
  const last = packageName.split('/').pop() ?? packageName;
  const pascal = last
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return `${/^[0-9]/.test(pascal) ? '_' : ''}${pascal || 'Api'}Client`;
}
