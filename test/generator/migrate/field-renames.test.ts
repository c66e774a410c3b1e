/**
 * `xgen migrate` on issue 36's rename cases (test/fixtures/diff/renames/<case>.old.yaml -> .new.yaml),
 * by compiling: a consumer written against the old package compiles against it; after regenerating
 * from the new spec and migrating, the renames the diff found (X-like tweet -> post result fields,
 * `includes` keys, `*.fields` values) are followed in every idiom that reads a field, type-aware, and
 * the rest compiles; what merely looks like a rename (Stripe-like `coupon` -> `description`,
 * `invoiceitem.updated` -> `tax.settings.updated`, `location` -> `description`, `adopted` ->
 * `adopted_out`) is listed where it is used, and that code is left as it was.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { ROOT, removeDir, tempDir } from '../../helpers/cli.ts';
import {
  compileProjects,
  createProject,
  generateProjects,
  read,
  reportedLocations,
  migrateProject,
} from './consumer-project.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff', 'renames');

const POSTS = `import { ApiClient, type Post, type User } from '@test/api';
declare const client: ApiClient;

export async function idioms(): Promise<unknown[]> {
  const res = await client.posts.getByIds({ ids: ['1'], 'tweet.fields': ['note_tweet', 'referenced_tweets', 'public_metrics'], expansions: ['referenced_tweets.id'] });
  const first = res.data?.[0];
  const note = first?.note_tweet?.text;
  const refs = first ? first.referenced_tweets : undefined;
  const reposts = first?.public_metrics?.retweet_count;
  const versions = first?.edit_history_tweet_ids;
  const bracket = first?.['note_tweet'];
  const has = first !== undefined && 'note_tweet' in first;
  const included = res.includes?.tweets?.[0]?.note_tweet;
  const out: unknown[] = [note, refs, reposts, versions, bracket, has, included];
  if (first) {
    const { note_tweet, referenced_tweets: referenced } = first;
    out.push(note_tweet, referenced);
  }
  const user = await client.users.getById({ id: '1', 'user.fields': ['pinned_tweet_id', 'public_metrics'] });
  out.push(user.data?.pinned_tweet_id, user.data?.public_metrics?.tweet_count);
  return out;
}

export type Note = Post['note_tweet'];
export type Pinned = User['pinned_tweet_id'];
export const show = ({ note_tweet }: Post): string => note_tweet?.text ?? '';
export const sample: Post = { id: '1', text: 'hi', edit_history_tweet_ids: ['1'], note_tweet: { text: 'long' } };

/** The consumer's own type with the same field name: not the package's, never touched. */
interface Mine {
  note_tweet?: string;
}
export const mine: Mine = { note_tweet: 'x' };
export const own = (m: Mine): string | undefined => m.note_tweet;
`;

const POSTS_LEFT = `
export async function where(): Promise<string | undefined> {
  const user = await client.users.getById({ id: '1', 'user.fields': ['location'] });
  return user.data?.location;
}
`;

const COUPON = `import { ApiClient } from '@test/api';
declare const client: ApiClient;

export async function order(): Promise<unknown> {
  return client.orders.post({ currency: 'usd', coupon: 'SUMMER' });
}
`;

const EVENTS = `import { ApiClient } from '@test/api';
declare const client: ApiClient;

export async function subscribe(): Promise<unknown> {
  return client.webhookEndpoints.post({ url: 'https://example.com/hook', enabled_events: ['charge.succeeded', 'invoiceitem.updated'] });
}
`;

/** test/fixtures/migrate/base.yaml -> enum-value-renamed.yaml: `adopted` -> `adopted_out`, `age` -> `age_years`, words added nowhere else. */
const ADOPTED = `import { ApiClient, type PetStatus } from '@test/api';
declare const client: ApiClient;

export const wanted: PetStatus = 'adopted';

