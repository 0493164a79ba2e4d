import type { ExchangeClient } from '../exchange-client.ts';
import { isExchangeError } from '../exchange-error.ts';
import type { KeyPermissions } from '../key-permission-types.ts';
import { krakenApiKeyInfoSchema } from './kraken-schemas.ts';

/**
 * GetApiKeyInfo lists the key's permissions ("query-funds", "withdraw-funds", "modify-trades"…)
 * and needs none itself. Where Kraken does not offer it to the key, nothing can be told.
 */
export async function readKrakenKeyPermissions(client: ExchangeClient<'kraken'>): Promise<KeyPermissions> {
  try {
    const info = await client.call('GetApiKeyInfo', krakenApiKeyInfoSchema, (kraken) =>
      kraken.privatePostGetApiKeyInfo(),
    );
    const granted = new Set(info.result.permissions);
    return { canWithdraw: granted.has('withdraw-funds'), canTrade: granted.has('modify-trades') };
  } catch (error) {
    if (isExchangeError(error) && error.kind === 'rejected') return { canWithdraw: null, canTrade: null };
    throw error;
  }
}
