import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import {
  formBody,
  normalizeParameters,
  oauth1Sign,
  parseForm,
  signatureBaseUri,
} from '../../generated/core-v2/src/runtime/oauth1.js';
import { percentEncode } from '../../generated/core-v2/src/runtime/encoding.js';

// X developer docs, "Creating a signature".
const X_CONSUMER = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};
const X_STATUS = 'Hello Ladies + Gentlemen, a signed OAuth request!';
const X_OPTIONS = {
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: 1318622958,
  version: '1.0',
} as const;
const X_URL = 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true';

test('X docs example: signature, base string and header', async () => {
  const result = await oauth1Sign(
    { method: 'POST', url: X_URL, form: [['status', X_STATUS]] },
    X_CONSUMER,
    X_OPTIONS,
  );
  assert.is(result.signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  assert.is(
    result.baseString,
    'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
  );
  assert.is(
    result.header,
    'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0"',
  );
});

test('X docs example: every form-body shape signs the same', async () => {
  const forms = [
    new URLSearchParams({ status: X_STATUS }),
    new URLSearchParams({ status: X_STATUS }).toString(), // '+' for spaces, %2B for '+'
    'status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
    formBody([['status', X_STATUS]]),
  ];
  for (const form of forms) {
    const { signature } = await oauth1Sign({ method: 'post', url: X_URL, form }, X_CONSUMER, X_OPTIONS);
    assert.is(signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=', String(form));
  }
});

// RFC 5849 section 1.2 (no oauth_version).
const PRINTER = { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44' };

test('RFC 5849 1.2: temporary credentials request', async () => {
  const result = await oauth1Sign({ method: 'POST', url: 'https://photos.example.net/initiate' }, PRINTER, {
    timestamp: '137131200',
    nonce: 'wIjqoS',
    version: null,
    extra: { oauth_callback: 'http://printer.example.com/ready' },
  });
  assert.is(result.signature, '74KNZJeDHnMBp0EMJ9ZHt/XKycU=');
  assert.ok(result.header.includes('oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready"'));
  assert.not.ok(result.header.includes('oauth_version'));
});

test('RFC 5849 1.2: token request', async () => {
  const result = await oauth1Sign(
    { method: 'POST', url: 'https://photos.example.net/token' },
    { ...PRINTER, token: 'hh5s93j4hdidpola', tokenSecret: 'hdhd0244k9j7ao03' },
    { timestamp: 137131201, nonce: 'walatlh', version: null, extra: { oauth_verifier: 'hfdp7dh39dks9884' } },
  );
  assert.is(result.signature, 'gKgrFCywp7rO0OXSjdot/IHF7IU=');
  assert.ok(result.header.includes('oauth_verifier="hfdp7dh39dks9884"'));
});

test('RFC 5849 1.2: protected resource request', async () => {
  const result = await oauth1Sign(
    { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' },
    { ...PRINTER, token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
    { timestamp: 137131202, nonce: 'chapoH', version: null },
  );
  assert.is(result.signature, 'MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  assert.is(
    result.baseString,
    'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal',
  );
});

test('RFC 5849 3.4.1: normalized parameters with duplicates, encoded query and bare form name', async () => {
  const result = await oauth1Sign(
    { method: 'POST', url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', form: 'c2&a3=2+q' },
    {
      consumerKey: '9djdj82h48djs9d2',
      consumerSecret: 'j49sk3j29djd',
      token: 'kkk9d7dh3k39sjv7',
      tokenSecret: 'dh893hdasih9',
    },
    { timestamp: 137131201, nonce: '7d8f3e4a', version: null },
  );
  assert.is(
    result.normalizedParameters,
    'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
  );
  assert.ok(
    result.baseString.startsWith('POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26'),
  );
});

test('base string URI: lower-cased scheme/host, default port dropped, query/fragment dropped', () => {
  assert.is(signatureBaseUri('HTTP://EXAMPLE.COM:80/r%20v/X?id=123#frag'), 'http://example.com/r%20v/X');
  assert.is(signatureBaseUri('https://www.example.net:8080/?q=1'), 'https://www.example.net:8080/');
  assert.is(signatureBaseUri('https://Example.com:443'), 'https://example.com/');
});

test('percentEncode: RFC 3986 unreserved kept, rest UTF-8 with uppercase hex', () => {
  assert.is(percentEncode('AZaz09-._~'), 'AZaz09-._~');
  assert.is(
    percentEncode(' !"#$%&\'()*+,/:;<=>?@[\\]^`{|}'),
    '%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D',
  );
  assert.is(percentEncode('☃ é 😀'), '%E2%98%83%20%C3%A9%20%F0%9F%98%80');
  assert.is(percentEncode('\n\r'), '%0A%0D');
});

test('percentEncode: lone surrogates become U+FFFD instead of throwing', () => {
  assert.is(percentEncode('a\uD800b'), 'a%EF%BF%BDb');
  assert.is(percentEncode('\uDC00'), '%EF%BF%BD');
  assert.is(percentEncode('\uDBFF\uDFFF'), '%F4%8F%BF%BF'); // a valid pair stays a pair
});

test('property: any Unicode string encodes to [A-Za-z0-9-._~%] and round-trips', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (s) => {
      const encoded = percentEncode(s);
      return /^[A-Za-z0-9\-._~%]*$/.test(encoded) && decodeURIComponent(encoded) === s;
    }),
    { numRuns: 2000 },
  );
});

test('property: strings with lone surrogates round-trip to their well-formed form', () => {
  const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
  fc.assert(
    fc.property(fc.string({ unit: anyCodeUnit }), (s) => {
      const encoded = percentEncode(s);
      const wellFormed = s.replace(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        '\uFFFD',
      );
      return /^[A-Za-z0-9\-._~%]*$/.test(encoded) && decodeURIComponent(encoded) === wellFormed;
    }),
    { numRuns: 2000 },
  );
});

test('normalizeParameters sorts byte-wise on encoded name, then encoded value', () => {
  assert.is(
    normalizeParameters([
      ['a', 'b'],
      ['A', 'z'],
      ['a', 'B'],
      ['a', ''],
      ['é', '1'],
      ['~', '1'],
    ]),
    '%C3%A9=1&A=z&a=&a=B&a=b&~=1', // '%' (0x25) sorts before letters
  );
});

test('parseForm: strings are decoded as x-www-form-urlencoded, a leading ? is a name char', () => {
  assert.equal(parseForm('a=1+2&b&&c=%2B&a=x'), [
    ['a', '1 2'],
    ['b', ''],
    ['c', '+'],
    ['a', 'x'],
  ]);
  assert.equal(parseForm('?q=1'), [['?q', '1']]);
});

test('property: oauth1Sign signature equals node:crypto HMAC-SHA1 of its base string', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary' }),
      async (consumerSecret, tokenSecret, status) => {
        const { signature, baseString } = await oauth1Sign(
          { method: 'POST', url: 'https://api.x.com/1.1/statuses/update.json', form: [['status', status]] },
          { consumerKey: 'ck', consumerSecret, token: 'tk', tokenSecret },
        );
        const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
        return signature === createHmac('sha1', key).update(baseString).digest('base64');
      },
    ),
    { numRuns: 500 },
  );
});

