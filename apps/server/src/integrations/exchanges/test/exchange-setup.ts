import { loadCcxt } from '../ccxt-library.ts';
import { createExchangeClient, type ExchangeClient, type ExchangeClientOptions } from '../exchange-client.ts';
import { type ExchangeError, isExchangeError } from '../exchange-error.ts';
import type { ExchangeCursor, ExchangeHistory, HistoryBatch } from '../exchange-history.ts';
import type { FakeBinance } from './fake-binance.ts';
import type { FakeKraken } from './fake-kraken.ts';

// Clients are built synchronously below; the library they wrap is imported on first use.
await loadCcxt();

type Overrides<E extends 'kraken' | 'binance'> = Partial<Omit<ExchangeClientOptions<E>, 'exchange'>>;

/**
 * A real ccxt client on a fake exchange. ccxt's throttle is kept on but set to 1 ms, so a test of
 * a few hundred pages does not wait out Kraken's real six seconds per history call.
 */
export function krakenClient(
  fake: FakeKraken,
  overrides: Overrides<'kraken'> = {},
): ExchangeClient<'kraken'> {
  return createExchangeClient({
    exchange: 'kraken',
    apiKey: fake.key.apiKey,
    secret: fake.key.secret,
    baseUrl: fake.url,
    rateLimitMs: 1,
    timeoutMs: 3000,
    ...overrides,
  });
}

export function binanceClient(
  fake: FakeBinance,
  overrides: Overrides<'binance'> = {},
): ExchangeClient<'binance'> {
  return createExchangeClient({
    exchange: 'binance',
    apiKey: fake.key.apiKey,
    secret: fake.key.secret,
    baseUrl: fake.url,
    rateLimitMs: 1,
    timeoutMs: 3000,
    ...overrides,
  });
}

/** The ExchangeError a call failed with; anything else (or success) fails the test. */
export async function exchangeFailure(promise: Promise<unknown>): Promise<ExchangeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isExchangeError(error)) throw new Error(`expected an ExchangeError, got ${String(error)}`);
  return error;
}

/** Collects what onProgress handed out, as a caller storing each batch would have it. */
export function progressLog(): {
  batches: HistoryBatch[];
  onProgress: (batch: HistoryBatch) => void;
  lastCursor: () => ExchangeCursor | null;
} {
  const batches: HistoryBatch[] = [];
  return {
    batches,
    onProgress: (batch) => {
      batches.push(structuredClone(batch));
    },
    lastCursor: () => batches.at(-1)?.cursor ?? null,
  };
}

/** Ids of what a read handed out, to compare reads and find doubles. */
export function idsOf(history: Pick<ExchangeHistory, 'trades' | 'movements'>): string[] {
  return [
    ...history.trades.map((t) => `trade:${t.market}:${t.id}`),
    ...history.movements.map((m) => `movement:${m.id}`),
  ];
}
