/**
 * The type text a function and a resource method share: what each kind of operation returns and
 * takes, and the type-only imports a module of such signatures needs (each module once, nothing it
 * does not use).
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  operationParameters,
  optionsType,
  resultType,
  signatureImports,
} from '../../../generator/emit/signatures.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const model = buildModel(loadSpec('test/fixtures/specs/cursor-pagination.yaml'), {
  packageName: '@test/pages',
  clientName: 'PagesClient',
});
const op = model.operations.find((o) => o.id === 'listCampaigns')!;

test('a paginated operation returns a PagePromise and takes pagination options after its params', () => {
  assert.ok(op.pagination);
  assert.is(resultType(op), 'PagePromise<CampaignList, PageItem<CampaignList, "data">>');
  assert.is(optionsType(op), 'PaginationOptions');
  assert.equal(
    operationParameters(op).map((p) => `${p.name}: ${p.type}`),
    [`params: ${op.paramsType}`, 'options: PaginationOptions'],
  );
});

test("the imports of a module with the operation's signatures: one per module, type-only", () => {
  const imports = signatureImports(model, [op], '../');
  const modules = imports.map((i) => i.moduleSpecifier);
  assert.equal(modules, [...new Set(modules)]);
  assert.ok(imports.every((i) => i.isTypeOnly));
  assert.equal(imports[0], {
    kind: imports[0]!.kind,
    moduleSpecifier: '../runtime/http.js',
    isTypeOnly: true,
    namedImports: ['ClientCore'],
  });
  assert.equal(imports.find((i) => i.moduleSpecifier === '../runtime/pagination.js')?.namedImports, [
    'PagePromise',
    'PageItem',
    'PaginationOptions',
  ]);
  assert.not.ok(modules.includes('../runtime/stream.js'), 'no stream, no stream import');
});

test.run();
