/** How spec names become TypeScript names (generator/model/names.ts). */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  camelCase,
  deriveOperationId,
  isIdentifier,
  kebabCase,
  memberName,
  methodNameInGroup,
  NameTable,
  pascalCase,
  typeName,
  words,
} from '../../../generator/model/names.ts';

test('methodNameInGroup: the cases DESIGN.md names', () => {
  const cases: [operationId: string, tag: string, method: string][] = [
    ['createWebhooksStreamLink', 'Webhooks', 'createStreamLink'],
    ['oauthRequestToken', 'OAuth', 'requestToken'],
    ['oauthAccessToken', 'OAuth', 'accessToken'],
    ['oauthInvalidateToken', 'OAuth', 'invalidateToken'],
    // Taking `oauth` out would leave `2Token`, not an identifier: the id stays whole.
    ['oauth2Token', 'OAuth', 'oauth2Token'],
    ['oauth2InvalidateToken', 'OAuth', 'oauth2InvalidateToken'],
    // The singular of the tag word counts too.
    ['getAccount', 'Accounts', 'get'],
    ['listAccounts', 'Accounts', 'list'],
    // A tag of several words matches a run of the id's words.
    ['createAccountActivityReplayJob', 'Account Activity', 'createReplayJob'],
    ['createCommunityNotes', 'Community Notes', 'create'],
    ['getUsersPosts', 'Users', 'getPosts'],
    ['createWebhookReplayJob', 'Webhooks', 'createReplayJob'],
    ['searchNews', 'News', 'search'],
  ];
  for (const [operationId, tag, method] of cases) {
    assert.is(methodNameInGroup(operationId, tag), method, `${operationId} under ${tag}`);
  }
});

test('methodNameInGroup: the id stays whole when the tag word is not in it or nothing would be left', () => {
  assert.is(methodNameInGroup('getRules', 'Stream'), 'getRules');
  assert.is(methodNameInGroup('getPostsByIds', 'Tweets'), 'getPostsByIds');
  assert.is(methodNameInGroup('activityStream', 'Account Activity'), 'activityStream');
  assert.is(methodNameInGroup('users', 'Users'), 'users');
  // The tag word must be whole words of the id: `pets2fa` is one word.
  assert.is(methodNameInGroup('pets_2fa', 'Pets'), 'pets2fa');
  assert.is(methodNameInGroup('createWebhooksStreamLink', 'Stream'), 'createWebhooksLink');
});

test('methodNameInGroup: what the operation returns is kept', () => {
  // Taking the last word out would leave another noun to read as the result (a user's posts, not users).
  assert.is(methodNameInGroup('getUsersPosts', 'Posts'), 'getUsersPosts');
  assert.is(methodNameInGroup('getUsersOwnedLists', 'Lists'), 'getUsersOwnedLists');
  assert.is(methodNameInGroup('getAccountMedia', 'Media'), 'getAccountMedia');
  assert.is(methodNameInGroup('createCustomAudience', 'Audiences'), 'createCustomAudience');
  // The verb alone, or the verb and words that name nothing, read as the group's object.
  assert.is(methodNameInGroup('getAccount', 'Accounts'), 'get');
  assert.is(methodNameInGroup('deleteAllConnections', 'Connections'), 'deleteAll');
  // In first place, the singular of the tag word is the verb: `likes.post` would post.
  assert.is(methodNameInGroup('likePost', 'Likes'), 'likePost');
  assert.is(methodNameInGroup('postsGetById', 'Posts'), 'getById');
});

test('methodNameInGroup: operationIds that are not camelCase are made so', () => {
  assert.is(methodNameInGroup('get_users_posts', 'Users'), 'getPosts');
  assert.is(methodNameInGroup('list-pets', 'Pets'), 'list');
});

test('deriveOperationId: method and path, path parameters as By<Name>', () => {
  assert.is(deriveOperationId('GET', '/users/{id}'), 'getUsersById');
  assert.is(deriveOperationId('get', '/2/users/{id}/tweets'), 'get2UsersByIdTweets');
  assert.is(deriveOperationId('POST', '/pets'), 'postPets');
  assert.is(deriveOperationId('delete', '/2/connections/{endpoint_id}'), 'delete2ConnectionsByEndpointId');
  assert.is(deriveOperationId('get', '/v1/pets/{pet_id}/toys/{toy-id}'), 'getV1PetsByPetIdToysByToyId');
  assert.is(deriveOperationId('put', '/a.b/c_d'), 'putABCD');
  assert.is(deriveOperationId('get', '/'), 'get');
});

