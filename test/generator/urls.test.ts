/**
 * URLs in messages: user name, password and query never shown, wherever the URL sits in the text.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { hasUserInfo, redactUrls, shownUrl } from '../../generator/urls.ts';

test('redactUrls takes user, password and query out of every URL in a text, and keeps the rest', () => {
  const text =
    'Request cannot be constructed from a URL that includes credentials: http://user:secret@127.0.0.1:8765/x.json?token=abc ' +
    "(then 'https://api.example.com/v1/spec.yaml?key=k3y#/components/schemas/Pet', and ftp://anon:pw@host/file)";
  const shown = redactUrls(text);
  for (const secret of ['user', 'secret', 'token', 'abc', 'k3y', 'anon', 'pw@'])
    assert.not.ok(shown.includes(secret), `${secret} shows in: ${shown}`);
  assert.is(
    shown,
    'Request cannot be constructed from a URL that includes credentials: http://127.0.0.1:8765/x.json ' +
      "(then 'https://api.example.com/v1/spec.yaml#/components/schemas/Pet', and ftp://host/file)",
  );
});

test('a URL without secrets, a location after it, and text without URLs are left as they are', () => {
  for (const text of [
    'http://127.0.0.1:8765/api/openapi.yaml:12:3: bad',
    'spec/core-v2.yaml:1:1: no URL here',
    'see https://example.com/a/b',
  ]) {
    assert.is(redactUrls(text), text);
  }
});

test('what no URL parser reads loses its user info and query by pattern', () => {
  // Port 99999 is out of range: no URL parser takes it.
  assert.is(redactUrls('at http://user:pw@host:99999/x?token=1#top then'), 'at http://host:99999/x#top then');
  assert.is(shownUrl('http://user:pw@host:99999/x?token=1#top'), 'http://host:99999/x');
});

test('hasUserInfo: a user name, a password, or both', () => {
  assert.ok(hasUserInfo('http://user@host/x'));
  assert.ok(hasUserInfo('http://:secret@host/x'));
  assert.ok(hasUserInfo('https://user:secret@host/x'));
  assert.not.ok(hasUserInfo('https://host/x?user=a@b'));
  assert.not.ok(hasUserInfo('spec/core-v2.yaml'));
});

test.run();
