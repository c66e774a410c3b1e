import { existsSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, extname, resolve } from 'node:path';
import type * as Yaml from 'yaml';
import type { Document, Node } from 'yaml';
import { builtinSpec, builtinSpecNames, isBuiltinSpecName } from './builtin-specs.ts';
import { schemaProblem } from './config-schema.ts';
import { UsageError } from './errors.ts';
import { isObject } from './load/index.ts';
import { hasUserInfo, isUrl, USER_INFO_REFUSED } from './urls.ts';

/** The file names a config may have (JSON is read as the YAML it is a subset of). */
const CONFIG_EXTENSIONS = ['.yaml', '.yml', '.json'];

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
  /** `strict: true`: every located warning becomes an error. */
  strict?: boolean;
  /** OpenAPI Overlay files applied before loading (absolute paths, in order). */
  overlays?: string[];
  /** The first version of the package (semver). */
  version?: string;
  /** The generated package.json's `license` (an SPDX identifier or expression). */
  license?: string;
  /** The testing entry's options: `msw: true` adds `testing/msw` (MSW request handlers). */
  testing?: { msw?: boolean };
  /** operationId -> `group.method`: where an operation's method is, over its tag and the naming rule. */
  names?: Record<string, string>;
  /** Where each `names` entry is written (`file:line:column`), for errors found once the spec is read. */
  namesAt?: Record<string, string>;
}

/** The keys a package entry may have, and the top-level keys of the file. */
export const PACKAGE_KEYS = [
  'spec',
  'out',
  'name',
  'client',
  'templates',
  'strict',
  'overlays',
  'version',
  'license',
  'names',
  'testing',
] as const;
export const TOP_LEVEL_KEYS = ['packages', 'templates'] as const;

type Path = (string | number)[];

/*
 * The yaml library, loaded (by `require`: it ships CommonJS) when a config file is read: a
 * `--spec` run, which reads none but imports this module for its name checks, does not load its
 * sixty files before the spec.
 */
