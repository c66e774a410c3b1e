/**
 * Emits a spec's package sources (no schema types, formatting or compiling) and checks every operation's default
 * mock answer against the spec's own response schemas (ResponseSchemas: Ajv, from the spec file).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSpec } from '../../generator/load/index.ts';
import { buildModel } from '../../generator/model/index.ts';
import { writeTree } from './cli.ts';
import { ResponseSchemas } from './response-schemas.ts';

export interface DefaultsReport {
  operations: number;
  /** Operations with a JSON success body, each checked. */
  checked: number;
  failures: string[];
}

export async function checkDefaults(spec: string, dir: string, seed = 1): Promise<DefaultsReport> {
  const loaded = loadSpec(spec);
  const model = buildModel(loaded, { packageName: '@test/mock', clientName: 'MockedClient' });
  // The modules the mock runs: the emitters' and the runtime's (the schema types are types only).
  const { runEmitters } = await import('../../generator/emit/emitters.ts');
  const { renderRuntime } = await import('../../generator/emit/runtime.ts');
  writeTree(dir, runEmitters(model));
  writeTree(
    dir,
    renderRuntime(model).map((file) => [file.path, file.text]),
  );
  const { operations } = (await import(pathToFileURL(join(dir, 'src/operations.ts')).href)) as {
    operations: Record<string, { method: string; path: string }>;
  };
  const { createMock } = (await import(pathToFileURL(join(dir, 'src/testing/index.ts')).href)) as {
    createMock: (options: { seed: number }) => { defaultResponse: (id: string) => unknown };
  };
  const mock = createMock({ seed });
  const schemas = new ResponseSchemas(spec);
  const report: DefaultsReport = { operations: 0, checked: 0, failures: [] };
  for (const [id, op] of Object.entries(operations)) {
    report.operations++;
    const value = mock.defaultResponse(id);
    if (!schemas.validator(op.method, op.path)) continue;
    report.checked++;
    const errors = schemas.check(op.method, op.path, value);
    if (errors.length > 0) report.failures.push(`${id}: ${errors.join('; ')}`);
  }
  return report;
}
