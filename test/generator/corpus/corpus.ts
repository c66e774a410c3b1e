/** The spec corpus of test/fixtures/specs/corpus/: where each spec is and how to generate it in-process. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageConfig } from '../../../generator/config.ts';
import { generatePackage } from '../../../generator/generate.ts';
import { ROOT, writeTree } from '../../helpers/cli.ts';

export const CORPUS = join(ROOT, 'test', 'fixtures', 'specs', 'corpus');

/** The client class every corpus package gets. */
export const CLIENT = 'CorpusClient';

export interface CorpusSpec {
  /** `allof`, `multi-file`, ...: the file name without extension, or the folder of a multi-file spec. */
  name: string;
  /** Absolute path of the root document. */
  path: string;
}

/** Every spec that must generate: top-level files, and folders holding an `openapi.yaml` (multi-file specs). */
export function corpusSpecs(): CorpusSpec[] {
  const out: CorpusSpec[] = [];
  for (const entry of readdirSync(CORPUS).sort()) {
    const path = join(CORPUS, entry);
    if (statSync(path).isDirectory()) {
      if (existsSync(join(path, 'openapi.yaml'))) out.push({ name: entry, path: join(path, 'openapi.yaml') });
    } else if (/\.(ya?ml|json)$/.test(entry)) out.push({ name: entry.replace(/\.(ya?ml|json)$/, ''), path });
  }
  return out;
}

/** Every spec that must be refused (test/fixtures/specs/corpus/refused/). */
export function refusedSpecs(): CorpusSpec[] {
  const dir = join(CORPUS, 'refused');
  return readdirSync(dir)
    .sort()
    .map((entry) => ({ name: entry, path: join(dir, entry) }));
}

export function configFor(spec: Pick<CorpusSpec, 'name' | 'path'>, out: string): PackageConfig {
  return { spec: spec.path, out, name: `@corpus/${spec.name}`, client: CLIENT, templates: {} };
}

/**
 * Runs the whole pipeline in this process (load, model, emit, format, and the strict type-check
 * of the package, which throws CompileError with the diagnostics) and writes the files under `out`.
 */
export async function generateInto(spec: CorpusSpec, out: string): Promise<Map<string, string>> {
  const { files } = await generatePackage(configFor(spec, out));
  writeTree(out, files);
  return files;
}
