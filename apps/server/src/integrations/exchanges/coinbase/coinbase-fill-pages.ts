import type { ExchangeClient } from '../exchange-client.ts';
import { ExchangeError } from '../exchange-error.ts';
import type { CoinbaseFillsCursor } from './coinbase-cursor.ts';
import { type CoinbaseFillJson, coinbaseFillsSchema } from './coinbase-schemas.ts';
import { sortableFromMs, sortableTime } from './coinbase-time.ts';

/** ccxt's own page size for fills when it pages them itself. */
export const coinbaseFillPageSize = 250;
const boundaryMs = 1;

/**
 * The fills recorded after the cursor and up to `end` (ISO 8601, ms), newest first, a page at a
 * time, each page with the cursor that includes it. Fills already handed out near a bound are
 * left out of the pages.
 */
export async function* coinbaseFillPages(
  client: ExchangeClient<'coinbase'>,
  cursor: CoinbaseFillsCursor,
  end: string,
): AsyncGenerator<{ fills: CoinbaseFillJson[]; cursor: CoinbaseFillsCursor }> {
  const window =
    cursor.window ??
    (cursor.through !== null && Date.parse(cursor.through) >= Date.parse(end) ? null : { end });
  if (window === null) return;
  const windowEnd = Date.parse(window.end);
  const last = sortableFromMs(windowEnd);
  const nearEnd = sortableFromMs(windowEnd - boundaryMs);
  const nearBounds = new Map(cursor.nearBounds);
  let page = 'page' in window ? window.page : undefined;

  for (;;) {
    const params: Record<string, string | number> = {
      limit: coinbaseFillPageSize,
      end_sequence_timestamp: window.end,
    };
    if (cursor.through !== null) {
      params.start_sequence_timestamp = new Date(Date.parse(cursor.through) - boundaryMs).toISOString();
    }
    if (page !== undefined) params.cursor = page;
    const answer = await client.call('orders/historical/fills', coinbaseFillsSchema, (coinbase) =>
      coinbase.v3PrivateGetBrokerageOrdersHistoricalFills(params),
    );
    const fresh: CoinbaseFillJson[] = [];
    for (const fill of answer.fills) {
      const at = sortableTime(fill.sequence_timestamp);
      if (at > last) {
        throw new ExchangeError({
          kind: 'malformed',
          message: `Coinbase answered the fills up to ${window.end} with one recorded later, at ${fill.sequence_timestamp}.`,
          exchange: 'coinbase',
          endpoint: 'orders/historical/fills',
        });
      }
      if (nearBounds.has(fill.trade_id)) continue;
      fresh.push(fill);
      if (at >= nearEnd) nearBounds.set(fill.trade_id, at);
    }
    const done = answer.cursor === '' || answer.fills.length === 0;
    const next: CoinbaseFillsCursor = done
      ? {
          through: window.end,
          nearBounds: [...nearBounds].filter(([, at]) => at >= nearEnd),
        }
      : {
          through: cursor.through,
          window: { end: window.end, page: answer.cursor },
          nearBounds: [...nearBounds],
        };
    yield { fills: fresh, cursor: next };
    if (done) return;
    page = answer.cursor;
  }
}