const HEADER = /^OAuth [A-Za-z0-9\-._~%]+="[A-Za-z0-9\-._~%]*"(, [A-Za-z0-9\-._~%]+="[A-Za-z0-9\-._~%]*")*$/;

test('property: the Authorization header never carries raw CR, LF, spaces, quotes or &', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ unit: 'binary', minLength: 1 }),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary', minLength: 1 }),
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n)),
        minLength: 1,
      }),
      fc.dictionary(
        fc.string({ unit: 'binary' }).map((k) => 'oauth_x' + k),
        fc.string({ unit: 'binary' }),
      ),
      async (consumerKey, consumerSecret, token, tokenSecret, nonce, extra) => {
        const { header } = await oauth1Sign(
          {
            method: 'POST',
            url: 'https://api.x.com/2/tweets?q=a%20b',
            form: [['text', consumerKey + '\r\n&']],
          },
          { consumerKey, consumerSecret, token, tokenSecret },
          { nonce, timestamp: 1, extra },
        );
        const rest = header.slice('OAuth '.length).split(', ').join('');
        return HEADER.test(header) && !/[\r\n &]/.test(rest);
      },
    ),
    { numRuns: 300 },
  );
});

test('defaults: 64-hex-char random nonce, current timestamp, oauth_version 1.0', async () => {
  const before = Math.floor(Date.now() / 1000);
  const a = await oauth1Sign({ method: 'GET', url: 'https://api.x.com/2/users/me' }, X_CONSUMER);
  const b = await oauth1Sign({ method: 'GET', url: 'https://api.x.com/2/users/me' }, X_CONSUMER);
  const nonceA = /oauth_nonce="([^"]*)"/.exec(a.header)?.[1];
  const nonceB = /oauth_nonce="([^"]*)"/.exec(b.header)?.[1];
  assert.match(nonceA ?? '', /^[0-9a-f]{64}$/);
  assert.is.not(nonceA, nonceB);
  const ts = Number(/oauth_timestamp="(\d+)"/.exec(a.header)?.[1]);
  assert.ok(ts >= before && ts <= Math.floor(Date.now() / 1000));
  assert.ok(a.header.includes('oauth_version="1.0"'));
});

