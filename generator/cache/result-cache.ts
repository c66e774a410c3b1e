import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SpecError } from '../errors.ts';
import { markUsed, removeLeastRecentlyUsed, writeEntry } from '../lru-folder.ts';
import { isUrl } from '../urls.ts';
import { generatorIdentity } from './identity.ts';

/** A spec file the output was made from, by absolute path, with the sha256 of the text read. */
type Dependency = [file: string, sha256: string];

interface Entry {
  deps: Dependency[];
  files: [path: string, text: string][];
  report?: { warnings: WarningRecord[]; inferred: CachedReport['inferred']; notes?: WarningRecord[] };
}

/** The package settings a result is keyed on (a package config has these, and more that do not shape output). */
export interface CacheKeySettings {
  spec: string;
  name: string;
  client: string;
  license?: string;
  /** The config's `testing:`: `msw: true` adds files. */
  testing?: { msw?: boolean };
  /** The config's `names:`: they rename methods, so they are part of the key. */
  names?: Record<string, string>;
  templates: Record<string, string>;
  overlays?: string[];
}

/** What a run reported beside its files, kept with the result (generate's report has this shape). */
export interface CachedReport {
  warnings: SpecError[];
  inferred: { paginated: number; streams: number };
  notes: SpecError[];
}

type WarningRecord = Pick<SpecError, 'reason' | 'file' | 'pointer' | 'line' | 'column'>;

/** Results kept; the least recently used go first. A result of X's 2.159 spec is about 2 MB. */
const MAX_ENTRIES = 32;

/**
 * Generated packages by what they were made from, so that regenerating unchanged inputs skips
 * the pipeline (`npm run generate` as a build step, `--check` in a hook). Like a compiler's
 * incremental build, a result is used only when every input is the same: the generator itself
 * and its tools (`generatorIdentity`), the package's settings and template overrides, and the
 * text of every spec and overlay file the load stage read (recorded with the result, `$ref`ed
 * files included). Output is a pure function of those, so a hit is byte-identical to a fresh run.
 * A damaged or unreadable entry is a miss; a cache that cannot be written is skipped.
 */
export class ResultCache {
  constructor(readonly dir: string) {}

  /**
   * Where a package's result is kept: named by the hash of the generator, the package's settings
   * and its template overrides (the spec texts are checked against the entry's own record). Taken
   * once per package, before generating, so the result is stored under the templates it was made with.
   */
  entryFor(config: CacheKeySettings): string {
    const templates = Object.entries(config.templates)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, file]) => [name, sha256(readTextOrEmpty(file))]);
    // Overlays by path here (their texts are recorded with the entry, like the specs'); `strict` is
    // not part of the key: it only decides whether the recorded warnings refuse the result.
    const overlays = config.overlays ?? [];
    const key = sha256(
      JSON.stringify({
        generator: generatorIdentity(),
        spec: config.spec,
        name: config.name,
        client: config.client,
        license: config.license ?? null,
        templates,
        overlays,
        names: config.names ?? null,
        ...(config.testing?.msw ? { testing: config.testing } : {}),
      }),
    );
    return join(this.dir, `${key}.json`);
  }

  /**
   * The files generated before from the same inputs (`entryFor`), with that run's report, or undefined.
   * `remote`: the documents of a spec given by URL, as just fetched, by URL (compared like files).
   */
  lookup(
    path: string,
    remote?: ReadonlyMap<string, string>,
  ): { files: Map<string, string>; report: CachedReport; deps: string[] } | undefined {
    let entry: Entry;
    try {
      entry = JSON.parse(readFileSync(path, 'utf8')) as Entry;
      if (
        !Array.isArray(entry.deps) ||
        !Array.isArray(entry.files) ||
        !entry.report ||
        !Array.isArray(entry.report.warnings)
      )
        return undefined;
      for (const [file, sha] of entry.deps) {
        const text = isUrl(file) ? remote?.get(file) : readFileSync(file, 'utf8');
        if (text === undefined || sha256(text) !== sha) return undefined;
      }
    } catch {
      return undefined;
    }
    // Only the eviction order depends on it.
    markUsed(path);
    const { warnings, inferred, notes = [] } = entry.report;
    const located = (w: WarningRecord): SpecError =>
      new SpecError(w.reason, w.file, w.pointer, w.line, w.column);
    return {
      files: new Map(entry.files),
      deps: entry.deps.map(([file]) => file),
      report: { warnings: warnings.map(located), inferred, notes: notes.map(located) },
    };
  }

  /** Records a package's files at `path` (`entryFor`) with the hashes of the spec texts it was made from. */
  store(
    path: string,
    inputs: { file: string; sha256: string }[],
    files: Map<string, string>,
    report: CachedReport,
  ): void {
    const record = ({ reason, file, pointer, line, column }: SpecError): WarningRecord => ({
      reason,
      file,
      pointer,
      line,
      column,
    });
    const recorded = {
      warnings: report.warnings.map(record),
      inferred: report.inferred,
      notes: report.notes.map(record),
    };
    const entry: Entry = {
      deps: inputs.map(({ file, sha256 }) => [file, sha256]),
      files: [...files],
      report: recorded,
    };
    if (writeEntry(path, JSON.stringify(entry))) this.evict(path);
  }

  /** Keeps the MAX_ENTRIES most recently used results, the one just written among them. */
  private evict(written: string): void {
    try {
      const names = readdirSync(this.dir).filter((name) => name.endsWith('.json'));
      removeLeastRecentlyUsed(this.dir, names, { maxEntries: MAX_ENTRIES }, new Set([basename(written)]));
    } catch {
      // A folder that cannot be listed is left as it is.
    }
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function readTextOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
