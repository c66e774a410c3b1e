/**
 * The words an example call is written in: X's own (post and user ids, `XDevelopers`, a search
 * query in X's syntax) for X's APIs, plain made-up ones for every other API, whose readers would
 * take an X id or query for something their API expects.
 */
import { isObject, type DocumentSet } from '../load/index.ts';

export interface ExampleVocabulary {
  /** Ids of no kind in particular, for a field named `id` or `…_id` the other lists don't claim. */
  ids: readonly string[];
  userIds: readonly string[];
  postIds: readonly string[];
  listIds: readonly string[];
  spaceIds: readonly string[];
  mediaKeys: readonly string[];
  username: string;
  query: string;
  texts: readonly string[];
  /** The look of a bearer token, short. */
  token: string;
}

/** X's ids as X writes them: a post's, a user's. */
const X: ExampleVocabulary = {
  ids: ['1460323737035677698', '2244994945'],
  userIds: ['2244994945', '6253282', '783214'],
  postIds: ['1460323737035677698', '1519781379172495360', '1346889436626259968'],
  listIds: ['1146654567674912769'],
  spaceIds: ['1DXxyRYNejbKM'],
  mediaKeys: ['3_1146654567674912769'],
  username: 'XDevelopers',
  query: 'from:XDevelopers -is:retweet',
  texts: ['Hello from the X API!', 'More context at https://example.com/'],
  token: 'AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA',
};

/** Words that claim no API's conventions: digits for ids (they meet the common id patterns). */
const PLAIN_IDS = ['12345', '67890', '24680'];
const PLAIN: ExampleVocabulary = {
  ids: PLAIN_IDS,
  userIds: PLAIN_IDS,
  postIds: PLAIN_IDS,
  listIds: PLAIN_IDS,
  spaceIds: PLAIN_IDS,
  mediaKeys: ['example-key'],
  username: 'jane_doe',
  query: 'example',
  texts: ['Hello, world!', 'More context at https://example.com/'],
  token: 'example-token-0123456789',
};

const chosen = new WeakMap<DocumentSet, ExampleVocabulary>();

/** X's words when one of the spec's servers is X's (x.com, twitter.com or a subdomain), plain ones otherwise. */
export function exampleVocabulary(docs: DocumentSet): ExampleVocabulary {
  let vocabulary = chosen.get(docs);
  if (!vocabulary) {
    vocabulary = serverHosts(docs.root).some(isXHost) ? X : PLAIN;
    chosen.set(docs, vocabulary);
  }
  return vocabulary;
}

/** The host of each server the document declares at its root (a templated or relative URL gives none). */
function serverHosts(root: unknown): string[] {
  const servers = isObject(root) && Array.isArray(root.servers) ? root.servers : [];
  const hosts: string[] = [];
  for (const server of servers) {
    if (!isObject(server) || typeof server.url !== 'string') continue;
    try {
      hosts.push(new URL(server.url).hostname.toLowerCase());
    } catch {
      // `/v1` or `{scheme}://…`: no host to read.
    }
  }
  return hosts;
}

function isXHost(host: string): boolean {
  return ['x.com', 'twitter.com'].some((domain) => host === domain || host.endsWith(`.${domain}`));
}
