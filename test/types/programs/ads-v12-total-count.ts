// `with_total_count: true` adds `total_count` (`x-adds-field`): the ads package's one request-selected field.
// Every `@ts-expect-error` line must stay an error.
import { AdsClient } from '../../../generated/ads-v12/dist/index.js';
const client = new AdsClient({ auth: { oauth1: { consumerKey: 'k', consumerSecret: 's' } } });
export async function main(): Promise<void> {
  const a = await client.accounts.list({ with_total_count: true });
  const n: number = a.total_count;
  const b = await client.accounts.list({});
  // @ts-expect-error -- not asked for: absent
  void b.total_count;
  const c = await client.accounts.list();
  // @ts-expect-error -- not asked for: absent
  void c.total_count;
  const flag: boolean = Math.random() > 0.5;
  const d = await client.accounts.list({ with_total_count: flag });
  const m: number | undefined = d.total_count;
  for await (const acc of client.accounts.list({ with_total_count: true })) void acc.id;
  const e = await client.call('listAccounts', { with_total_count: true });
  const o: number = e.total_count;
  void [n, m, o];
}

export async function withFunctionsAndPages(): Promise<void> {
  const first = await client.accounts.list({ with_total_count: true, count: 10 });
  const total: number = first.total_count;
  // @ts-expect-error -- a key listAccounts does not have
  await client.accounts.list({ with_total_cuont: true });
  void total;
}
