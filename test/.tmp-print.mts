import { loadSpec } from '/work/wt/i24-perf/generator/load/index.ts';
import { buildModel } from '/work/wt/i24-perf/generator/model/index.ts';
import * as S from '/work/wt/i24-perf/generator/emit/structures.ts';
async function main() {
  const s = loadSpec('test/fixtures/reference/x-openapi-2.159.json');
  const model = buildModel(s, { packageName: '@x/a', clientName: 'XClient' });
  const { runEmitters } = await import('/work/wt/i24-perf/generator/emit/emitters.ts');
  // capture structures passed to printSourceFile
  const orig = S.printStructures;
  let calls = 0, ms = 0;
  const { createRequire } = await import('node:module');
  const tm = createRequire(import.meta.url)('ts-morph');
  const op = tm.printStructure;
  tm.printStructure = (...a: any[]) => { calls++; const t = performance.now(); const r = op(...a); ms += performance.now() - t; return r; };
  for (let i = 0; i < 4; i++) {
    calls = 0; ms = 0;
    let t = performance.now();
    runEmitters(model, {}, {});
    console.log('runEmitters', (performance.now() - t).toFixed(0), 'printStructure calls', calls, 'ms', ms.toFixed(0));
  }
}
main();
