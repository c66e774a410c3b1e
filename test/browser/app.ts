/**
 * The browser program of browser.test.ts: bundled with esbuild, loaded by headless Chromium from the
 * test's loopback server, which also plays the API. Each step records what it saw in
 * `window.__results`; the test asserts them.
 */
import { ApiError, CoreClient } from '../../generated/core-v2/src/index.ts';
import { AdsClient, uploadAudienceUsers } from '../../generated/ads-v12/src/index.ts';
import { BROWSER_SECRETS, type BrowserResults, type StepResult } from './secrets.ts';

declare global {
  interface Window {
    __results?: BrowserResults;
  }
}

async function step(
  results: Record<string, StepResult>,
  name: string,
  body: () => Promise<Record<string, unknown>>,
): Promise<void> {
  try {
    results[name] = { ok: true, ...(await body()) };
  } catch (error) {
    const e = error as Error;
    results[name] = { ok: false, error: `${e?.name}: ${e?.message}` };
  }
}

async function main(): Promise<void> {
  const origin = window.location.origin;
  const results: Record<string, StepResult> = {};
  const core = new CoreClient({
    baseUrl: origin,
    auth: { bearerToken: BROWSER_SECRETS.bearerToken },
    maxRetries: 0,
  });
  const ads = new AdsClient({
    baseUrl: origin,
    sandboxBaseUrl: origin,
    auth: { oauth1: BROWSER_SECRETS.oauth1 },
    maxRetries: 0,
  });

  await step(results, 'bearer', async () => {
    const posts = await core.tweets.getPostsByIds({
      ids: ['1346889436626259968', '1293593516040269825'],
      'tweet.fields': ['created_at'],
    });
    return { ids: (posts.data ?? []).map((p) => p.id), createdAt: posts.data?.[0]?.created_at };
  });

  await step(results, 'oauth1', async () => {
    // PUT with a form body: the signature covers the query, the form fields and the path.
    const account = await ads.accounts.update({
      account_id: '18ce54d4x5t',
      name: 'Café & Co. (ünïcode)',
      industry_type: 'RETAIL',
    });
    return { name: account.data.name, industry: account.data.industry_type };
  });

  await step(results, 'pagination', async () => {
    const ids: string[] = [];
    for await (const post of core.users.getPosts({ id: '2244994945', max_results: 5 })) ids.push(post.id);
    return { ids };
  });

  await step(results, 'audience', async () => {
    const users = [
      { email: ['  Jane.Doe@Example.COM '], partner_user_id: ['crm-1'] },
      { email: ['john@example.com'], handle: ['@JohnX'] },
      { phone_number: ['+1 (555) 010-9999'] },
    ];
    const upload = await uploadAudienceUsers(ads, {
      account_id: '18ce54d4x5t',
      custom_audience_id: '2906h',
      operation_type: 'Update',
      users,
    });
    return { users: upload.users, batches: upload.batches.length };
  });

  await step(results, 'problem', async () => {
    try {
      await core.news.get({ id: '1922474542427246592' });
      return { narrowed: false, reason: 'no error thrown' };
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.problem?.type === 'https://api.twitter.com/2/problems/resource-not-found'
      ) {
        // Narrowed: resource_id and parameter exist only on this problem variant.
        return {
          narrowed: true,
          status: error.status,
          resourceId: error.problem.resource_id,
          parameter: error.problem.parameter,
        };
      }
      return { narrowed: false, reason: String(error) };
    }
  });

  // Redirects, which the browser follows itself: within the origin the bearer token goes along; to
  // another origin (the test's second server) the browser drops it.
  await step(results, 'redirectSameOrigin', async () => {
    const posts = await core.tweets.getPostsByIds({ ids: ['7001'] });
    return { ids: (posts.data ?? []).map((p) => p.id) };
  });

  await step(results, 'redirectOtherOrigin', async () => {
    const posts = await core.tweets.getPostsByIds({ ids: ['8001'] });
    return { ids: (posts.data ?? []).map((p) => p.id) };
  });

  results.done = {
    ok: true,
    userAgent: navigator.userAgent,
    webCrypto: typeof crypto?.subtle?.digest === 'function',
    secureContext: window.isSecureContext,
  };
  window.__results = results;
}

void main();