test('non-oauth_ extras are signed but left out of the header', async () => {
  const result = await oauth1Sign({ method: 'POST', url: 'https://api.x.com/x' }, X_CONSUMER, {
    ...X_OPTIONS,
    extra: { x_auth_mode: 'client_auth', oauth_callback: 'oob' },
  });
  assert.ok(result.normalizedParameters.includes('x_auth_mode=client_auth'));
  assert.ok(result.normalizedParameters.includes('oauth_callback=oob'));
  assert.not.ok(result.header.includes('x_auth_mode'));
  assert.ok(result.header.includes('oauth_callback="oob"'));
});

test('oauth_signature in the query or body is not signed', async () => {
  const plain = await oauth1Sign(
    { method: 'POST', url: 'https://api.x.com/x?a=1', form: 'b=2' },
    X_CONSUMER,
    X_OPTIONS,
  );
  const withSig = await oauth1Sign(
    { method: 'POST', url: 'https://api.x.com/x?a=1&oauth_signature=zzz', form: 'b=2&oauth_signature=yyy' },
    X_CONSUMER,
    X_OPTIONS,
  );
  assert.is(withSig.signature, plain.signature);
});

test('non-ASCII or empty nonce is rejected with a clear error', async () => {
  for (const nonce of ['nöncé', '😀', '', 'a\nb']) {
    try {
      await oauth1Sign({ method: 'GET', url: 'https://api.x.com/' }, X_CONSUMER, { nonce });
      assert.unreachable(`nonce ${JSON.stringify(nonce)} should be rejected`);
    } catch (error) {
      assert.instance(error, TypeError);
      assert.match((error as Error).message, /nonce.*ASCII/);
    }
  }
});

test('no error message contains the consumer secret or token secret', async () => {
  const consumerSecret = 'CONSUMER-SECRET-kAcSOqF21Fu85e7zjz7ZN';
  const tokenSecret = 'TOKEN-SECRET-LswwdoUaIvS8ltyTt5jkRh4J';
  const good = { consumerKey: 'ck', consumerSecret, token: 'tk', tokenSecret };
  const failing: Array<() => Promise<unknown>> = [
    () => oauth1Sign({ method: 'GET', url: 'https://api.x.com/' }, good, { nonce: 'ü' }),
    () => oauth1Sign({ method: 'GET', url: 'https://api.x.com/' }, good, { timestamp: -1 }),
    () => oauth1Sign({ method: 'GET', url: 'https://api.x.com/' }, good, { timestamp: 'soon' }),
    () =>
      oauth1Sign({ method: 'GET', url: 'https://api.x.com/' }, good, { extra: { oauth_token: tokenSecret } }),
    () => oauth1Sign({ method: 'GET', url: `not a url ${consumerSecret} ${tokenSecret}` }, good),
    () => oauth1Sign({ method: '', url: 'https://api.x.com/' }, good),
    () => oauth1Sign({ method: 'GET', url: 'https://api.x.com/' }, { ...good, consumerKey: '' }),
    () =>
      oauth1Sign(
        { method: 'GET', url: 'https://api.x.com/' },
        { ...good, consumerSecret: 42 as unknown as string },
      ),
    () =>
      oauth1Sign(
        { method: 'GET', url: 'https://api.x.com/' },
        { ...good, tokenSecret: {} as unknown as string },
      ),
  ];
  for (const [i, run] of failing.entries()) {
    let message: string | undefined;
    try {
      await run();
    } catch (error) {
      message = String((error as Error).message) + String((error as Error).stack);
    }
    assert.type(message, 'string', `case ${i} should throw`);
    assert.not.ok(message?.includes(consumerSecret), `case ${i} leaks the consumer secret`);
    assert.not.ok(message?.includes(tokenSecret), `case ${i} leaks the token secret`);
  }
});

test.run();
