/** The runtime's SHA-1 and HMAC-SHA1 (runtime/sha1.ts), which OAuth 1.0a signatures use: vectors and node:crypto as the reference. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { createHash, createHmac } from 'node:crypto';
import { hmacSha1, sha1 } from '../../generated/core-v2/src/runtime/sha1.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

test('SHA-1: FIPS 180 / RFC 3174 vectors', () => {
  assert.is(hex(sha1('')), 'da39a3ee5e6b4b0d3255bfef95601890afd80709');
  assert.is(hex(sha1('abc')), 'a9993e364706816aba3e25717850c26c9cd0d89d');
  assert.is(
    hex(sha1('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')),
    '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
  );
  assert.is(hex(sha1('a'.repeat(1_000_000))), '34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  assert.is(hex(sha1(new Uint8Array(1_000_000).fill(0x61))), '34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  assert.is(
    hex(sha1('0123456701234567012345670123456701234567012345670123456701234567'.repeat(10))),
    'dea356a2cddd90c7a7ecedc5ebb563934f460452',
  );
});

test('SHA-1: every length around the block and padding boundaries, ASCII and UTF-8', () => {
  for (let n = 0; n <= 300; n++) {
    const ascii = 'x'.repeat(n);
    assert.is(hex(sha1(ascii)), createHash('sha1').update(ascii).digest('hex'), `ascii length ${n}`);
    const utf8 = 'é'.repeat(n);
    assert.is(hex(sha1(utf8)), createHash('sha1').update(utf8, 'utf8').digest('hex'), `utf8 length ${n}`);
  }
});

test('HMAC-SHA1: RFC 2202 vectors (keys shorter than, equal to and longer than a block)', () => {
  const bytes = (length: number, value: number): Uint8Array => new Uint8Array(length).fill(value);
  assert.is(hex(hmacSha1(bytes(20, 0x0b), 'Hi There')), 'b617318655057264e28bc0b6fb378c8ef146be00');
  assert.is(
    hex(hmacSha1('Jefe', 'what do ya want for nothing?')),
    'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79',
  );
  assert.is(hex(hmacSha1(bytes(20, 0xaa), bytes(50, 0xdd))), '125d7342b9ac11cd91a39af48aa17b4f63f175d3');
  const long = bytes(80, 0xaa);
  assert.is(
    hex(hmacSha1(long, 'Test Using Larger Than Block-Size Key - Hash Key First')),
    'aa4ae5e15272d00e95705637ce8a3b55ed402112',
  );
  assert.is(
    hex(hmacSha1(long, 'Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data')),
    'e8e99d0f45237d786d6bbaa7965c7808bbff1a91',
  );
  assert.is(hex(hmacSha1('', '')), 'fbdb1d1b18aa6c08324b7d64b71fb76370690e1d');
});

test('property: hmacSha1 equals node:crypto createHmac("sha1") on any strings and bytes', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', minLength: 60, maxLength: 200 })),
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) }),
      ),
      (key, message) => hex(hmacSha1(key, message)) === createHmac('sha1', key).update(message).digest('hex'),
    ),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 600 }), (key, message) => {
      return hex(hmacSha1(key, message)) === createHmac('sha1', key).update(message).digest('hex');
    }),
    { numRuns: 1000 },
  );
});

test('property: a cached signing key gives the same HMAC as a fresh one, across many keys', () => {
  // More distinct keys than the cache holds, revisited in random order.
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.string()), { minLength: 1, maxLength: 60 }),
      (calls) =>
        calls.every(([k, message]) => {
          const key = `consumer-${k}&token-${k}`;
          return hex(hmacSha1(key, message)) === createHmac('sha1', key).update(message).digest('hex');
        }),
    ),
    { numRuns: 300 },
  );
});

test.run();
