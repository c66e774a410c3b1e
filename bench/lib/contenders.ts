/**
 * Where each contender runs: a folder of its own outside the repository, empty, as a user's fresh
 * project would be. A tool started in a folder that holds another tool's configuration reads it:
 * openapi-typescript started in this repository's root finds `redocly.yaml` and lints with it (1.41x
 * slower in the 29 Nov rerun); hey-api and orval look for their own config files; a package.json or
 * tsconfig.json above the folder can change how a tool resolves or writes. Every tool gets its own
 * configuration by an explicit path instead.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';

/** The configuration files each tool reads from the folder it starts in (or above it). */
export const CONFIG_FILES: Record<string, RegExp> = {
  xgen: /^xgen\.config\.(ya?ml|json)$/,
  'openapi-typescript': /^\.?redocly\.ya?ml$/,
  heyapi: /^(openapi-ts\.config\.[cm]?[jt]s|\.openapi-tsrc.*)$/,
  orval: /^orval\.config\.[cm]?[jt]s$/,
  // Project files: any tool may read them (module type, compiler options, a config key).
  project: /^(package\.json|tsconfig(\..+)?\.json|\.oxfmtrc\.json|\.prettierrc.*)$/,
};

/** The tool whose configuration a tool's name stands for (xgen-sources and xgen-both are xgen). */
const ownerOf = (tool: string): string => (tool.startsWith('xgen') ? 'xgen' : tool);

/**
 * The configuration files a tool started in `folder` could read that the bench did not give it, as
 * absolute paths: in the folder, any but the tool's own kind; above it, any (a redocly.yaml above is
 * not the bench's configuration for openapi-typescript either). Empty for a neutral working folder.
 */
export function foreignConfigs(folder: string, tool: string): string[] {
  const owner = ownerOf(tool);
  const found: string[] = [];
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      // A folder above that cannot be read holds nothing the tool could read either.
    }
    for (const name of names) {
      for (const [kind, pattern] of Object.entries(CONFIG_FILES))
        if ((kind !== owner || dir !== resolve(folder)) && pattern.test(name)) found.push(join(dir, name));
    }
    if (dirname(dir) === dir) return found;
  }
}

let root: string | undefined;

/** This process's folder of working folders, removed when it exits. */
function workingRoot(): string {
  if (root === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'xgen-bench-cwd-'));
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
    root = made;
  }
  return root;
}

/**
 * The working folder of a contender: outside the repository (`repository`, when given, must not
 * contain it), holding nothing but copies of `configs` (the tool's own configuration files), and
 * with no other tool's configuration in it or above it, or this throws.
 */
export function contenderFolder(tool: string, repository?: string, configs: string[] = []): string {
  const folder = join(workingRoot(), tool);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  for (const config of configs) copyFileSync(config, join(folder, basename(config)));
  if (repository !== undefined && !relative(repository, folder).startsWith('..'))
    throw new Error(`bench: ${tool}'s working folder ${folder} is inside the repository`);
  const foreign = foreignConfigs(folder, tool);
  if (foreign.length > 0)
    throw new Error(
      `bench: ${tool}'s working folder ${folder} sees other configuration: ${foreign.join(', ')}`,
    );
  return folder;
}
