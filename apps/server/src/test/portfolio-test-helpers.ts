import type { Transaction } from '@app/contracts';
import type { TestClient } from './test-client.ts';
import { signUp } from './test-client.ts';

/** A signed-in client with helpers for the portfolio routes (tests only). */
export async function portfolioUser(client: TestClient) {
  const { user } = await signUp(client);
  const api = {
    user,
    client,
    async portfolio(
      body: Record<string, unknown> = { name: 'Main' },
    ): Promise<{ id: string; currency: string }> {
      const res = await client.post('/api/v2/portfolios/', body);
      if (res.statusCode !== 201) throw new Error(`portfolio: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async tx(portfolioId: string, body: Record<string, unknown>) {
      return client.post('/api/v2/transactions/', {
        portfolio_id: portfolioId,
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '1',
        price_per_coin: '100',
        fee: '0',
        date: '2024-01-01T00:00:00Z',
        note: '',
        ...body,
      });
    },
    async ok(portfolioId: string, body: Record<string, unknown>): Promise<Transaction> {
      const res = await api.tx(portfolioId, body);
      if (res.statusCode !== 201) throw new Error(`tx: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
  return api;
}
