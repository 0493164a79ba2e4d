import type { ExchangeClient } from '../exchange-client.ts';
import type { KeyPermissions } from '../key-permission-types.ts';
import { teachCoinbaseErrorCodes } from './coinbase-error-codes.ts';
import { coinbaseKeyPermissionsSchema } from './coinbase-schemas.ts';

/**
 * key_permissions describes the CDP key itself and needs no permission: `can_transfer` lets it
 * send funds out (and in), `can_trade` place and cancel orders.
 */
export async function readCoinbaseKeyPermissions(
  client: ExchangeClient<'coinbase'>,
): Promise<KeyPermissions> {
  teachCoinbaseErrorCodes(client);
  const key = await client.call('brokerage/key_permissions', coinbaseKeyPermissionsSchema, (coinbase) =>
    coinbase.v3PrivateGetBrokerageKeyPermissions(),
  );
  return { canWithdraw: key.can_transfer, canTrade: key.can_trade };
}
