import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { render } from '@/test/testing-library';

/** A fresh query client per test, with retries off so failures show at once. */
export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export const btcDetail = {
  projection: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'BTC Position',
    description: null,
    coin_id: 'bitcoin',
    coin_name: 'Bitcoin',
    coin_symbol: 'btc',
    coin_image: '',
    invested_capital: '10000',
    tokens_owned: '2',
    circulating_supply: '20000000',
    sell_tax: '20',
    currency: 'usd' as const,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  transactions: [],
  market: {
    current_price: 100000,
    ath: 125000,
    ath_date: null,
    market_cap: null,
    circulating_supply: 20000000,
  },
  figures: {
    remaining_tokens: '2',
    total_coins_sold: '0',
    total_gross: '0',
    total_fees: '0',
    total_tax: '0',
    total_cash_out: '0',
    average_sell_price: null,
    profit: '-10000',
    roi_multiple: '0',
    rows: [],
  },
};

type HappyWindow = Window & { happyDOM?: { setViewport(size: { width: number; height: number }): void } };

/** The window size media queries see (happy-dom evaluates them against it). */
export function setViewport(width: number, height = 800): void {
  const happy = (window as HappyWindow).happyDOM;
  if (happy === undefined) throw new Error('component tests run in happy-dom');
  happy.setViewport({ width, height });
}

/**
 * happy-dom lays nothing out (every size is 0), so a virtualised list would show no row.
 * This gives the sell table's scroller a height and each mounted row or card a height,
 * as a browser would, and returns the undo. (The cards scroll with the window, whose
 * height is the viewport's: see setViewport.)
 */
export function simulateSellLayout({ viewport, row }: { viewport: number; row: number }): () => void {
  const proto = HTMLElement.prototype;
  const saved = ['clientHeight', 'clientWidth', 'offsetHeight'].map(
    (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
  );
  const isScroller = (el: HTMLElement) => el.dataset.testid === 'sell-table-scroller';
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? viewport : 0;
    },
  });
  Object.defineProperty(proto, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? 1000 : 0;
    },
  });
  Object.defineProperty(proto, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.index === undefined ? 0 : row;
    },
  });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor === undefined) Reflect.deleteProperty(proto, key);
      else Object.defineProperty(proto, key, descriptor);
    }
  };
}
