/**
 * What an editor shows: hovers (the TypeScript language service's quick info) over results, params
 * and models of @xgen/core-v2 read as named types, and a narrowed object as `Selected<Model, keys>`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { CONSUMER_OPTIONS, typecheck } from '../helpers/typecheck.js';

const FILE = resolve('test/types/programs/core-v2-hover.ts');

function hovers(): Map<string, string> {
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [FILE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) =>
      ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name) ?? '') : undefined,
    getCurrentDirectory: () => process.cwd(),
    getCompilationSettings: () => CONSUMER_OPTIONS,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
  };
  const service = ts.createLanguageService(host);
  const text = readFileSync(FILE, 'utf8');
  const out = new Map<string, string>();
  // Each `const <name>` declared in the program, hovered at its name.
  for (const match of text.matchAll(/const (\w+)/g)) {
    const at = (match.index ?? 0) + 'const '.length;
    const info = service.getQuickInfoAtPosition(FILE, at);
    out.set(match[1]!, ts.displayPartsToString(info?.displayParts).replace(/\s+/g, ' '));
  }
  return out;
}

test('the hover program compiles', () => {
  assert.equal(typecheck([FILE]), []);
});

test('results, params and models show by name, narrowed objects as Selected<Model, keys>', () => {
  const shown = hovers();
  const expect = (name: string, text: string): void =>
    assert.is(shown.get(name), `const ${name}: ${text}`, name);
  expect(
    'post',
    'Selected<Tweet, "created_at" | "edit_history_tweet_ids" | "id" | "text", "in_reply_to_user_id" | "username">',
  );
  expect('defaults', 'Selected<Tweet, "edit_history_tweet_ids" | "id" | "text", "username">');
  expect('author', 'Selected<User, "id" | "name" | "username" | "verified", never> | undefined');
  expect('model', 'Tweet');
  expect('wide', 'TweetsLookupResponse');
  expect('params', 'GetPostsByIdsParams');
  expect('fields', 'TweetField[]');
  expect('item', 'Selected<Tweet, "edit_history_tweet_ids" | "id" | "lang" | "text", "username">');
  // The result is keyed by the lists alone, in the order the result names them (`tweet.fields`,
  // `user.fields`, `media.fields`, `poll.fields`, `place.fields`): each as inferred, a tuple of its
  // fields; `never` for a list not sent. Other params (`ids`, `expansions`) are not part of it.
  expect(
    'result',
    'GetPostsByIdsResponse<["created_at", "in_reply_to_user_id"], ["verified"], never, never, never>',
  );
  expect('event', 'StreamPostsResponse<["lang"], never, never, never, never>');
  // Short enough to read: no `components["schemas"]`, no `... n more ...`.
  for (const [name, text] of shown) {
    assert.not.match(text, /components\[/, name);
    assert.not.match(text, /more \.\.\./, name);
    assert.ok(text.length < 300, `${name}: ${text.length} characters`);
  }
});

test.run();
