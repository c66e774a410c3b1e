/**
 * Runs every `*.test.ts` under test/ (or those whose path contains one of the arguments)
 * in one process with uvu, then prints a closing `N passed, N failed` line.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// Every generation in the suite runs the whole pipeline (and so tests it); the cache's own tests
// pass --cache-dir, which overrides this.
process.env.XGEN_CACHE = 'off';

const root = resolve(import.meta.dirname);
const filters = process.argv.slice(2);

function collect(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === 'fixtures' || name === '.tmp' || name === 'node_modules') continue;
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const files = collect(root).filter((f) => filters.length === 0 || filters.some((x) => relative(root, f).includes(x)));
const suites = files.map((file) => ({ name: relative(root, file), file }));

// uvu prints totals itself; capture them to add the plain closing line CI reads.
let output = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

const { run } = await import('uvu/run');
await run(suites, { bail: false });
process.stdout.write = write;
const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
const failed = total - passed - skipped;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// uvu leaves the exit code at 0 when a suite's hook throws: decide it from the counts, never from uvu.
if (total === 0 || failed > 0) process.exitCode = 1;
