import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A minimal CoinGecko v3 on 127.0.0.1 for the live-mode journey: the recorded response bodies
 * the server suite's fake serves (read as data files, not imported), so the app server started
 * against it goes live exactly as it would against the real API.
 */
const fixtures = fileURLToPath(
  new URL('../../../server/src/integrations/market-data/coingecko/fixtures/', import.meta.url),
);
const body = (name: string) => readFileSync(`${fixtures}${name}`, 'utf8');

function answer(url: URL): string | null {
  const path = url.pathname.replace(/^\/api\/v3/, '');
  if (path === '/coins/markets') return url.searchParams.has('category') ? '[]' : body('coins-markets.json');
  if (path === '/exchange_rates') return body('exchange-rates.json');
  if (path === '/global') return body('global.json');
  if (path === '/search/trending') return body('search-trending.json');
  if (path === '/search') return body('search.json');
  const coin = /^\/coins\/(bitcoin|ethereum|tether)(\/market_chart|\/ohlc)?$/.exec(path);
  if (!coin) return null;
  if (coin[2] === '/market_chart') return body('market-chart.json');
  if (coin[2] === '/ohlc') return body('ohlc.json');
  return body('coins-id.json');
}

export async function startFakeCoinGecko(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const text = answer(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(text === null ? 404 : 200, { 'content-type': 'application/json' });
    res.end(text ?? JSON.stringify({ error: 'coin not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
