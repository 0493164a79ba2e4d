import { readBinanceHistory } from './binance/binance-history.ts';
import { readCoinbaseHistory } from './coinbase/coinbase-history.ts';
import { type ExchangeClient, isClientOf } from './exchange-client.ts';
import { emptyExchangeCursor, parseExchangeCursor } from './exchange-cursor.ts';
import type { ExchangeCursor, ExchangeHistory, ReadHistoryOptions } from './exchange-history.ts';
import type { HistoryExchangeId } from './exchange-names.ts';
import { readKrakenHistory } from './kraken/kraken-history.ts';

/**
 * Everything new in the account since `cursor` (null: the whole history), with the cursor to pass
 * next time. A second read with that cursor returns no trades or movements unless the account
 * changed. Failures are ExchangeErrors; records already passed to `onProgress` stay valid with the
 * cursor they came with.
 */
export function readExchangeHistory(
  client: ExchangeClient<HistoryExchangeId>,
  cursor: ExchangeCursor | null,
  options: ReadHistoryOptions = {},
): Promise<ExchangeHistory> {
  const from = cursor === null ? emptyExchangeCursor(client.exchange) : parseExchangeCursor(cursor);
  if (from.exchange !== client.exchange) {
    throw new Error(`a ${from.exchange} cursor cannot continue a ${client.exchange} read`);
  }
  if (isClientOf(client, 'kraken') && from.exchange === 'kraken')
    return readKrakenHistory(client, from, options);
  if (isClientOf(client, 'binance') && from.exchange === 'binance')
    return readBinanceHistory(client, from, options);
  if (isClientOf(client, 'coinbase') && from.exchange === 'coinbase')
    return readCoinbaseHistory(client, from, options);
  throw new Error(`no history reader for ${client.exchange}`);
}
