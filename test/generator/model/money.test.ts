/** Whether a package has money (generator/model/index.ts): `x-money: micros` anywhere in a schema, at any depth. */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

function hasMoney(amount: string): boolean {
  const spec = `
openapi: 3.1.0
info: { title: money, version: '1' }
paths: {}
components:
  schemas:
    Other:
      type: object
      properties:
        note: { type: string, description: 'x-money: micros, said in prose' }
    Campaign:
      type: object
      properties:
        budgets:
          type: array
          items:
            allOf:
              - type: object
                properties:
                  amount: ${amount}
`;
  return buildModel(loadSpec('money.yaml', spec), { packageName: 'money', clientName: 'MoneyClient' })
    .hasMoney;
}

test('x-money: micros deep in a schema (an array of allOf parts) is found', () => {
  assert.is(hasMoney('{ type: integer, x-money: micros }'), true);
});

test('none, or another x-money value, or the words in prose: no money', () => {
  assert.is(hasMoney('{ type: integer }'), false);
  assert.is(hasMoney('{ type: integer, x-money: cents }'), false);
});

test.run();