let yamlLibrary: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (yamlLibrary ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

/** Locates config problems in the file: `file:line:column: message`. */
class Located {
  private readonly lines = new (yaml().LineCounter)();
  readonly doc: Document;
  constructor(
    readonly file: string,
    text: string,
  ) {
    this.doc = yaml().parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
  }

  /** Where the value at `path` starts (or, with `key`, the key itself), else the nearest enclosing node. */
  private position(path: Path, key: boolean): string {
    for (let n = path.length; n >= 0; n--) {
      const node = this.node(path.slice(0, n), key && n === path.length);
      const offset = node?.range?.[0];
      if (offset !== undefined) {
        const { line, col } = this.lines.linePos(offset);
        return `${line}:${col}`;
      }
    }
    return '1:1';
  }

  private node(path: Path, key: boolean): Node | undefined {
    if (!key) return (path.length === 0 ? this.doc.contents : this.doc.getIn(path, true)) as Node | undefined;
    const parent = path.length === 1 ? this.doc.contents : this.doc.getIn(path.slice(0, -1), true);
    const { isMap, isPair, isScalar } = yaml();
    if (!isMap(parent)) return undefined;
    const pair = parent.items.find(
      (p) => isPair(p) && isScalar(p.key) && p.key.value === path[path.length - 1],
    );
    return (pair?.key ?? undefined) as Node | undefined;
  }

  /** `line:column` of a character offset. */
  lineColumn(offset: number): string {
    const { line, col } = this.lines.linePos(offset);
    return `${line}:${col}`;
  }

  /** `file:line:column` of the value at `path` (with `key`, of the key itself). */
  where(path: Path, key = false): string {
    return `${this.file}:${this.position(path, key)}`;
  }

  error(path: Path, message: string, key = false): UsageError {
    return new UsageError(`${this.file}:${this.position(path, key)}: ${message}`);
  }
}

/** `packages[0].client` */
function dotted(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * Reads and validates `xgen.config.yaml`; every mistake is a UsageError located `file:line:column`:
 *
 *     packages:
 *       - spec: spec/core-v2.yaml
 *         out: generated/core-v2
 *         name: '@xgen/core-v2'
 *         client: CoreClient           # optional: derived from the name otherwise
 *         license: MIT                 # optional: else the spec's info.license
 *         names:                       # optional: operationId -> group.method, over tags and the naming rule
 *           getUsersPosts: posts.getUsersPosts
 *     templates:                       # optional, for every package (a package may have its own too)
 *       runtime/pagination.ts: my-templates/pagination.ts.hbs
 */
export function readConfig(path: string, options: { specsMustExist?: boolean } = {}): PackageConfig[] {
  // YAML, or JSON (which YAML reads too); a config in code would run a user's program: not read.
  const extension = extname(path).toLowerCase();
  if (extension !== '' && !CONFIG_EXTENSIONS.includes(extension)) {
    throw new UsageError(
      `${path}: a config is YAML or JSON (${CONFIG_EXTENSIONS.join(', ')}), not ${extension}: write it as xgen.config.yaml or xgen.config.json`,
    );
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`config file ${path} not found (pass --config or use --spec/--out/--name)`);
  }
  const at = new Located(path, text);
  const syntax = at.doc.errors[0];
  if (syntax) {
    // The location goes in front, as in every other config error; the reason is yaml's whole first line.
    const reason = syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new UsageError(`${path}:${at.lineColumn(syntax.pos[0])}: invalid YAML: ${reason}`);
  }
  const raw: unknown = at.doc.toJS();
  if (!isObject(raw)) throw at.error([], 'expected a mapping with a "packages" list');
  checkKeys(at, raw, [], TOP_LEVEL_KEYS);
  if (!Array.isArray(raw.packages) || raw.packages.length === 0) {
    throw at.error(
      raw.packages === undefined ? [] : ['packages'],
      'expected a "packages" list with at least one package',
    );
  }
  const base = dirname(resolve(path));
  const shared = readTemplates(at, raw.templates, base, ['templates']);
  const configs = raw.packages.map((entry, i): PackageConfig => {
    const where: Path = ['packages', i];
    if (!isObject(entry)) throw at.error(where, `${dotted(where)} must be a mapping (spec, out, name, ...)`);
    checkKeys(at, entry, where, PACKAGE_KEYS);
    for (const key of ['spec', 'out', 'name']) {
      if (typeof entry[key] !== 'string' || entry[key] === '') {
        throw at.error(
          entry[key] === undefined ? where : [...where, key],
          `${dotted([...where, key])} must be a non-empty string`,
        );
      }
    }
    const name = String(entry.name);
    const nameProblem = packageNameProblem(name);
    if (nameProblem)
      throw at.error([...where, 'name'], `"${name}" is not a valid npm package name: ${nameProblem}`);
    let spec = String(entry.spec);
    // `xgen:core-v2`: a spec xgen ships, with its client class name unless the entry names one.
    const builtin = isBuiltinSpecName(spec) ? builtinSpec(spec) : undefined;
    if (isBuiltinSpecName(spec) && !builtin)
      throw at.error([...where, 'spec'], `${dotted([...where, 'spec'])}: xgen ships ${builtinSpecNames()}`);
    if (builtin) spec = builtin.path;
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(spec) && !isUrl(spec))
      throw at.error(
        [...where, 'spec'],
        `${dotted([...where, 'spec'])}: only http(s) URLs and file paths are read`,
      );
    if (hasUserInfo(spec))
      throw at.error([...where, 'spec'], `${dotted([...where, 'spec'])}: ${USER_INFO_REFUSED}`);
    const config: PackageConfig = {
      spec: isUrl(spec) ? spec : resolve(base, spec),
      out: resolve(base, String(entry.out)),
      name,
      client: builtin?.client ?? defaultClientName(name),
      templates: { ...shared, ...readTemplates(at, entry.templates, base, [...where, 'templates']) },
    };
    if (entry.client !== undefined) {
      const problem = typeof entry.client === 'string' ? classNameProblem(entry.client) : 'must be a string';
      if (problem) throw at.error([...where, 'client'], `${dotted([...where, 'client'])} ${problem}`);
      config.client = String(entry.client);
    }
    if (entry.strict !== undefined) {
      if (typeof entry.strict !== 'boolean')
        throw at.error([...where, 'strict'], `${dotted([...where, 'strict'])} must be true or false`);
      config.strict = entry.strict;
    }
    if (entry.overlays !== undefined) {
      const list = entry.overlays;
      if (!Array.isArray(list))
        throw at.error(
          [...where, 'overlays'],
          `${dotted([...where, 'overlays'])} must be a list of file paths`,
        );
      config.overlays = list.map((file, j) => {
        if (typeof file !== 'string' || file === '')
          throw at.error(
            [...where, 'overlays', j],
            `${dotted([...where, 'overlays', j])} must be a file path`,
          );
        return resolve(base, file);
      });
    }
    if (entry.version !== undefined) {
      if (typeof entry.version !== 'string' || !SEMVER.test(entry.version)) {
        throw at.error(
          [...where, 'version'],
          `${dotted([...where, 'version'])} must be a semver version such as '1.0.0' (quoted), got ${JSON.stringify(entry.version)}`,
        );
      }
      config.version = entry.version;
    }
    if (entry.license !== undefined) {
      if (typeof entry.license !== 'string' || !/^[A-Za-z0-9][\w.+:()\- ]*$/.test(entry.license)) {
        throw at.error(
          [...where, 'license'],
          `${dotted([...where, 'license'])} must be an SPDX license identifier or expression such as MIT`,
        );
      }
      config.license = entry.license;
    }
    if (entry.testing !== undefined) {
      const testing = entry.testing;
      const keys =
        testing && typeof testing === 'object' && !Array.isArray(testing) ? Object.keys(testing) : null;
      const msw = keys ? (testing as Record<string, unknown>).msw : undefined;
      if (!keys || keys.some((k) => k !== 'msw') || (msw !== undefined && typeof msw !== 'boolean')) {
        throw at.error(
          [...where, 'testing'],
          `${dotted([...where, 'testing'])} must be an object such as { msw: true }`,
        );
      }
      config.testing = msw === undefined ? {} : { msw };
    }
    if (entry.names !== undefined) {
      config.names = readNames(at, entry.names, [...where, 'names']);
      config.namesAt = Object.fromEntries(
        Object.keys(config.names).map((id) => [id, at.where([...where, 'names', id], true)]),
      );
    }
    // A spec that is not there is a mistake in the config (exit 2), not a problem in a spec.
    if (options.specsMustExist && !isUrl(spec) && !existsSync(config.spec)) {
      throw at.error(
        [...where, 'spec'],
        `spec file not found: ${spec} (from the config's folder: ${config.spec})`,
      );
    }
    return config;
  });
  // The checks above give the precise messages; the schema editors use must never reject what they let through.
  const problem = schemaProblem(raw);
  if (problem)
    throw at.error(
      problem.path,
      `${dotted(problem.path) || 'the config'} ${problem.message} (generator/config.schema.json)`,
    );
  return configs;
}

