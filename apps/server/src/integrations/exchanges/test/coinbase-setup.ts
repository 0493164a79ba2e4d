import { loadCcxt } from '../ccxt-library.ts';
import { createExchangeClient, type ExchangeClient, type ExchangeClientOptions } from '../exchange-client.ts';
import type { FakeCoinbase } from './fake-coinbase.ts';

// Clients are built synchronously below; the library they wrap is imported on first use.
await loadCcxt();

/**
 * A real ccxt client on a fake Coinbase. ccxt's throttle is kept on but set to 1 ms: its figure
 * for Coinbase spaces wallet API calls by over a third of a second.
 */
export function coinbaseClient(
  fake: FakeCoinbase,
  overrides: Partial<Omit<ExchangeClientOptions<'coinbase'>, 'exchange'>> = {},
): ExchangeClient<'coinbase'> {
  return createExchangeClient({
    exchange: 'coinbase',
    apiKey: fake.key.apiKey,
    secret: fake.key.secret,
    baseUrl: fake.url,
    rateLimitMs: 1,
    timeoutMs: 3000,
    ...overrides,
  });
}