test('words: splits camelCase, acronyms, separators', () => {
  assert.equal(words('getUsersPosts'), ['get', 'Users', 'Posts']);
  assert.equal(words('tweet.fields'), ['tweet', 'fields']);
  assert.equal(words('Account Activity'), ['Account', 'Activity']);
  assert.equal(words('HTTPServer2'), ['HTTP', 'Server2']);
  assert.equal(words('OAuth'), ['OAuth']);
});

test('camelCase and pascalCase', () => {
  assert.is(camelCase('tweet.fields'), 'tweetFields');
  assert.is(camelCase('OAuth'), 'oauth');
  assert.is(camelCase('HTTPServer'), 'httpServer');
  assert.is(camelCase('user-id'), 'userId');
  assert.is(camelCase('Date'), 'date');
  assert.is(pascalCase('oauth_token'), 'OAuthToken');
  // One spelling of OAuth in every name: the spec's schema OAuth2TokenResponse beside params derived from oauth2Token.
  assert.is(pascalCase('oauth2Token'), 'OAuth2Token');
  assert.is(pascalCase('OAuth2TokenResponse'), 'OAuth2TokenResponse');
  assert.is(pascalCase('Oauth1 signature'), 'OAuth1Signature');
  assert.is(camelCase('OAuth2Token'), 'oauth2Token');
  // A word that names a member of Object.prototype is a word like any other.
  assert.is(pascalCase('constructor'), 'Constructor');
  assert.is(pascalCase('to string'), 'ToString');
  assert.is(pascalCase('account activity'), 'AccountActivity');
  // A leading digit gets an underscore; an empty name gets a placeholder.
  assert.is(pascalCase('2fa'), '_2fa');
  assert.is(camelCase('2fa'), '_2fa');
  assert.is(pascalCase(''), 'Unnamed');
  assert.is(pascalCase('...'), 'Unnamed');
  // camelCase itself does not guard keywords (memberName does).
  assert.is(camelCase('default'), 'default');
  assert.is(pascalCase('delete'), 'Delete');
});

test('typeName: globals the generated code relies on are not shadowed', () => {
  for (const name of ['Date', 'Error', 'Promise', 'Array', 'Record', 'Response', 'URL', 'ApiError', 'Page']) {
    assert.is(typeName(name), `${name}Schema`, name);
  }
  assert.is(typeName('date'), 'DateSchema');
  assert.is(typeName('error'), 'ErrorSchema');
  assert.is(typeName('string'), 'StringSchema');
  assert.is(typeName('default'), 'Default');
  assert.is(typeName('delete'), 'Delete');
  assert.is(typeName('tweet'), 'Tweet');
  assert.is(typeName('user_id'), 'UserId');
});

test('memberName: keywords get a trailing underscore', () => {
  assert.is(memberName('default'), 'default_');
  assert.is(memberName('delete'), 'delete_');
  assert.is(memberName('class'), 'class_');
  assert.is(memberName('in'), 'in_');
  assert.is(memberName('Date'), 'date');
  assert.is(memberName('Error'), 'error');
  assert.is(memberName('tweet.fields'), 'tweetFields');
});

test('isIdentifier and kebabCase', () => {
  assert.ok(isIdentifier('getPosts'));
  assert.ok(isIdentifier('$ref_'));
  assert.not.ok(isIdentifier('delete'));
  assert.not.ok(isIdentifier('2fa'));
  assert.not.ok(isIdentifier('tweet.fields'));
  assert.is(kebabCase('AccountActivity'), 'account-activity');
  assert.is(kebabCase('OAuth'), 'oauth');
  assert.is(kebabCase('Community Notes'), 'community-notes');
  assert.is(kebabCase(''), 'default');
});

test('NameTable: first come keeps the name, later ones are numbered, case-insensitively', () => {
  const table = new NameTable(['Client']);
  assert.is(table.claim('Pet'), 'Pet');
  assert.is(table.claim('Pet'), 'Pet2');
  assert.is(table.claim('pet'), 'pet3');
  assert.is(table.claim('client'), 'client2');
  assert.ok(table.has('PET2'));
  assert.not.ok(table.has('Tweet'));
});

test.run();