/** `names:` operationId -> `group.method`, each a plain identifier (`posts.getUsersPosts`). */
function readNames(at: Located, raw: unknown, where: Path): Record<string, string> {
  if (!isObject(raw))
    throw at.error(
      where,
      `${dotted(where)} must be a mapping of operationId to group.method, such as getUsersPosts: posts.getUsersPosts`,
    );
  const names: Record<string, string> = {};
  for (const [id, value] of Object.entries(raw)) {
    if (typeof value !== 'string' || !/^[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*$/.test(value)) {
      throw at.error(
        [...where, id],
        `${dotted([...where, id])} must be group.method (two identifiers joined by a dot), got ${JSON.stringify(value)}`,
      );
    }
    names[id] = value;
  }
  return names;
}

/** Semantic Versioning 2.0.0, as semver.org gives it. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

function checkKeys(
  at: Located,
  object: Record<string, unknown>,
  where: Path,
  known: readonly string[],
): void {
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    const guess = didYouMean(key, known);
    const inside = where.length > 0 ? ` in ${dotted(where)}` : '';
    throw at.error(
      [...where, key],
      `unknown key "${key}"${inside}${guess ? ` (did you mean "${guess}"?)` : `; known keys: ${known.join(', ')}`}`,
      true,
    );
  }
}

/** The known word closest to `word`, when it is close enough to be a typo. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= Math.max(1, Math.min(3, Math.floor((best?.length ?? 0) / 3))) ? best : undefined;
}

/** Damerau-Levenshtein distance (adjacent swaps count once: `clinet` is one from `client`). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function readTemplates(at: Located, raw: unknown, base: string, where: Path): Record<string, string> {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw at.error(where, `${dotted(where)} must map template names to files`);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(raw)) {
    if (typeof file !== 'string' || file === '')
      throw at.error([...where, name], `${dotted(where)}.${name} must be a file path`);
    out[name.replace(/\.hbs$/, '')] = resolve(base, file);
  }
  return out;
}

/**
 * Why `name` cannot be published as a new npm package (npm's rules, as validate-npm-package-name
 * applies them to new packages), or undefined when it can.
 */
export function packageNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.length > 214) return 'it is longer than 214 characters';
  if (name.trim() !== name) return 'it has leading or trailing spaces';
  if (/[A-Z]/.test(name)) return 'it has capital letters (npm names are lowercase)';
  if (/[~'!()*]/.test(name)) return "it has one of the characters ~'!()*";
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(name);
  if (name.startsWith('@') && !scoped) return 'a scoped name is @scope/name';
  if (!scoped && name.includes('/')) return 'it has a "/" but no @scope';
  const bare = scoped ? scoped[2]! : name;
  if (/^[._]/.test(bare)) return 'it starts with "." or "_"';
  for (const part of scoped ? [scoped[1]!, bare] : [bare]) {
    if (encodeURIComponent(part) !== part) return 'it has characters that are not URL-safe (such as spaces)';
  }
  if (!scoped && (builtinModules.includes(name) || ['node_modules', 'favicon.ico'].includes(name)))
    return 'it is a reserved name';
  return undefined;
}

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'.split(
    ' ',
  ),
);

/** Why `name` cannot be the generated client's class name, or undefined when it can. */
export function classNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name))
    return `must be a class name (letters, digits, _ and $, not starting with a digit), got "${name}"`;
  if (RESERVED.has(name)) return `must not be a reserved word, got "${name}"`;
  return undefined;
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
