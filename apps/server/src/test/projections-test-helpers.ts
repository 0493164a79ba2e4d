import { type Projection, projectionSchema } from '@app/contracts';
import type { TestClient } from './test-client.ts';

export const base = '/api/v2/projections/exit-strategy/';

export const btcPayload = {
  name: 'BTC Position',
  coin_id: 'bitcoin',
  coin_name: 'Bitcoin',
  coin_symbol: 'btc',
  coin_image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
  invested_capital: '10000',
  tokens_owned: '2',
  sell_tax: '20',
};

export async function createProjection(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<Projection> {
  const res = await client.post(base, { ...btcPayload, ...overrides });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return projectionSchema.parse(res.json());
}

/** Three rungs; the last asks for more than remains (sold = min(coins, remaining)). */
export const threeRungs = [
  {
    coins_sold: '0.5',
    price_per_coin: '120000',
    fees_percentage: '0.1',
    price_impact_percentage: '0',
    transaction_order: 1,
  },
  {
    coins_sold: '0.75',
    price_per_coin: '150000',
    fees_percentage: '0.1',
    price_impact_percentage: '1',
    transaction_order: 2,
  },
  { coins_sold: '1', price_per_coin: '200000', transaction_order: 3 },
];
