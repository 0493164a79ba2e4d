import { decimalAdd, isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import type { ExchangeBalance } from '../exchange-records.ts';
import { coinbaseCode } from './coinbase-products.ts';
import { type CoinbaseAccountJson, coinbaseAccountsSchema } from './coinbase-schemas.ts';

/** The most Advanced Trade lists per request. */
export const coinbaseAccountPageSize = 250;

/** Every wallet of the key's portfolio, paged with `cursor` while `has_next`. */
export async function readCoinbaseAccounts(
  client: ExchangeClient<'coinbase'>,
): Promise<CoinbaseAccountJson[]> {
  const accounts: CoinbaseAccountJson[] = [];
  let cursor: string | undefined;
  for (;;) {
    const params: Record<string, string | number> = { limit: coinbaseAccountPageSize };
    if (cursor !== undefined) params.cursor = cursor;
    const page = await client.call('brokerage/accounts', coinbaseAccountsSchema, (coinbase) =>
      coinbase.v3PrivateGetBrokerageAccounts(params),
    );
    accounts.push(...page.accounts);
    if (!page.has_next || page.cursor === '' || page.accounts.length === 0) return accounts;
    cursor = page.cursor;
  }
}

/** What the wallets hold per currency: available plus what open orders hold, zero balances left out. */
export function coinbaseBalancesOf(
  client: ExchangeClient<'coinbase'>,
  accounts: CoinbaseAccountJson[],
): ExchangeBalance[] {
  const totals = new Map<string, string>();
  for (const account of accounts) {
    const total = decimalAdd(account.available_balance.value, account.hold?.value ?? '0');
    if (isZero(total)) continue;
    const code = coinbaseCode(client, account.currency);
    totals.set(code, decimalAdd(totals.get(code) ?? '0', total));
  }
  const balances = [...totals].map(([currency, total]) => ({ currency, total }));
  return balances.sort((a, b) => (a.currency < b.currency ? -1 : 1));
}