export async function adopted(): Promise<unknown> {
  return client.pets.list({ 'pet.fields': ['age', 'name'], status: 'adopted' });
}
`;

const MIGRATE = join(ROOT, 'test', 'fixtures', 'migrate');
const CASES = [
  {
    name: 'posts',
    code: POSTS + POSTS_LEFT,
    old: join(FIXTURES, 'posts.old.yaml'),
    next: join(FIXTURES, 'posts.new.yaml'),
  },
  {
    name: 'coupon',
    code: COUPON,
    old: join(FIXTURES, 'coupon.old.yaml'),
    next: join(FIXTURES, 'coupon.new.yaml'),
  },
  {
    name: 'events',
    code: EVENTS,
    old: join(FIXTURES, 'events.old.yaml'),
    next: join(FIXTURES, 'events.new.yaml'),
  },
  {
    name: 'adopted',
    code: ADOPTED,
    old: join(MIGRATE, 'base.yaml'),
    next: join(MIGRATE, 'enum-value-renamed.yaml'),
  },
];

// Several packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

let work = '';
test.before(() => {
  work = tempDir('migrate-field-renames');
});
test.after(() => removeDir(work));

test('renames followed in every idiom, look-alikes listed and left as written', async () => {
  const dirs = CASES.map((c) => {
    const dir = join(work, c.name);
    createProject(dir, c.old, {});
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'consumer.ts'), c.code);
    return dir;
  });
  await generateProjects(dirs.map((dir) => ({ dir })));
  const control = compileProjects(dirs);
  for (const dir of dirs) assert.equal(control.get(dir), [], `${dir} compiles against the old package`);
  await generateProjects(CASES.map((c, i) => ({ dir: dirs[i] as string, spec: c.next })));
  const runs = [];
  for (const dir of dirs) runs.push(await migrateProject(dir));
  const after = compileProjects(dirs);
  const [posts, coupon, events, adopted] = dirs as [string, string, string, string];
  const [postsRun, couponRun, eventsRun, adoptedRun] = runs as [
    (typeof runs)[0],
    (typeof runs)[0],
    (typeof runs)[0],
    (typeof runs)[0],
  ];

  // X-like: every read of a renamed field follows it, the user's own type does not; only the look-alike is left.
  const text = read(posts, 'src/consumer.ts');
  for (const expected of [
    "'tweet.fields': ['note_post', 'referenced_posts', 'public_metrics'], expansions: ['referenced_posts.id']",
    'const note = first?.note_post?.text;',
    'first ? first.referenced_posts : undefined',
    'first?.public_metrics?.repost_count',
    'first?.edit_history_post_ids',
    "first?.['note_post']",
    "'note_post' in first",
    'res.includes?.posts?.[0]?.note_post',
    'const { note_post: note_tweet, referenced_posts: referenced } = first;',
    "'user.fields': ['pinned_post_id', 'public_metrics']",
    'user.data?.pinned_post_id, user.data?.public_metrics?.post_count',
    "export type Note = Post['note_post'];",
    "export type Pinned = User['pinned_post_id'];",
    '({ note_post: note_tweet }: Post)',
    "edit_history_post_ids: ['1'], note_post: { text: 'long' } }",
    "export const mine: Mine = { note_tweet: 'x' };",
    'm.note_tweet;',
    "'user.fields': ['location']",
    'return user.data?.location;',
  ]) {
    assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  }
  const postsErrors = (after.get(posts) ?? []).map((e) => e.at);
  const postsListed = reportedLocations(postsRun.out, posts, process.cwd());
  assert.ok(postsErrors.length > 0, 'the look-alike still fails to compile');
  for (const at of postsErrors)
    assert.ok(
      at.startsWith('src/consumer.ts:') && Number(at.split(':')[1]) > POSTS.split('\n').length - 1,
      `only the look-alike is left: ${at}\n${text}`,
    );
  for (const at of postsErrors) assert.ok(postsListed.has(at), `${at} is listed: ${postsRun.text}`);

  // Stripe-like, and a word added to a value: nothing rewritten, the uses listed.
  for (const [dir, run, code] of [
    [coupon, couponRun, COUPON],
    [events, eventsRun, EVENTS],
    [adopted, adoptedRun, ADOPTED],
  ] as const) {
    assert.is(read(dir, 'src/consumer.ts'), code, 'left as written');
    const errors = (after.get(dir) ?? []).map((e) => e.at);
    assert.ok(errors.length > 0, `${dir}: still fails to compile`);
    const listed = reportedLocations(run.out, dir, process.cwd());
    for (const at of errors) assert.ok(listed.has(at), `${at} is listed: ${run.text}`);
    assert.is(run.code, 1, run.text);
  }
});

/** X's renames whose field moves between a `$ref` and an inline type (posts-refs): every side follows. */
const POSTS_REFS = `import { ApiClient } from '@test/api';
declare const client: ApiClient;

