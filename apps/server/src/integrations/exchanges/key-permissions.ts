import { readBinanceKeyPermissions } from './binance/binance-permissions.ts';
import { readCoinbaseKeyPermissions } from './coinbase/coinbase-permissions.ts';
import { type ExchangeClient, isClientOf } from './exchange-client.ts';
import type { HistoryExchangeId } from './exchange-names.ts';
import type { KeyPermissions } from './key-permission-types.ts';
import { readKrakenKeyPermissions } from './kraken/kraken-permissions.ts';

export type { KeyPermissions } from './key-permission-types.ts';

export function readKeyPermissions(client: ExchangeClient<HistoryExchangeId>): Promise<KeyPermissions> {
  if (isClientOf(client, 'kraken')) return readKrakenKeyPermissions(client);
  if (isClientOf(client, 'binance')) return readBinanceKeyPermissions(client);
  if (isClientOf(client, 'coinbase')) return readCoinbaseKeyPermissions(client);
  throw new Error(`no key permission reader for ${client.exchange}`);
}
