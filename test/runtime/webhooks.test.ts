import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import {
  constantTimeEqual,
  crcResponse,
  verifyWebhookSignature,
} from '../../generated/core-v2/src/runtime/webhooks.js';

const SECRET = 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw';
// Reference values from node:crypto, independent of the WebCrypto code under test.
const nodeSig = (secret: string, message: string | Uint8Array): string =>
  'sha256=' + createHmac('sha256', secret).update(message).digest('base64');

test('crcResponse: fixed vector', async () => {
  // createHmac('sha256', 'secret').update('crc-token-123').digest('base64')
  assert.equal(await crcResponse('crc-token-123', 'secret'), {
    response_token: 'sha256=LsHKzO2EtuDy488kZ+MMYdsb6wyT7qEeRTez8t19V3k=',
  });
});

test('crcResponse matches node:crypto for several tokens', async () => {
  for (const token of ['', 'abc', 'MjAxOS0wMy0yMFQxNjo0NDo1Ni4zMjBa', 'ünïcødé 😀']) {
    assert.equal(await crcResponse(token, SECRET), { response_token: nodeSig(SECRET, token) }, token);
  }
});

const BODY = '{"for_user_id":"2244994945","tweet_create_events":[{"text":"héllo"}]}';

test('verifyWebhookSignature: valid signature, string and byte bodies', async () => {
  const header = nodeSig(SECRET, BODY);
  assert.is(await verifyWebhookSignature(BODY, header, SECRET), true);
  assert.is(await verifyWebhookSignature(new TextEncoder().encode(BODY), header, SECRET), true);
  assert.is(
    await verifyWebhookSignature(BODY, `  ${header}\t`, SECRET),
    true,
    'surrounding whitespace is tolerated',
  );
});

test('verifyWebhookSignature: wrong body, secret or signature is false', async () => {
  const header = nodeSig(SECRET, BODY);
  assert.is(await verifyWebhookSignature(BODY + ' ', header, SECRET), false);
  assert.is(await verifyWebhookSignature(BODY, header, SECRET + 'x'), false);
  const b64 = header.slice('sha256='.length);
  const flipped = 'sha256=' + (b64[0] === 'A' ? 'B' : 'A') + b64.slice(1);
  assert.is(await verifyWebhookSignature(BODY, flipped, SECRET), false);
  const lastFlipped = 'sha256=' + b64.slice(0, 42) + (b64[42] === 'A' ? 'E' : 'A') + '=';
  assert.is(await verifyWebhookSignature(BODY, lastFlipped, SECRET), false);
});

test('verifyWebhookSignature: missing or malformed header is false, not a throw', async () => {
  const b64 = nodeSig(SECRET, BODY).slice('sha256='.length);
  for (const header of [
    undefined,
    null,
    '',
    'sha256=',
    b64, // no prefix
    'sha1=' + b64,
    'SHA256=' + b64,
    'sha256=' + b64.slice(0, -1), // no padding
    'sha256=' + b64 + 'AAAA', // too long
    'sha256=-' + b64.slice(1), // base64url alphabet
    'sha256=_' + b64.slice(1),
    'sha256=' + '!'.repeat(43) + '=',
    'sha256=' + b64 + ', sha256=' + b64,
  ]) {
    assert.is(await verifyWebhookSignature(BODY, header, SECRET), false, String(header));
  }
});

test('constantTimeEqual', () => {
  assert.ok(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3])));
  assert.not.ok(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4])));
  assert.not.ok(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2])));
  assert.not.ok(constantTimeEqual(new Uint8Array([0]), new Uint8Array([])));
  assert.ok(constantTimeEqual(new Uint8Array([]), new Uint8Array([])));
});

test('empty secret is rejected without echoing anything secret', async () => {
  try {
    await crcResponse('token', '');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, TypeError);
    assert.match((error as Error).message, /consumerSecret/);
  }
});

test.run();