export async function reads(): Promise<unknown[]> {
  const res = await client.posts.getByIds({ ids: ['1'], 'tweet.fields': ['note_tweet', 'referenced_tweets', 'edit_history_tweet_ids'], expansions: ['referenced_tweets.id'] });
  const first = res.data?.[0];
  const out: unknown[] = [first?.note_tweet?.text, first?.note_tweet?.entities?.hashtags, first?.referenced_tweets?.[0]?.id, first?.edit_history_tweet_ids];
  out.push(res.includes?.tweets?.[0]?.note_tweet?.text);
  const user = await client.users.getById({ id: '1', 'user.fields': ['pinned_tweet_id', 'most_recent_tweet_id'] });
  out.push(user.data?.pinned_tweet_id, user.data?.most_recent_tweet_id);
  const events = await client.directMessages.getEvents({});
  out.push(events.data?.[0]?.referenced_tweets?.[0]?.id, events.meta?.total_tweet_count);
  return out;
}
`;

/** Stripe 2023-05-01 -> 2023-09-12 in small: Blik's options went, PayPal's came; nothing is a rename. */
const BLIK = `import { ApiClient, type MandateBlik } from '@test/api';
declare const client: ApiClient;

export async function blik(): Promise<unknown> {
  const res = await client.mandates.retrieve({ mandate: 'mandate_1' });
  const h: MandateBlik | undefined = res.payment_method_details.blik;
  await client.setupIntents.create({ payment_method_options: { blik: { code: '1' } } });
  return h;
}
`;

test('X renames across a $ref and an inline type followed on every side; Blik -> PayPal listed, never rewritten', async () => {
  const cases = [
    { name: 'posts-refs', code: POSTS_REFS },
    { name: 'blik', code: BLIK },
  ];
  const dirs = cases.map((c) => {
    const dir = join(work, c.name);
    createProject(dir, join(FIXTURES, `${c.name}.old.yaml`), {});
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'consumer.ts'), c.code);
    return dir;
  });
  await generateProjects(dirs.map((dir) => ({ dir })));
  const control = compileProjects(dirs);
  for (const dir of dirs) assert.equal(control.get(dir), [], `${dir} compiles against the old package`);
  await generateProjects(
    cases.map((c, i) => ({ dir: dirs[i] as string, spec: join(FIXTURES, `${c.name}.new.yaml`) })),
  );
  const runs = [];
  for (const dir of dirs) runs.push(await migrateProject(dir));
  const after = compileProjects(dirs);
  const [posts, blik] = dirs as [string, string];
  const text = read(posts, 'src/consumer.ts');
  for (const expected of [
    "'tweet.fields': ['note_post', 'referenced_posts', 'edit_history_post_ids'], expansions: ['referenced_posts.id']",
    'first?.note_post?.text, first?.note_post?.entities?.hashtags, first?.referenced_posts?.[0]?.id, first?.edit_history_post_ids',
    'res.includes?.posts?.[0]?.note_post?.text',
    "'user.fields': ['pinned_post_id', 'most_recent_post_id']",
    'user.data?.pinned_post_id, user.data?.most_recent_post_id',
    'events.data?.[0]?.referenced_posts?.[0]?.id, events.meta?.total_post_count',
  ])
    assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  assert.equal(after.get(posts), [], `${runs[0]?.text}\n${text}`);
  assert.is(runs[0]?.code, 0, runs[0]?.text);

  assert.is(read(blik, 'src/consumer.ts'), BLIK, 'left as written');
  const errors = (after.get(blik) ?? []).map((e) => e.at);
  assert.ok(errors.length > 0, 'Blik code no longer compiles');
  const listed = reportedLocations(runs[1]?.out ?? [], blik, process.cwd());
  for (const at of errors) assert.ok(listed.has(at), `${at} is listed: ${runs[1]?.text}`);
  assert.is(runs[1]?.code, 1, runs[1]?.text);
});

test.run();
