import type { ExchangeClient } from '../exchange-client.ts';
import type { KeyPermissions } from '../key-permission-types.ts';
import { binanceApiRestrictionsSchema } from './binance-schemas.ts';

/**
 * account/apiRestrictions describes the key itself (account/account's canTrade and canWithdraw
 * describe the account). Funds leave through withdrawals and through internal transfers to
 * sub-accounts; orders through spot, margin, futures and options trading.
 */
export async function readBinanceKeyPermissions(client: ExchangeClient<'binance'>): Promise<KeyPermissions> {
  const key = await client.call('account/apiRestrictions', binanceApiRestrictionsSchema, (binance) =>
    binance.sapiGetAccountApiRestrictions(),
  );
  return {
    canWithdraw: key.enableWithdrawals || key.enableInternalTransfer === true,
    canTrade:
      key.enableSpotAndMarginTrading ||
      key.enableMargin === true ||
      key.enableFutures === true ||
      key.enableVanillaOptions === true ||
      key.enablePortfolioMarginTrading === true,
  };
}
