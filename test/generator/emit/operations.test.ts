/** The operations emitter: descriptors, and the checks of named schemas written once and shared. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitOperations } from '../../../generator/emit/operations.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const model = buildModel(loadSpec('spec/ads-v12.yaml'), { packageName: '@xgen/ads-v12', clientName: 'AdsClient' });
const text = emitOperations(model);

const descriptorOf = (name: string): string => {
  const start = text.indexOf(`export const ${name}: `);
  return text.slice(start, text.indexOf('\n};', start));
};

test('the checks of a named schema are one constant, used by every operation that sends it', () => {
  assert.is(text.split('const cardComponentChecks: ValueChecks = ').length - 1, 1);
  for (const op of ['createCard', 'updateCard']) {
    const body = descriptorOf(op);
    assert.ok(body.includes('items: cardComponentChecks'), `${op} refers to the shared checks`);
    assert.not.ok(body.includes("enum: ['BUTTON']"), `${op} does not repeat them inline`);
  }
  // A constant is declared before the descriptors that use it.
  assert.ok(text.indexOf('const cardComponentChecks') < text.indexOf('export const createCard:'));
});

test.run();
