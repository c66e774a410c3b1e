/**
 * Generation time grows no faster than linearly with spec size. A spec is built by repeating a
 * corpus fixture 1, 10 and 50 times (every path, operationId and component suffixed, every
 * reference rewritten); the pipeline is timed in two parts, load+model+emit+format (median of
 * three runs) and the strict compile (median of two), and the time per operation at 50x must be
 * at most twice the time per operation at 10x (generous: machines are noisy). Prints the figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { compilePackage } from '../../../generator/compile/typescript.ts';
import { emitPackage } from '../../../generator/run/emit.ts';
import { formatFiles } from '../../../generator/format/index.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { CLIENT, CORPUS } from './corpus.ts';

const FIXTURE = join(CORPUS, 'refs-everywhere.yaml');
/** The component sections copied with suffixed names; others (security schemes, named in requirements) stay once. */
const SECTIONS = [
  'schemas',
  'parameters',
  'requestBodies',
  'responses',
  'headers',
  'pathItems',
  'examples',
  'links',
  'callbacks',
];

type Json = Record<string, unknown>;

/** Copy `i` of the fixture's paths and components: every name suffixed, every local reference rewritten. */
function copy(value: unknown, i: number): unknown {
  if (Array.isArray(value)) return value.map((v) => copy(v, i));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if ((key === '$ref' || key === 'operationId') && typeof child === 'string') {
      out[key] =
        key === '$ref' ? child.replace(/^(#\/components\/[^/]+\/[^/]+)/, `$1_${i}`) : `${child}_${i}`;
    } else if (key === 'mapping' && typeof child === 'object' && child !== null) {
      out[key] = Object.fromEntries(
        Object.entries(child).map(([k, v]) => [
          k,
          String(v).replace(/^(#\/components\/[^/]+\/[^/]+)/, `$1_${i}`),
        ]),
      );
    } else out[key] = copy(child, i);
  }
  return out;
}

function repeated(times: number): { text: string; operations: number } {
  const fixture = parse(readFileSync(FIXTURE, 'utf8')) as Json;
  const paths: Json = {};
  const components: Record<string, Json> = Object.fromEntries(
    Object.entries((fixture.components ?? {}) as Record<string, Json>).filter(
      ([section]) => !SECTIONS.includes(section),
    ),
  );
  for (let i = 1; i <= times; i++) {
    for (const [path, item] of Object.entries(fixture.paths as Json)) paths[`/r${i}${path}`] = copy(item, i);
    for (const section of SECTIONS) {
      const entries = ((fixture.components as Record<string, Json>)[section] ?? {}) as Json;
      for (const [name, entry] of Object.entries(entries))
        (components[section] ??= {})[`${name}_${i}`] = copy(entry, i);
    }
  }
  const operations =
    Object.keys(paths).length > 0 ? JSON.stringify(paths).split('"operationId"').length - 1 : 0;
  // Path items by reference hold their operations in components.pathItems.
  const inItems = JSON.stringify(components.pathItems ?? {}).split('"operationId"').length - 1;
  return { text: JSON.stringify({ ...fixture, paths, components }), operations: operations + inItems };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function front(text: string): Promise<{ ms: number; files: Map<string, string> }> {
  const start = performance.now();
  const loaded = loadSpec(FIXTURE, text);
  const model = buildModel(loaded, { packageName: '@corpus/linear', clientName: CLIENT });
  const files = await formatFiles(await emitPackage(model, loaded.version));
  return { ms: performance.now() - start, files };
}

test('time per operation at 50x is at most twice the time at 10x', async () => {
  // Warm up (module loading, JIT, prettier's parsers, the compiler's library files) on 10x.
  await compilePackage((await front(repeated(10).text)).files, 'linear warm-up');
  const rows: { times: number; operations: number; frontMs: number; compileMs: number }[] = [];
  for (const times of [1, 10, 50]) {
    const { text, operations } = repeated(times);
    const fronts: number[] = [];
    let files = new Map<string, string>();
    for (let run = 0; run < 3; run++) {
      const result = await front(text);
      fronts.push(result.ms);
      files = result.files;
    }
    const compiles: number[] = [];
    for (let run = 0; run < 2; run++) {
      const start = performance.now();
      await compilePackage(files, `linear ${times}x`);
      compiles.push(performance.now() - start);
    }
    rows.push({ times, operations, frontMs: median(fronts), compileMs: median(compiles) });
  }
  console.log('\n  spec size | operations | load+model+emit+format | per op  | compile  | per op');
  for (const r of rows) {
    console.log(
      `  ${`${r.times}x`.padStart(9)} | ${String(r.operations).padStart(10)} | ${`${r.frontMs.toFixed(0)} ms`.padStart(22)} | ${(r.frontMs / r.operations).toFixed(1).padStart(4)} ms | ${`${r.compileMs.toFixed(0)} ms`.padStart(8)} | ${(r.compileMs / r.operations).toFixed(1).padStart(4)} ms`,
    );
  }
  const [, ten, fifty] = rows;
  if (!ten || !fifty) throw new Error('missing rows');
  const perOp = (ms: number, ops: number): number => ms / ops;
  assert.ok(
    perOp(fifty.frontMs, fifty.operations) <= 2 * perOp(ten.frontMs, ten.operations),
    'load+model+emit+format grows faster than linearly',
  );
  assert.ok(
    perOp(fifty.compileMs, fifty.operations) <= 2 * perOp(ten.compileMs, ten.operations),
    'compile grows faster than linearly',
  );
});

test.run();
