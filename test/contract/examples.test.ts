/**
 * Examples as data: every example in both specs validates against its schema (JSON Schema 2020-12,
 * strict, formats checked), so the bodies Prism serves from them in the contract tests are values the
 * generated types describe. Response examples are the ones that matter most; request-body, parameter
 * and in-schema examples are checked the same way.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { collectExamples } from './examples.ts';
import { specOperations } from './harness.ts';
import { deref, readSpec, SpecSchemas } from './spec-schemas.ts';
import { ADS_SPEC, CORE_SPEC } from './targets.ts';

for (const [name, file] of [
  ['core-v2', CORE_SPEC],
  ['ads-v12', ADS_SPEC],
] as const) {
  const schemas = new SpecSchemas(readSpec(file), name);
  const cases = collectExamples(schemas.doc);

  test(`${name}: every example validates against its schema`, () => {
    const failures = cases.flatMap((c) =>
      schemas.check(c.schema, c.value).map((line) => `${c.where}: ${line}`),
    );
    assert.equal(failures, [], failures.join('\n'));
    const count = (kind: string) => cases.filter((c) => c.kind === kind).length;
    console.log(
      `  ${name}: ${cases.length} examples valid (${count('response')} response, ${count('request-body')} request body, ${count('parameter')} parameter, ${count('schema')} in schemas)`,
    );
  });

  test(`${name}: every 2xx response with content has an example (Prism serves it)`, () => {
    const missing: string[] = [];
    for (const op of specOperations(schemas.doc)) {
      for (const [code, raw] of Object.entries<any>(op.op.responses ?? {})) {
        if (!/^2/.test(code)) continue;
        for (const [type, media] of Object.entries<any>(deref(schemas.doc, raw).content ?? {})) {
          if (media.example === undefined && !media.examples) missing.push(`${op.id} ${code} ${type}`);
        }
      }
    }
    assert.equal(missing, []);
  });

  test(`${name}: a broken example is caught (the check is not vacuous)`, () => {
    const response = cases.find((c) => c.kind === 'response' && /\/responses\/2/.test(c.where));
    assert.ok(response, 'no 2xx response example');
    const broken = structuredClone(response.value) as Record<string, unknown>;
    broken.data = 12345;
    assert.ok(
      schemas.check(response.schema, broken).length > 0,
      `${response.where} with data: 12345 still validates`,
    );
  });
}

test.run();
